import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '../lib/errors.js';

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

// The multipart parser (busboy) throws plain errors on a broken form.
const BROKEN_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|Boundary required|Malformed part header|Unsupported Content-Type|Missing Content-Type-header)/;

// PostgreSQL refusing a value (e.g. a NUL character in text) that validation let through.
const INVALID_VALUE_CODES = new Set(['22021', '22P05', '22001', '22003']);

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

// zod's own (locale) messages and our size limit do not say which field they are about.
const GENERIC_MESSAGE =
  /^(Entrada inválida|Opción inválida|Demasiado (grande|pequeño)|Cadena inválida|Inválido|Número inválido|Llaves? |Valor inválido|Máximo \d+ caracteres)/;

/**
 * The first problem, for the user. Our schemas' messages name their field in words and are kept
 * exactly as the spec writes them ('La fecha es obligatoria.'); generic messages get the field's
 * path in front ("items.0.price: Entrada inválida…") so the user knows what to fix.
 */
export function describeValidation(issues: ValidationIssue[]): string {
  const issue = issues[0];
  if (!issue) return 'Solicitud inválida.';
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
    return `Campo no permitido: ${(issue.params.keys as string[]).join(', ')}`;
  }
  const message = issue.message || 'Valor inválido';
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field && GENERIC_MESSAGE.test(message) ? `${field}: ${message}` : message;
}

function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message, error: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ message: describeValidation(error.validation), error: 'VALIDATION_ERROR' });
    }
    if (error.code && CONSTRAINT_CODES.has(error.code)) {
      request.log.warn({ err: error }, 'constraint violation');
      return reply.status(409).send({
        message: 'La operación no se pudo completar porque entra en conflicto con los datos actuales.',
        error: 'CONFLICT',
      });
    }
    if (error.statusCode === undefined && BROKEN_MULTIPART.test(error.message)) {
      return reply
        .status(400)
        .send({ message: 'El formulario enviado está incompleto o mal formado.', error: 'VALIDATION_ERROR' });
    }
    if (error.code && INVALID_VALUE_CODES.has(error.code)) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send({ message: 'Un valor enviado no es válido.', error: 'VALIDATION_ERROR' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        message: CLIENT_ERRORS[error.code] ?? 'Solicitud inválida.',
        error: STATUS_CODES[status] ?? 'VALIDATION_ERROR',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      message: 'Ocurrió un error inesperado en el servidor. Inténtalo de nuevo.',
      error: 'INTERNAL',
    });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
