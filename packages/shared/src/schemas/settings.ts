import { z } from 'zod';
import { hasAtMostTwoDecimals, pesosToCents } from '../money.js';
import { isRfc, normalizePublicUrl, publicUrlProblem, RFC_MESSAGE } from '../settings.js';
import { CONTROL_CHARACTERS, hasNoControlCharacters } from './common.js';

// The shop's settings ('Configuración', Admin): the identity tickets, PDFs and statements print,
// the public address shared links use, and the rules of the drawer and the counter. Every field
// the shop never saved falls back to the server's environment (first-start defaults).

export const SETTINGS_LIMITS = {
  businessName: 80,
  address: 300,
  phone: 40,
  ticketFooter: 300,
  publicUrl: 200,
  /** The logo file, bytes. */
  logoBytes: 256 * 1024,
  /** Pesos: the largest return limit and price floor. */
  pesos: 1_000_000,
} as const;

export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export const SETTINGS_MESSAGES = {
  businessNameRequired: 'El nombre del negocio es obligatorio.',
  phone: 'El teléfono solo admite números, espacios, guiones, paréntesis y +.',
  logo: 'El logotipo debe ser una imagen PNG o JPEG.',
  logoTooLarge: `El logotipo no puede pesar más de ${SETTINGS_LIMITS.logoBytes / 1024} KB.`,
  pesos: (field: string) =>
    `${field} debe ser un número de pesos entre 0 y ${SETTINGS_LIMITS.pesos.toLocaleString('en-US')}, con hasta 2 decimales.`,
} as const;

/** The settings as GET /settings answers them (money in pesos). */
export const shopSettingsSchema = z.object({
  businessName: z.string(),
  /** One or more lines (calle, colonia, ciudad), printed under the name. */
  address: z.string(),
  phone: z.string(),
  /** Upper case; empty when the shop has none to print. */
  rfc: z.string(),
  /** Printed at the end of every ticket; one or more lines. */
  ticketFooter: z.string(),
  /** Where the logo is served (with its version, so a new one is fetched again), or null. */
  logo: z.string().nullable(),
  /** The address shared links start with (https://mitienda.mx), or null when none is set. */
  publicUrl: z.string().nullable(),
  /** A cash payment outside any open drawer shift is refused (409) instead of counted apart. */
  cashRequiresShift: z.boolean(),
  /** The close of a drawer shows the expected cash only once the count is confirmed. */
  blindCount: z.boolean(),
  /** Pesos a Seller may return without a supervisor (same day); 0: every return needs one. */
  sellerReturnLimit: z.number(),
  /** Pesos: a price typed for a product without price below this needs a supervisor; 0: none. */
  openPriceFloor: z.number(),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** The identity a public page shows (the shared statement): nothing of the shop's rules. */
export const shopIdentitySchema = shopSettingsSchema.pick({
  businessName: true,
  address: true,
  phone: true,
  rfc: true,
  logo: true,
});
export type ShopIdentity = z.infer<typeof shopIdentitySchema>;

const text = (max: number, { multiline = false } = {}) =>
  z
    .string({ error: 'Debe ser texto.' })
    .trim()
    .max(max)
    .refine(hasNoControlCharacters({ multiline }), CONTROL_CHARACTERS);

const settingPesos = (field: string) =>
  z
    .number({ error: SETTINGS_MESSAGES.pesos(field) })
    .finite(SETTINGS_MESSAGES.pesos(field))
    .min(0, SETTINGS_MESSAGES.pesos(field))
    .max(SETTINGS_LIMITS.pesos, SETTINGS_MESSAGES.pesos(field))
    .refine(hasAtMostTwoDecimals, SETTINGS_MESSAGES.pesos(field))
    // Stored as centavos: the value read back is the one the centavos make.
    .transform((v) => pesosToCents(v) / 100);

const DATA_URL = /^data:(image\/png|image\/jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;
const MAGIC: Record<LogoType, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

/** The decoded size of base64 text (no decoding). */
const base64Bytes = (data: string) => Math.floor((data.length * 3) / 4) - (data.match(/=+$/)?.[0].length ?? 0);

/** A logo sent as a data URL: PNG or JPEG (by its first bytes, not only its label), at most the cap. */
export const logoDataUrlSchema = z
  .string({ error: SETTINGS_MESSAGES.logo })
  .max(Math.ceil((SETTINGS_LIMITS.logoBytes * 4) / 3) + 64, SETTINGS_MESSAGES.logoTooLarge)
  .superRefine((value, ctx) => {
    const match = DATA_URL.exec(value);
    if (!match) return void ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.logo });
    const [, type, data] = match as unknown as [string, LogoType, string];
    if (base64Bytes(data) > SETTINGS_LIMITS.logoBytes)
      return void ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.logoTooLarge });
    // The first 12 characters are the first 9 bytes: enough for either signature.
    const head = data.length >= 12 ? atob(data.slice(0, 12)) : '';
    const magic = MAGIC[type];
    if (head.length < magic.length || magic.some((byte, i) => head.charCodeAt(i) !== byte))
      ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.logo });
  });

/**
 * PUT /settings: the fields to save, each optional (a field left out keeps its value). Text is
 * trimmed; an empty address, phone, RFC or footer prints nothing. `logo`: a data URL to replace
 * it, null to remove it. `publicUrl`: null or empty to go back to having none.
 */
export const updateShopSettingsBodySchema = z.strictObject({
  businessName: text(SETTINGS_LIMITS.businessName).min(1, SETTINGS_MESSAGES.businessNameRequired).optional(),
  address: text(SETTINGS_LIMITS.address, { multiline: true }).optional(),
  phone: text(SETTINGS_LIMITS.phone)
    .refine((v) => /^[\d\s()+.-]*$/.test(v), SETTINGS_MESSAGES.phone)
    .optional(),
  rfc: text(13 + 10)
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .refine((v) => v === '' || isRfc(v), RFC_MESSAGE)
    .optional(),
  ticketFooter: text(SETTINGS_LIMITS.ticketFooter, { multiline: true }).optional(),
  logo: logoDataUrlSchema.nullable().optional(),
  publicUrl: z
    .string({ error: 'La dirección pública debe ser texto.' })
    .trim()
    .max(SETTINGS_LIMITS.publicUrl)
    .transform((v, ctx) => {
      if (v === '') return null;
      const problem = publicUrlProblem(v);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return normalizePublicUrl(v);
    })
    .nullable()
    .optional(),
  cashRequiresShift: z.boolean({ error: 'Exigir caja abierta debe ser sí o no.' }).optional(),
  blindCount: z.boolean({ error: 'Conteo a ciegas debe ser sí o no.' }).optional(),
  sellerReturnLimit: settingPesos('El límite de devoluciones del vendedor').optional(),
  openPriceFloor: settingPesos('El precio mínimo sin supervisor').optional(),
});
export type UpdateShopSettingsBody = z.infer<typeof updateShopSettingsBodySchema>;
export type UpdateShopSettingsInput = z.input<typeof updateShopSettingsBodySchema>;
