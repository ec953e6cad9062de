import type { MultipartFile } from '@fastify/multipart';
import { PRODUCT_MESSAGES } from '@mostrador/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.js';
import type { ImageUpload } from './images.js';

const BROKEN_FORM = 'El formulario enviado está incompleto o mal formado.';

/** Reads an uploaded file into memory (the parser stops at 5 MB); an empty file input is no file. */
async function readFile(part: MultipartFile): Promise<ImageUpload | undefined> {
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', PRODUCT_MESSAGES.imageSize);
    }
    throw error;
  }
  if (data.length === 0 && !part.filename) return undefined;
  return { filename: part.filename, mimetype: part.mimetype, data };
}

/**
 * Turns a multipart/form-data create or edit into the body the validator checks: text fields as
 * strings, a file as an ImageUpload, a field sent twice as an array (which validation refuses).
 * Only the parser can fail while the form is read: @fastify/multipart's own errors carry a
 * status (its limits answer 413), the parser underneath (busboy) throws plain errors on a broken
 * form (no boundary, a truncated body, a malformed part header), which are the sender's fault.
 */
export async function readImageForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      const value = part.type === 'file' ? await readFile(part) : part.value;
      if (value === undefined) continue;
      const earlier = body[part.fieldname];
      body[part.fieldname] = earlier === undefined ? value : [earlier, value].flat();
    }
  } catch (error) {
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw badRequest(BROKEN_FORM);
  }
  request.body = body;
}
