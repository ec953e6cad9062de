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
