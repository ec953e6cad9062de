import {
  ASSISTANT_NOT_CONFIGURED,
  ASSISTANT_PROVIDER_TIMEOUT,
  type EphemeralKeyResponse,
  isModelUnavailableError,
  modelUnavailableMessage,
  REALTIME_TURN_DETECTION,
} from '@mostrador/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';

// The voice provider's generally available interface: the server trades its own key for a
// short-lived client secret (POST /realtime/client_secrets, the session under `session`); the
// browser then posts its SDP offer to /realtime/calls with that secret. The server key goes only
// into the Authorization header of this one request: it is never logged, never put in an error
// and never answered.

export interface AssistantDeps {
  config: Pick<Config, 'REALTIME_API_BASE' | 'OPENAI_API_KEY' | 'REALTIME_MODEL' | 'REALTIME_TIMEOUT_MS'>;
}

/** The assistant's voice: fixed when the secret is made (a session cannot change it once it has spoken). */
const REALTIME_VOICE = 'marin';

/** The session the secret is bound to: the model and the audio settings. The browser adds the rest. */
const clientSecretRequest = (model: string) => ({
  session: {
    type: 'realtime',
    model,
    audio: { input: { turn_detection: REALTIME_TURN_DETECTION }, output: { voice: REALTIME_VOICE } },
  },
});

const badGateway = (message: string) => new AppError(502, 'BAD_GATEWAY', message);

/**
 * The provider's answer is a small JSON document (about 1 KB). Anything far larger is read no
 * further: fetch decompresses as it reads, so a small gzip body can expand to hundreds of MB, and
 * the cap is counted on the decompressed bytes (and on Content-Length, the bytes on the wire).
 */
export const PROVIDER_BODY_LIMIT_BYTES = 64 * 1024;
/** A client secret is a short token; a longer `value` is not passed on to the browser. */
export const CLIENT_SECRET_MAX_LENGTH = 4096;
const TOO_LARGE = 'El proveedor de voz respondió con un cuerpo demasiado grande.';

class BodyTooLarge extends Error {}

/** The body as JSON, reading at most `limit` decompressed bytes; null when it is not JSON. */
async function readJsonCapped(response: Response, limit: number): Promise<unknown> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limit) {
    await response.body?.cancel();
    throw new BodyTooLarge();
  }
  if (!response.body) return null;
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > limit) {
      await response.body.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/** Why the provider refused, in words an Admin can act on (its own text is never echoed). */
function refusal(status: number, body: unknown, model: string): AppError {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  if (isModelUnavailableError(error)) {
    return new AppError(502, 'REALTIME_MODEL_UNAVAILABLE', modelUnavailableMessage(model));
  }
  if (status === 401 || status === 403) {
    return badGateway(`El proveedor de voz rechazó la clave del servidor (${status}). Revisa OPENAI_API_KEY.`);
  }
  if (status === 404 || status === 400) {
    return badGateway(
      `El proveedor de voz rechazó la solicitud (${status}). Revisa REALTIME_MODEL y REALTIME_API_BASE.`,
    );
  }
  if (status === 429)
    return badGateway('El proveedor de voz está saturado o se agotó la cuota (429). Inténtalo más tarde.');
  return badGateway(`El proveedor de voz respondió con un error (${status}). Inténtalo de nuevo.`);
}

/** The secret's value and expiry, from the provider's answer `{ value, expires_at, session }`. */
function readSecret(body: unknown): { value: string; expiresAt: number | null } | null {
  if (!body || typeof body !== 'object') return null;
  const { value, expires_at: expiresAt } = body as { value?: unknown; expires_at?: unknown };
  if (typeof value !== 'string' || value === '' || value.length > CLIENT_SECRET_MAX_LENGTH) return null;
  return { value, expiresAt: typeof expiresAt === 'number' ? expiresAt : null };
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
      body: JSON.stringify(clientSecretRequest(model)),
      signal,
    });
  } catch {
    log.warn({ provider: base, timedOut: signal.aborted }, 'realtime provider unreachable');
    throw badGateway(signal.aborted ? ASSISTANT_PROVIDER_TIMEOUT : 'No se pudo contactar al proveedor de voz.');
  }

  let body: unknown = null;
  try {
    body = await readJsonCapped(response, PROVIDER_BODY_LIMIT_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      log.warn({ provider: base, status: response.status }, 'realtime provider answered too large a body');
      throw badGateway(TOO_LARGE);
    }
    // The time limit covers the body too; a body cut short counts as one without a secret.
    if (signal.aborted) {
      log.warn({ provider: base, timedOut: true }, 'realtime provider unreachable');
      throw badGateway(ASSISTANT_PROVIDER_TIMEOUT);
    }
  }
  if (!response.ok) {
    const error = refusal(response.status, body, model);
    log.warn(
      { provider: base, status: response.status, model, code: error.code },
      'realtime provider refused the client secret',
    );
    throw error;
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
