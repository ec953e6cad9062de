import { z } from 'zod';
import {
  type CancelRequest,
  type CancelResult,
  type Pac,
  PacConfigError,
  PacRefusedError,
  PacUnknownOutcomeError,
  type StampResult,
} from './pac.js';

// SW Sapien's REST protocol, the one its public Node SDK (sw-sdk-nodejs) calls: a bearer token
// from /v2/security/authenticate, the sealed XML as a multipart file to /cfdi33/stamp/v4 (which
// answers the whole stamped CFDI and the stamp's parts), and a cancellation with the CSD as
// base64 to /cfdi33/cancel/csd. The token is kept until it expires or is refused, then renewed
// once; the user, password and token are private fields, never in an error's message.

export interface SwSapienOptions {
  /** The PAC's base address, e.g. https://services.test.sw.com.mx. */
  url: string;
  user: string;
  password: string;
  /** How long one request (headers and body) may take before it counts as lost. */
  timeoutMs: number;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
}

/** Without an expiry in the answer, a token is trusted this long. */
const DEFAULT_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
/** A token is renewed this long before it expires (at most a tenth of its life). */
const RENEW_EARLY_MS = 60 * 1000;

const errorBodySchema = z.object({
  status: z.literal('error'),
  message: z.string().nullish(),
  messageDetail: z.string().nullish(),
});
const authBodySchema = z.object({
  status: z.literal('success'),
  data: z.object({ token: z.string().min(1), expires_in: z.number().nullish() }),
});
const stampBodySchema = z.object({
  status: z.literal('success'),
  data: z.object({
    cfdi: z.string().min(1),
    uuid: z.string().min(1),
    fechaTimbrado: z.string(),
    noCertificadoSAT: z.string(),
    selloSAT: z.string(),
    selloCFDI: z.string(),
    cadenaOriginalSAT: z.string(),
    qrCode: z.string().nullish(),
  }),
});
const cancelBodySchema = z.object({
  status: z.literal('success'),
  data: z.object({ acuse: z.string(), uuid: z.record(z.string(), z.union([z.string(), z.number()])) }),
});

interface Token {
  value: string;
  renewAt: number;
}

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

export class SwSapienPac implements Pac {
  readonly #url: string;
  readonly #user: string;
  readonly #password: string;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  #token: Token | null = null;
  /** One authentication at a time: concurrent calls share it. */
  #authenticating: Promise<Token> | null = null;

  constructor(options: SwSapienOptions) {
    this.#url = options.url.replace(/\/+$/, '');
    this.#user = options.user;
    this.#password = options.password;
    this.#timeoutMs = options.timeoutMs;
    this.#now = options.now ?? Date.now;
  }

