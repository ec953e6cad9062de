import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_REALTIME_MODEL,
  DEFAULT_SCALE_LABEL_FORMAT,
  DEFAULT_SELLER_RECEIPTS,
  hasAtMostTwoDecimals,
  normalizePublicUrl,
  publicUrlProblem,
  scaleLabelFormatProblem,
  SELLER_RECEIPTS_SCOPES,
} from '@mostrador/shared';
import { z } from 'zod';

const here = dirname(fileURLToPath(import.meta.url));
/** The built web app, relative to this file both in src/ and in the bundled dist/. */
const defaultWebDist = resolve(here, '../../web/dist');

// An empty variable (e.g. `OPENAI_API_KEY=` in .env) means "not set".
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const TRUST_PROXY_MESSAGE =
  'debe ser un número de proxies (por ejemplo 1) o sus direcciones separadas por comas (por ejemplo 127.0.0.1,10.0.0.0/8)';
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  const maxBits = version === 6 ? 128 : 32;
  const bitsValid = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
  return PROXY_RANGE_NAMES.includes(entry) || (version !== 0 && bitsValid && rest.length === 0);
};

/**
 * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): none unless set, since anyone
 * can send that header and choose the address the sign-in limits count. A hop count, or the
 * proxies' addresses (ranges and the names loopback, linklocal, uniquelocal allowed).
 */
const trustProxySchema = z
  .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().optional())
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || value.trim() === 'false') return false;
    if (/^\s*\d{1,2}\s*$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  });

const booleanFlag = (message = 'debe ser true o false') =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z
      .enum(['true', 'false'], { error: message })
      .default('false')
      .transform((v) => v === 'true'),
  );

const PESOS_SETTING = 'debe ser un número de pesos entre 0 y 1000000, con hasta 2 decimales';
const pesosSetting = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: PESOS_SETTING })
      .min(0, PESOS_SETTING)
      .max(1_000_000, PESOS_SETTING)
      .refine(hasAtMostTwoDecimals, PESOS_SETTING)
      .default(0),
  );

