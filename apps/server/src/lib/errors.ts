import type { ErrorCode } from '@mostrador/shared';

// The one error type of the server: a status code, a Spanish message for the user and a code.

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, 'VALIDATION_ERROR', message);
export const unauthorized = (message = 'Sesión inválida o expirada. Inicia sesión de nuevo.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'No tienes permiso para realizar esta acción.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const gone = (message: string) => new AppError(410, 'GONE', message);
