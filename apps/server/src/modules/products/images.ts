import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { IMAGE_MIME_TYPES, PRODUCT_MESSAGES } from '@mostrador/shared';
import { badRequest } from '../../lib/errors.js';

/** A file received in the multipart field `image`, already read into memory (at most 5 MB). */
export interface ImageUpload {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export function isImageUpload(value: unknown): value is ImageUpload {
  return (
    typeof value === 'object' &&
    value !== null &&
    Buffer.isBuffer((value as ImageUpload).data) &&
    typeof (value as ImageUpload).mimetype === 'string'
  );
}

type ImageKind = 'jpg' | 'png' | 'webp';

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((byte, i) => data[at + i] === byte);

/** What the bytes are, whatever the browser declared. */
export function detectImageKind(data: Buffer): ImageKind | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Checks an upload: declared as JPEG/PNG/WebP and really one of them (400 otherwise). */
export function checkImage(upload: ImageUpload): ImageKind {
  const kind = detectImageKind(upload.data);
  if (!kind || !(IMAGE_MIME_TYPES as readonly string[]).includes(upload.mimetype)) {
    throw badRequest(PRODUCT_MESSAGES.imageType);
  }
  return kind;
}

/** Writes the image under a random name and returns that name (served at /uploads/<name>). */
export async function storeImage(uploadDir: string, upload: ImageUpload, kind: ImageKind): Promise<string> {
  const dir = resolve(uploadDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${kind}`;
  await writeFile(join(dir, name), upload.data, { flag: 'wx' });
  return name;
}

/** Best effort: a leftover file is harmless, a failed request because of it is not. */
export async function deleteImage(uploadDir: string, name: string | null | undefined): Promise<void> {
  if (!name || name.includes('/') || name.includes('\\')) return;
  await rm(join(resolve(uploadDir), name), { force: true }).catch(() => undefined);
}

export const imageUrlOf = (name: string | null) => (name ? `/uploads/${name}` : null);
