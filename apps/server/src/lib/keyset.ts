import { badRequest } from './errors.js';

/**
 * Keyset-paging cursors: the last row's (sort value, id), opaque to the client
 * (base64url of a JSON pair). A cursor that does not decode is a 400.
 */
export function encodeKeyset(sortValue: number, id: number): string {
  return Buffer.from(JSON.stringify([sortValue, id])).toString('base64url');
}

export function decodeKeyset(cursor: string, message = 'El cursor no es válido.'): { sortValue: number; id: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      (value[1] as number) > 0
    ) {
      return { sortValue: value[0] as number, id: value[1] as number };
    }
  } catch {
    // not base64url JSON: refused below
  }
  throw badRequest(message);
}