  async stamp(sealedXml: string): Promise<StampResult> {
    const answer = await this.#authorized('/cfdi33/stamp/v4', () => {
      const form = new FormData();
      form.append('xml', new Blob([sealedXml], { type: 'text/xml' }), 'cfdi.xml');
      return form;
    });
    const parsed = stampBodySchema.safeParse(answer.body);
    if (!parsed.success) throw unreadable(answer);
    const { qrCode, ...stamp } = parsed.data.data;
    return qrCode ? { ...stamp, qrCode } : stamp;
  }

  async cancel(request: CancelRequest): Promise<CancelResult> {
    const answer = await this.#authorized('/cfdi33/cancel/csd', () =>
      JSON.stringify({
        uuid: request.uuid,
        password: request.password,
        rfc: request.rfc,
        motivo: request.motivo,
        foliosustitucion: request.folioSustitucion ?? '',
        b64Cer: request.certificate.toString('base64'),
        b64Key: request.key.toString('base64'),
      }),
    );
    const parsed = cancelBodySchema.safeParse(answer.body);
    if (!parsed.success) throw unreadable(answer);
    const codes = Object.entries(parsed.data.data.uuid);
    const code = codes.find(([uuid]) => uuid.toLowerCase() === request.uuid.toLowerCase()) ?? codes[0];
    if (!code) throw unreadable(answer);
    return { uuid: request.uuid, acuse: parsed.data.data.acuse, statusCode: String(code[1]) };
  }

  /** A call with the token; a refused token (401) is renewed and the call made once more. */
  async #authorized(path: string, body: () => FormData | string): Promise<Answer> {
    let token = await this.#currentToken();
    let answer = await this.#send(path, body(), token.value);
    if (answer.status === 401) {
      if (this.#token === token) this.#token = null;
      token = await this.#currentToken();
      answer = await this.#send(path, body(), token.value);
      if (answer.status === 401) {
        throw new PacConfigError('El PAC rechazó su propio token recién emitido; revisa PAC_URL y la cuenta del PAC.');
      }
    }
    return expectSuccess(answer);
  }

  #currentToken(): Promise<Token> {
    if (this.#token && this.#now() < this.#token.renewAt) return Promise.resolve(this.#token);
    this.#authenticating ??= this.#authenticate().finally(() => {
      this.#authenticating = null;
    });
    return this.#authenticating;
  }

  async #authenticate(): Promise<Token> {
    const answer = await this.#send(
      '/v2/security/authenticate',
      JSON.stringify({ user: this.#user, password: this.#password }),
    );
    const error = errorBodySchema.safeParse(answer.body);
    const refused = answer.status === 401 || answer.status === 403 || (error.success && answer.status < 500);
    if (refused) {
      const said = error.success ? [error.data.message, error.data.messageDetail].filter(Boolean).join(': ') : '';
      throw new PacConfigError(
        `El PAC no aceptó el usuario o la contraseña (PAC_USER, PAC_PASSWORD)${said ? `: ${said}` : ''}.`,
      );
    }
    const parsed = authBodySchema.safeParse(expectSuccess(answer).body);
    if (!parsed.success) throw unreadable(answer);
    const now = this.#now();
    const { token, expires_in: expiresIn } = parsed.data.data;
    // SW answers the expiry as a Unix time in seconds; a small number is read as seconds from now.
    const expiresAt = !expiresIn
      ? now + DEFAULT_TOKEN_LIFETIME_MS
      : expiresIn > 1e9
        ? expiresIn * 1000
        : now + expiresIn * 1000;
    const early = Math.min(RENEW_EARLY_MS, Math.max(0, expiresAt - now) / 10);
    this.#token = { value: token, renewAt: expiresAt - early };
    return this.#token;
  }

  async #send(path: string, body: FormData | string, token?: string): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    try {
      // The one signal covers the answer's body too: a PAC that stops mid-answer times out.
      const response = await fetch(`${this.#url}${path}`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(this.#timeoutMs),
        // A redirect would turn the POST into a GET without its body: it is answered as such.
        redirect: 'manual',
      });
      const text = await response.text();
      let parsed: unknown = undefined;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return { status: response.status, body: parsed, text };
    } catch (error) {
      throw lostCall(error, this.#timeoutMs);
    }
  }
}

/** A 2xx answer, or the error it stands for. */
function expectSuccess(answer: Answer): Answer {
  const error = errorBodySchema.safeParse(answer.body);
  if (answer.status >= 200 && answer.status < 300 && !error.success) return answer;
  // A 404 that is not SW's error answer is a wrong address, not a refusal; so is a redirect.
  if (
    !error.success &&
    (answer.status === 404 || answer.status === 405 || (answer.status >= 300 && answer.status < 400))
  ) {
    throw new PacConfigError(`El PAC no reconoce la dirección (${answer.status}); revisa PAC_URL.`);
  }
  if (answer.status >= 500 || (!error.success && answer.status >= 300)) {
    // The PAC failed while working (or a proxy answered): it may have stamped. Retry the same XML.
    const said = error.success ? (error.data.message ?? '') : answer.text.slice(0, 200);
    throw new PacUnknownOutcomeError('unreadable-answer', `HTTP ${answer.status}${said ? `: ${said}` : ''}`);
  }
  const data = error.success ? error.data : { message: null, messageDetail: null };
  throw new PacRefusedError(data.message || `HTTP ${answer.status}`, data.messageDetail || null, answer.status);
}

const unreadable = (answer: Answer) =>
  new PacUnknownOutcomeError('unreadable-answer', `HTTP ${answer.status}: respuesta inesperada`);

function lostCall(error: unknown, timeoutMs: number): PacUnknownOutcomeError {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new PacUnknownOutcomeError('timeout', `sin respuesta en ${timeoutMs} ms`);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : null;
  return new PacUnknownOutcomeError('connection', code ?? cause?.message ?? String(error));
}
