import { ASSISTANT_NOT_CONFIGURED, ASSISTANT_PROVIDER_TIMEOUT, type EphemeralKeyResponse } from '@mostrador/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';

// The voice provider's Realtime interface (GA): the server trades its own key for a short-lived
// client secret bound to the model; the browser then posts its SDP offer to /realtime/calls with
// that secret. The server key goes only into the Authorization header of this one request: it is
// never logged, never put in an error and never answered.

export interface AssistantDeps {
  config: Pick<Config, 'REALTIME_API_BASE' | 'OPENAI_API_KEY' | 'REALTIME_MODEL' | 'REALTIME_TIMEOUT_MS'>;
}

const badGateway = (message: string) => new AppError(502, 'BAD_GATEWAY', message);

/** Why the provider refused, in words an Admin can act on (its own text is never echoed). */
function refusalMessage(status: number): string {
  if (status === 401 || status === 403) {
    return `El proveedor de voz rechazó la clave del servidor (${status}). Revisa OPENAI_API_KEY.`;
  }
  if (status === 404 || status === 400) {
    return `El proveedor de voz rechazó la solicitud (${status}). Revisa REALTIME_MODEL y REALTIME_API_BASE.`;
  }
  if (status === 429) return 'El proveedor de voz está saturado o se agotó la cuota (429). Inténtalo más tarde.';
  return `El proveedor de voz respondió con un error (${status}). Inténtalo de nuevo.`;
}

/** The secret's value and expiry, from the GA shape `{ value, expires_at }` or the older nested one. */
function readSecret(body: unknown): { value: string; expiresAt: number | null } | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as { value?: unknown; expires_at?: unknown; client_secret?: unknown };
  const source =
    typeof record.value === 'string'
      ? record
      : record.client_secret && typeof record.client_secret === 'object'
        ? (record.client_secret as { value?: unknown; expires_at?: unknown })
        : null;
  if (!source || typeof source.value !== 'string' || source.value === '') return null;
  return { value: source.value, expiresAt: typeof source.expires_at === 'number' ? source.expires_at : null };
}

export function createAssistantService({ config }: AssistantDeps) {
  return {
    /** A client secret for one voice session: 503 without OPENAI_API_KEY, 502 when the provider fails. */
    ephemeralKey: (log: FastifyBaseLogger) =>
      createEphemeralKey({
        apiBase: config.REALTIME_API_BASE,
        apiKey: config.OPENAI_API_KEY,
        model: config.REALTIME_MODEL,
        timeoutMs: config.REALTIME_TIMEOUT_MS,
        log,
      }),
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;

async function createEphemeralKey(options: {
  apiBase: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
}): Promise<EphemeralKeyResponse> {
  const { apiKey, model, timeoutMs, log } = options;
  if (!apiKey) throw new AppError(503, 'SERVICE_UNAVAILABLE', ASSISTANT_NOT_CONFIGURED);
  const base = options.apiBase.replace(/\/+$/, '');

  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${base}/realtime/client_secrets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ session: { type: 'realtime', model } }),
      signal,
    });
  } catch {
    log.warn({ provider: base, timedOut: signal.aborted }, 'realtime provider unreachable');
    throw badGateway(signal.aborted ? ASSISTANT_PROVIDER_TIMEOUT : 'No se pudo contactar al proveedor de voz.');
  }

  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // The time limit covers the body too; a body that is not JSON counts as one without a secret.
    if (signal.aborted) {
      log.warn({ provider: base, timedOut: true }, 'realtime provider unreachable');
      throw badGateway(ASSISTANT_PROVIDER_TIMEOUT);
    }
  }
  if (!response.ok) {
    log.warn({ provider: base, status: response.status }, 'realtime provider refused the client secret');
    throw badGateway(refusalMessage(response.status));
  }
  const secret = readSecret(body);
  if (!secret) {
    log.warn({ provider: base }, 'realtime provider answered without a client secret');
    throw badGateway('El proveedor de voz respondió sin una clave temporal.');
  }
  return {
    client_secret: { value: secret.value, expires_at: secret.expiresAt },
    ephemeral_key: secret.value,
    model,
    sdpUrl: `${base}/realtime/calls`,
  };
}
