import type { ErrorCode, ErrorResponse } from '@mostrador/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la solicitud no es JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La solicitud es demasiado grande.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no soportado.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud del contenido no es válida.',
  FST_REQ_FILE_TOO_LARGE: 'El archivo es demasiado grande.',
  FST_FILES_LIMIT: 'Se enviaron demasiados archivos.',
  FST_FIELDS_LIMIT: 'Se enviaron demasiados campos.',
  FST_PARTS_LIMIT: 'La solicitud tiene demasiadas partes.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'La solicitud debe ser multipart/form-data.',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

// SQLite and PostgreSQL constraint failures that got past the services' own checks.
const CONSTRAINT_CODES = new Set([
  'SQLITE_CONSTRAINT_CHECK',
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
  'SQLITE_CONSTRAINT_FOREIGNKEY',
  'SQLITE_CONSTRAINT_NOTNULL',
  '23505',
  '23514',
  '23503',
  '23502',
]);

// PostgreSQL refusing a value (e.g. a NUL character in text) that validation let through.
const INVALID_VALUE_CODES = new Set(['22021', '22P05', '22001', '22003']);

// The database cannot take the request right now (busy past its wait, disk full, read-only,
// unreachable): nothing was written, and trying again later may work, so 503, not 500.
const UNAVAILABLE_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_FULL',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  '53100', // disk_full
  '53200', // out_of_memory
  '53300', // too_many_connections
  '25006', // read_only_sql_transaction
  '57P03', // cannot_connect_now
  '08001',
  '08006',
  'ECONNREFUSED',
]);
const DATABASE_UNAVAILABLE =
  'La base de datos no puede guardar cambios en este momento (ocupada, llena o de solo lectura). No se guardó nada; inténtalo de nuevo en unos minutos.';

/** better-sqlite3 extends its codes (SQLITE_READONLY_DBMOVED, SQLITE_IOERR_WRITE…): the base code decides. */
function isDatabaseUnavailable(code: string | undefined): boolean {
  if (!code) return false;
  return UNAVAILABLE_CODES.has(code) || UNAVAILABLE_CODES.has(code.replace(/^(SQLITE_[A-Z]+)_.*$/, '$1'));
}

/** Every error answer of the API: a Spanish message, a code and the request's id. */
function sendError(request: FastifyRequest, reply: FastifyReply, status: number, error: ErrorCode, message: string) {
  return reply.status(status).send({ message, error, requestId: request.id } satisfies ErrorResponse);
}

function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendError(request, reply, error.statusCode, error.code, error.message);
    }
    if (error.code && CONSTRAINT_CODES.has(error.code)) {
      request.log.warn({ err: error }, 'constraint violation');
      const message = 'La operación no se pudo completar porque entra en conflicto con los datos actuales.';
      return sendError(request, reply, 409, 'CONFLICT', message);
    }
    if (isDatabaseUnavailable(error.code)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', '30');
      return sendError(request, reply, 503, 'SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE);
    }
    if (error.code && INVALID_VALUE_CODES.has(error.code)) {
      request.log.warn({ err: error }, 'value refused by the database');
      return sendError(request, reply, 400, 'VALIDATION_ERROR', 'Un valor enviado no es válido.');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = CLIENT_ERRORS[error.code] ?? 'Solicitud inválida.';
      return sendError(request, reply, status, STATUS_CODES[status] ?? 'VALIDATION_ERROR', message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      request,
      reply,
      500,
      'INTERNAL',
      'Ocurrió un error inesperado en el servidor. Inténtalo de nuevo.',
    );
  });
}

export default fp(errorsPlugin, { name: 'errors' });
