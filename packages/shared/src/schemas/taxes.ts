import { z } from 'zod';
import { normalizeRfc, RFC_FOREIGN, RFC_GENERIC, rfcPerson, rfcProblem } from '../rfc.js';
import { SAT_CFDI_USES, SAT_REGIMES, SAT_UNIT_CODES } from '../sat-catalogs.js';
import {
  DEFAULT_IVA_RATE,
  IEPS_QUOTA_DECIMALS,
  IEPS_QUOTA_MAX_PESOS,
  IEPS_RATES,
  IVA_RATES,
  type IvaRate,
} from '../taxes.js';
import { CONTROL_CHARACTERS, decimalField, hasNoControlCharacters, MAX_EMAIL } from './common.js';

// The fiscal contract: a product's taxes and SAT keys, a client's fiscal data, the shop's.

export const DEFAULT_SAT_PRODUCT_CODE = '01010101';
export const DEFAULT_CFDI_USE = 'G03';

export const TAX_MESSAGES = {
  ivaRate: 'El IVA debe ser 16, 8, 0 o exento.',
  iepsRate: `La tasa de IEPS debe ser una de las del SAT: ${IEPS_RATES.join(', ')} %.`,
  iepsPerUnit: `La cuota de IEPS debe ser un monto mayor a 0 y hasta $${IEPS_QUOTA_MAX_PESOS}, con hasta ${IEPS_QUOTA_DECIMALS} decimales.`,
  iepsBoth: 'El IEPS es por tasa o por cuota, no ambos.',
  satProductCode: 'La clave SAT debe tener 8 dígitos.',
  satUnitCode: 'La unidad SAT no está en el catálogo del SAT (por ejemplo H87 pieza, KGM kilogramo).',
  taxRegime: 'Elige un régimen fiscal del catálogo del SAT.',
  taxRegimePerson: 'El régimen fiscal no corresponde al tipo de persona del RFC.',
  cfdiUse: 'Elige un uso de CFDI del catálogo del SAT.',
  zipCode: 'El código postal debe tener 5 dígitos.',
  legalName: 'La razón social es obligatoria.',
  series: 'La serie admite hasta 25 letras o números.',
  nextFolio: 'El folio debe ser un número entero mayor a 0.',
  invoiceEmail: 'Correo electrónico inválido.',
  globalPeriodicity: 'Elige la periodicidad: diaria, semanal, quincenal o mensual.',
  paymentComplements: 'Elige cómo emitir los complementos de pago: por abono o uno al mes por cliente.',
} as const;

/** c_ClaveUnidad for a unit as a shop writes it: pieza → H87, kg → KGM, litro → LTR, caja → XBX. */
export function defaultSatUnitCode(units: string): string {
  const unit = units.trim().toLowerCase();
  if (['kg', 'kilo', 'kilos', 'kilogramo', 'kilogramos'].includes(unit)) return 'KGM';
  if (['g', 'gramo', 'gramos'].includes(unit)) return 'GRM';
  if (['l', 'lt', 'litro', 'litros'].includes(unit)) return 'LTR';
  if (['m', 'metro', 'metros'].includes(unit)) return 'MTR';
  if (['caja', 'cajas'].includes(unit)) return 'XBX';
  if (['paquete', 'paquetes'].includes(unit)) return 'XPK';
  return 'H87';
}

const blankToNull = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

export const ivaRateSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase().replace(/\s*%$/, '') : value),
  z.enum(IVA_RATES, { error: TAX_MESSAGES.ivaRate }),
);

const iepsRateSchema = z.preprocess(
  blankToNull,
  decimalField(TAX_MESSAGES.iepsRate, TAX_MESSAGES.iepsRate)
    .pipe(z.number().refine((v) => (IEPS_RATES as readonly number[]).includes(v), TAX_MESSAGES.iepsRate))
    .nullable(),
);

const quotaPattern = new RegExp(`^\\d+([.,]\\d{1,${IEPS_QUOTA_DECIMALS}})?$`);
const iepsPerUnitSchema = z.preprocess(
  (value) => {
    const blank = blankToNull(value);
    if (typeof blank !== 'string') return blank;
    const text = blank.trim();
    return quotaPattern.test(text) ? Number(text.replace(',', '.')) : text;
  },
  z
    .number({ error: TAX_MESSAGES.iepsPerUnit })
    .refine(
      (v) =>
        v > 0 &&
        v <= IEPS_QUOTA_MAX_PESOS &&
        Math.abs(v * 10 ** IEPS_QUOTA_DECIMALS - Math.round(v * 10 ** IEPS_QUOTA_DECIMALS)) < 1e-6,
      TAX_MESSAGES.iepsPerUnit,
    )
    .nullable(),
);

