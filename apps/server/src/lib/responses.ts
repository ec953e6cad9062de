import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';

/** A route's file answer: the bytes go as they are; the schema says so in the OpenAPI document. */
export const fileResponse = (description: string, ...mimeTypes: string[]) => ({
  description,
  content: Object.fromEntries(
    mimeTypes.map((mime) => [
      mime,
      {
        schema: z
          .custom<Buffer | Readable>((v) => Buffer.isBuffer(v) || v instanceof Readable)
          .meta({ type: 'string', format: 'binary' }),
      },
    ]),
  ),
});

export const pdfResponse = (description: string) => fileResponse(description, 'application/pdf');

/**
 * Sends a file: shown in the browser (`inline`: PDFs) or saved (`attachment`), never kept by a
 * cache (it holds the shop's data).
 */
export function sendFile(
  reply: FastifyReply,
  file: { type: string; disposition: 'inline' | 'attachment'; name: string; data: Buffer | Readable | string },
) {
  return reply
    .type(file.type)
    .header('content-disposition', `${file.disposition}; filename="${file.name}"`)
    .header('cache-control', 'private, no-store')
    .send(file.data);
}
