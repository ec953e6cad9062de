import type { Role } from '@mostrador/shared';
import type { FastifyRequest } from 'fastify';

/** Who is acting: the signed-in user (the seller on a sale), as inventory logs and payments record them. */
export interface Actor {
  id: number;
  name: string;
  /** Known for a signed-in request (an over-limit credit sale needs an Admin or Manager). */
  role?: Role;
}

export const actorOf = (request: FastifyRequest): Actor => ({
  id: request.user.id,
  name: request.user.name,
  role: request.user.role,
});