export const satProductCodeSchema = z
  .string({ error: TAX_MESSAGES.satProductCode })
  .trim()
  .regex(/^\d{8}$/, TAX_MESSAGES.satProductCode);

export const satUnitCodeSchema = z
  .string({ error: TAX_MESSAGES.satUnitCode })
  .trim()
  .toUpperCase()
  .refine((code) => SAT_UNIT_CODES.has(code), TAX_MESSAGES.satUnitCode);

/**
 * A product's tax fields as create and edit take them (JSON or multipart). Each is optional: on
 * create a missing one takes its default (16 %, no IEPS, 01010101, the unit's key); on edit it
 * keeps what the product has.
 */
export const productTaxInputFields = {
  ivaRate: ivaRateSchema.optional(),
  iepsRate: iepsRateSchema.optional(),
  iepsPerUnit: iepsPerUnitSchema.optional(),
  satProductCode: satProductCodeSchema.optional(),
  satUnitCode: satUnitCodeSchema.optional(),
};

/** The cross-field rule: IEPS by rate or by cuota, not both. */
export function checkProductTaxes(
  product: { iepsRate?: number | null; iepsPerUnit?: number | null },
  ctx: z.RefinementCtx,
): void {
  if (product.iepsRate != null && product.iepsPerUnit != null) {
    ctx.addIssue({ code: 'custom', message: TAX_MESSAGES.iepsBoth, path: ['iepsPerUnit'] });
  }
}

/** What a product answers with, beside its other fields. */
export const productTaxOutputFields = {
  ivaRate: z.enum(IVA_RATES),
  /** Percent (26.5); null: none, or by cuota. */
  iepsRate: z.number().nullable(),
  /** Pesos per unit sold; null: none, or by rate. */
  iepsPerUnit: z.number().nullable(),
  satProductCode: z.string(),
  satUnitCode: z.string(),
  /** False until someone saves the product after taxes came in. */
  taxesReviewed: z.boolean(),
};

/** The defaults a new product gets for what it leaves out. */
export function productTaxDefaults(units: string): {
  ivaRate: IvaRate;
  iepsRate: null;
  iepsPerUnit: null;
  satProductCode: string;
  satUnitCode: string;
} {
  return {
    ivaRate: DEFAULT_IVA_RATE,
    iepsRate: null,
    iepsPerUnit: null,
    satProductCode: DEFAULT_SAT_PRODUCT_CODE,
    satUnitCode: defaultSatUnitCode(units),
  };
}

// ——— Fiscal identities ———

