import { AppError } from './errors.js';

/**
 * The Spanish 429 of the public routes' per-address limits (@fastify/rate-limit's
 * errorResponseBuilder): how long to wait, in whole minutes.
 */
export const tooManyRequests = (_request: unknown, context: { ttl: number }) => {
  const minutes = Math.max(1, Math.ceil(context.ttl / 60_000));
  return new AppError(
    429,
    'RATE_LIMITED',
    `Demasiadas consultas seguidas desde esta conexión. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  );
};
