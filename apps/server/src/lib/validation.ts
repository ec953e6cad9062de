import type { FastifySchemaCompiler } from 'fastify';
import { type $ZodErrorMap, type $ZodType, config, safeParse } from 'zod/v4/core';
import { badRequest } from './errors.js';

const textOf = (message: ReturnType<$ZodErrorMap>) => (typeof message === 'string' ? message : message?.message);

/**
 * The message of an issue our schemas leave without one of their own. zod only asks this map
 * after the schema's own message, so the schemas' texts ('La fecha es obligatoria.') reach the
 * user exactly as written; what comes from here is zod's Spanish locale or the shared "Máximo N
 * caracteres.", which do not say which field they are about, so the field's path goes in front
 * ("items.0.price: Entrada inválida…").
 */
const describeUnownedIssue: $ZodErrorMap = (issue) => {
  if (issue.code === 'unrecognized_keys') return `Campo no permitido: ${issue.keys.join(', ')}`;
  const { customError, localeError } = config();
  const message = textOf(customError?.(issue)) ?? textOf(localeError?.(issue)) ?? 'Valor inválido.';
  const field = (issue.path ?? []).map(String).join('.');
  return field ? `${field}: ${message}` : message;
};

/**
 * Validates a request part (body, query, params) against its zod schema. The first problem
 * becomes the 400 the user sees, as an AppError like any other refusal.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { error: describeUnownedIssue });
    if (result.success) return { value: result.data };
    return { error: badRequest(result.error.issues[0]?.message ?? 'Solicitud inválida.') };
  };