export const API_DOCS_MODES = ['admin', 'public', 'off'] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/remisiones.db')
    .refine(
      (v) => v.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(v),
      'debe empezar con sqlite: (por ejemplo sqlite:./data/remisiones.db) o postgres://',
    ),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  ),
  ADMIN_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.email('no es un correo válido').optional()),
  /** Held to the password rule (passwords.ts) when the first Admin is created with it. */
  ADMIN_PASSWORD: optionalString,
  OPENAI_API_KEY: optionalString,
  REALTIME_MODEL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().default(DEFAULT_REALTIME_MODEL),
  ),
  REALTIME_API_BASE: z
    .url('debe ser una URL (por ejemplo https://api.openai.com/v1)')
    .default('https://api.openai.com/v1'),
  PRINTER_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^tcp:\/\/[^:/]+:\d{1,5}$/, 'debe tener la forma tcp://host:puerto')
      .optional(),
  ),
  /** How long to wait for the voice provider's ephemeral key before answering 502. */
  REALTIME_TIMEOUT_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'debe ser un número de milisegundos entre 100 y 60000' })
      .int('debe ser un número de milisegundos entre 100 y 60000')
      .min(100, 'debe ser un número de milisegundos entre 100 y 60000')
      .max(60_000, 'debe ser un número de milisegundos entre 100 y 60000')
      .default(10_000),
  ),
  /** How long a request's headers and body may take to arrive before a 408. */
  REQUEST_TIMEOUT_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'debe ser un número de milisegundos entre 1000 y 300000' })
      .int('debe ser un número de milisegundos entre 1000 y 300000')
      .min(1000, 'debe ser un número de milisegundos entre 1000 y 300000')
      .max(300_000, 'debe ser un número de milisegundos entre 1000 y 300000')
      .default(30_000),
  ),
  /**
   * How long a print to PRINTER_URL may take (connect, send, and the printer closing its end
   * cleanly) before it counts as failed.
   */
  PRINTER_TIMEOUT_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'debe ser un número de milisegundos entre 50 y 60000' })
      .int('debe ser un número de milisegundos entre 50 y 60000')
      .min(50, 'debe ser un número de milisegundos entre 50 y 60000')
      .max(60_000, 'debe ser un número de milisegundos entre 50 y 60000')
      .default(5000),
  ),
  // What the printed receipt (PDF and thermal ticket) says about the business.
  BUSINESS_NAME: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().min(1, 'no puede estar vacío').default('Mostrador'),
  ),
  /** Address, phone, RFC…: lines separated by '|' or new lines. */
  BUSINESS_DETAILS: optionalString,
  /** Printed at the end of every receipt; set it empty for none. */
  RECEIPT_FOOTER: z.preprocess((v) => (v === undefined ? '¡Gracias por su compra!' : v), z.string()),
  // The shop's settings below (and BUSINESS_NAME, BUSINESS_DETAILS, RECEIPT_FOOTER above) are
  // first-start defaults: a value saved in 'Configuración' wins over them (modules/settings).
  /**
   * The address shared links start with (https://mitienda.mx); without it, sharing says to set it.
   * Unlike the settings screen it may name this machine (a test run, the browser beside the server).
   */
  PUBLIC_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .optional()
      .superRefine((value, ctx) => {
        const problem = value === undefined ? null : publicUrlProblem(value, { allowLoopback: true });
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform((value) => (value === undefined ? undefined : normalizePublicUrl(value))),
  ),
  /** A cash payment outside any open drawer shift is refused (true) or counted apart (false). */
  CASH_REQUIRES_SHIFT: booleanFlag(),
  /** The close of a drawer hides the expected cash until the count is confirmed. */
  BLIND_COUNT: booleanFlag(),
  /** Pesos a Seller may return the same day without a supervisor. */
  SELLER_RETURN_LIMIT: pesosSetting(),
  /** Pesos: a price typed for a product without price below it needs a supervisor. */
  OPEN_PRICE_FLOOR: pesosSetting(),
  /** Thermal paper width: 80 mm (42 columns) or 58 mm (32 columns). */
  PAPER_WIDTH_MM: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(['80', '58'], { error: 'debe ser 80 o 58' })
      .default('80')
      .transform((v) => (v === '58' ? 58 : 80)),
  ),
  /** Without PRINTER_URL, the counter opens the 80 mm PDF ticket after each sale ('false': it does not). */
  TICKET_PDF_FALLBACK: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(['true', 'false'], { error: 'debe ser true o false' })
      .default('true')
      .transform((v) => v === 'true'),
  ),
  /** Where a scale label (EAN-13, prefix 20–29) carries the product code and the grams. */
  SCALE_LABEL_FORMAT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .default(DEFAULT_SCALE_LABEL_FORMAT)
      .superRefine((format, ctx) => {
        const problem = scaleLabelFormatProblem(format);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  ),
  /**
   * The master key (base64 of 32 bytes) that seals the CSD's private key and password in the
   * database. Without it, DATA_DIR/fiscal.key, created on first need (modules/fiscal).
   */
  FISCAL_KEY: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .refine(
        (v) => /^[A-Za-z0-9+/]{43}=$/.test(v) && Buffer.from(v, 'base64').length === 32,
        'debe ser 32 bytes en base64 (por ejemplo la salida de: openssl rand -base64 32)',
      )
      .optional(),
  ),
  /**
   * The PAC (stamping service, SW Sapien's protocol) for CFDI 4.0: its address and account. All
   * three or none; without them invoicing answers 503 (modules/invoicing/pac).
   */
  PAC_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .url({ protocol: /^https?$/, error: 'debe ser una URL http(s) (por ejemplo https://services.test.sw.com.mx)' })
      .optional(),
  ),
  PAC_USER: optionalString,
  PAC_PASSWORD: optionalString,
  /** How long one call to the PAC may take before its outcome counts as unknown (retried with the same XML). */
  PAC_TIMEOUT_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'debe ser un número de milisegundos entre 100 y 120000' })
      .int('debe ser un número de milisegundos entre 100 y 120000')
      .min(100, 'debe ser un número de milisegundos entre 100 y 120000')
      .max(120_000, 'debe ser un número de milisegundos entre 100 y 120000')
      .default(20_000),
  ),
  /**
   * Every how many milliseconds the background job sends pending invoices (an unknown outcome,
   * a PAC not reachable) to the PAC again, with the same XML. The issue asks for within 30 s.
   */
  INVOICE_RETRY_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'debe ser un número de milisegundos entre 50 y 30000' })
      .int('debe ser un número de milisegundos entre 50 y 30000')
      .min(50, 'debe ser un número de milisegundos entre 50 y 30000')
      .max(30_000, 'debe ser un número de milisegundos entre 50 y 30000')
      .default(15_000),
  ),
  UPLOAD_DIR: z.string().default('./data/uploads'),
  TRUST_PROXY: trustProxySchema,
  /** Where the embedded database's backups go (SQLite only). */
  BACKUP_DIR: z.string().default('./data/backups'),
  /** Hours between automatic backups; 0 turns them off. */
  BACKUP_EVERY_HOURS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'debe ser un número de horas entre 0 y 720' })
      .min(0, 'debe ser un número de horas entre 0 y 720')
      .max(720, 'debe ser un número de horas entre 0 y 720')
      .default(24),
  ),
  /** How many automatic and manual backups to keep (the oldest go first). */
  BACKUP_KEEP: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'debe ser un número entero entre 1 y 1000' })
      .int('debe ser un número entero entre 1 y 1000')
      .min(1, 'debe ser un número entero entre 1 y 1000')
      .max(1000, 'debe ser un número entero entre 1 y 1000')
      .default(14),
  ),
  /**
   * Who reads the API's documentation (/api/docs and its OpenAPI document, a map of every route):
   * `admin` an Admin's token, `public` anyone (a shop that publishes its API; development), `off`
   * nobody (404).
   */
  API_DOCS: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z.enum(API_DOCS_MODES, { error: 'debe ser admin, public u off' }).default('admin'),
  ),
  /**
   * The credit limit (pesos) of a client a Seller registers: 0, no credit until an Admin or
   * Manager sets one. Sellers do not set credit terms.
   */
  DEFAULT_CREDIT_LIMIT: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: 'debe ser un número de pesos entre 0 y 10000000, con hasta 2 decimales' })
      .min(0, 'debe ser un número de pesos entre 0 y 10000000, con hasta 2 decimales')
      .max(10_000_000, 'debe ser un número de pesos entre 0 y 10000000, con hasta 2 decimales')
      .refine(hasAtMostTwoDecimals, 'debe ser un número de pesos entre 0 y 10000000, con hasta 2 decimales')
      .default(0),
  ),
  /** Which receipts a Seller reads: their own and today's (own-and-today), or all of them (all). */
  SELLER_RECEIPTS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z.enum(SELLER_RECEIPTS_SCOPES, { error: 'debe ser own-and-today o all' }).default(DEFAULT_SELLER_RECEIPTS),
  ),
  WEB_DIST: z.string().default(defaultWebDist),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** Access-token lifetime in seconds: 12 hours, a working day without signing in again. */
  accessTokenTtlSeconds: number;
  /** Refresh-token lifetime in milliseconds: 30 days. */
  refreshTokenTtlMs: number;
}

export class ConfigError extends Error {}

/** Reads `.env` (when present) into process.env without overriding what is already set. */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

/**
 * What the log should warn about at start without refusing to start: a preview voice model
 * works today, but the provider retires its previews, and then the assistant stops working.
 */
export function realtimeModelWarning(model: string): string | null {
  if (!/preview/i.test(model)) return null;
  return (
    `REALTIME_MODEL="${model}" es un modelo preview: el proveedor retira estos modelos y entonces el ` +
    `asistente de voz deja de funcionar. Usa ${DEFAULT_REALTIME_MODEL}.`
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const pac = { PAC_URL: parsed.data.PAC_URL, PAC_USER: parsed.data.PAC_USER, PAC_PASSWORD: parsed.data.PAC_PASSWORD };
  const missing = Object.entries(pac).filter(([, value]) => value === undefined);
  if (missing.length > 0 && missing.length < 3) {
    const lines = missing.map(([name]) => `  - ${name}: falta (PAC_URL, PAC_USER y PAC_PASSWORD van juntos)`);
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  return {
    ...parsed.data,
    accessTokenTtlSeconds: 12 * 60 * 60,
    refreshTokenTtlMs: 30 * 24 * 60 * 60 * 1000,
  };
}
