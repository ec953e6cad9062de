import { z } from 'zod';

/** A route's PDF answer: the bytes go as they are; the schema says so in the OpenAPI document. */
export const pdfResponse = (description: string) => ({
  description,
  content: {
    'application/pdf': { schema: z.custom<Buffer>(Buffer.isBuffer).meta({ type: 'string', format: 'binary' }) },
  },
});
