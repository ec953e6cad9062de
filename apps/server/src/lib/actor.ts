import type { FastifyRequest } from 'fastify';

/** Who is acting: the signed-in user (the seller on a sale), as inventory logs and payments record them. */
export interface Actor {
  id: number;
  name: string;
}

export const actorOf = (request: FastifyRequest): Actor => ({ id: request.user.id, name: request.user.name });