export const rfcSchema = z
  .string({ error: 'El RFC es obligatorio.' })
  .transform(normalizeRfc)
  .superRefine((rfc, ctx) => {
    const problem = rfcProblem(rfc);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const zipCodeSchema = z
  .string({ error: TAX_MESSAGES.zipCode })
  .trim()
  .regex(/^\d{5}$/, TAX_MESSAGES.zipCode);

/** Razón social as the SAT registers it: upper case, one space between words. */
export const legalNameSchema = z
  .string({ error: TAX_MESSAGES.legalName })
  .trim()
  .min(1, TAX_MESSAGES.legalName)
  .max(254)
  .transform((name) => name.toUpperCase().replace(/\s+/g, ' '));

export const taxRegimeSchema = z
  .string({ error: TAX_MESSAGES.taxRegime })
  .trim()
  .refine((code) => SAT_REGIMES.some((r) => r.code === code), TAX_MESSAGES.taxRegime);

export const cfdiUseSchema = z
  .string({ error: TAX_MESSAGES.cfdiUse })
  .trim()
  .toUpperCase()
  .refine((code) => SAT_CFDI_USES.some((u) => u.code === code), TAX_MESSAGES.cfdiUse);

/** Null when `regime` is open to the RFC's kind of person (by its length); otherwise the reason. */
export function regimeProblem(rfc: string, regime: string): string | null {
  if (rfc === RFC_GENERIC || rfc === RFC_FOREIGN) return null;
  const found = SAT_REGIMES.find((r) => r.code === regime);
  if (!found) return TAX_MESSAGES.taxRegime;
  return (rfcPerson(rfc) === 'fisica' ? found.fisica : found.moral) ? null : TAX_MESSAGES.taxRegimePerson;
}

/**
 * A client's razón social: like the shop's, but blank is allowed (it becomes null), so the API's
 * description does not claim a minimum length; no control characters, as in every name.
 */
const clientLegalNameSchema = z
  .string({ error: TAX_MESSAGES.legalName })
  .trim()
  .max(254)
  .refine(hasNoControlCharacters(), CONTROL_CHARACTERS)
  .transform((name) => name.toUpperCase().replace(/\s+/g, ' '));

/** Missing: undefined (an edit keeps what is stored); null or blank: null (cleared). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable()).optional();

/**
 * A client's fiscal data, all optional (a client without an RFC is invoiced as the general
 * public; no `cfdiUse` means G03 'Gastos en general'). Left out: null on register, kept on edit.
 */
export const clientFiscalInputFields = {
  rfc: optional(rfcSchema),
  legalName: optional(clientLegalNameSchema),
  taxRegime: optional(taxRegimeSchema),
  taxZipCode: optional(zipCodeSchema),
  cfdiUse: optional(cfdiUseSchema),
  invoiceEmail: optional(z.string().trim().toLowerCase().max(MAX_EMAIL).pipe(z.email(TAX_MESSAGES.invoiceEmail))),
};

export function checkClientFiscal(
  client: { rfc?: string | null; taxRegime?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (client.rfc && client.taxRegime) {
    const problem = regimeProblem(client.rfc, client.taxRegime);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['taxRegime'] });
  }
}

export const clientFiscalOutputFields = {
  rfc: z.string().nullable(),
  legalName: z.string().nullable(),
  taxRegime: z.string().nullable(),
  taxZipCode: z.string().nullable(),
  /** Null: not set; invoices use G03. */
  cfdiUse: z.string().nullable(),
  invoiceEmail: z.string().nullable(),
};

/** How complementos de pago are issued: one per abono (default) or one a month per client. */
export const PAYMENT_COMPLEMENT_MODES = ['payment', 'monthly'] as const;

/** PUT /business/fiscal (Admin): the shop's fiscal identity. */
export const businessFiscalBodySchema = z
  .strictObject({
    rfc: rfcSchema,
    legalName: legalNameSchema,
    taxRegime: taxRegimeSchema,
    /** Lugar de expedición. */
    zipCode: zipCodeSchema,
    series: z
      .string({ error: TAX_MESSAGES.series })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{1,25}$/, TAX_MESSAGES.series)
      .default('A'),
    nextFolio: z.coerce
      .number({ error: TAX_MESSAGES.nextFolio })
      .int(TAX_MESSAGES.nextFolio)
      .positive(TAX_MESSAGES.nextFolio)
      .max(2_147_483_647, TAX_MESSAGES.nextFolio)
      .default(1),
    /** c_Periodicidad of the shop's factura global ('01' diaria … '04' mensual). */
    globalPeriodicity: z.enum(['01', '02', '03', '04'], { error: TAX_MESSAGES.globalPeriodicity }).default('01'),
    // The complementos de pago's series, next folio and setting (decision 097): kept as they are
    // when not sent, so a form that does not show them never resets their folio.
    paymentSeries: z
      .string({ error: TAX_MESSAGES.series })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{1,25}$/, TAX_MESSAGES.series)
      .optional(),
    paymentNextFolio: z.coerce
      .number({ error: TAX_MESSAGES.nextFolio })
      .int(TAX_MESSAGES.nextFolio)
      .positive(TAX_MESSAGES.nextFolio)
      .max(2_147_483_647, TAX_MESSAGES.nextFolio)
      .optional(),
    /** 'payment': a complemento per abono; 'monthly': one a month per client, issued from the 1st of the next month (decision 097). */
    paymentComplements: z.enum(PAYMENT_COMPLEMENT_MODES, { error: TAX_MESSAGES.paymentComplements }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.rfc === RFC_GENERIC || body.rfc === RFC_FOREIGN) {
      ctx.addIssue({ code: 'custom', message: 'El RFC de la tienda no puede ser un RFC genérico.', path: ['rfc'] });
      return;
    }
    const problem = regimeProblem(body.rfc, body.taxRegime);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['taxRegime'] });
  });
export type BusinessFiscalBody = z.infer<typeof businessFiscalBodySchema>;
export type BusinessFiscalInput = z.input<typeof businessFiscalBodySchema>;

export const csdSummarySchema = z.object({
  /** The SAT's 20-digit certificate number. */
  certificateNumber: z.string(),
  rfc: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
});
export type CsdSummary = z.infer<typeof csdSummarySchema>;

/** GET /business/fiscal: null fields until set; `csd` null until a CSD is uploaded. */
export const businessFiscalSchema = z.object({
  rfc: z.string().nullable(),
  legalName: z.string().nullable(),
  taxRegime: z.string().nullable(),
  zipCode: z.string().nullable(),
  series: z.string(),
  nextFolio: z.number().int(),
  globalPeriodicity: z.enum(['01', '02', '03', '04']),
  paymentSeries: z.string(),
  paymentNextFolio: z.number().int(),
  paymentComplements: z.enum(PAYMENT_COMPLEMENT_MODES),
  csd: csdSummarySchema.nullable(),
});
export type BusinessFiscal = z.infer<typeof businessFiscalSchema>;
