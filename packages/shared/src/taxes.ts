// Shelf prices include their taxes. A sold line's total is split once, at the time of sale, into
// base + IEPS + IVA (integer centavos that add up to the total exactly); the receipt keeps the
// split, so a later change of a product's rates never changes a past receipt.

/** IVA: 16 % general, 8 % región fronteriza, 0 % (basic food, medicine) or exento. */
export const IVA_RATES = ['16', '8', '0', 'exento'] as const;
export type IvaRate = (typeof IVA_RATES)[number];
export const DEFAULT_IVA_RATE: IvaRate = '16';

/** The IEPS rates (percent) the SAT's c_TasaOCuota catalogue accepts as 'Tasa'. */
export const IEPS_RATES = [3, 6, 7, 8, 9, 25, 26.5, 30, 30.4, 50, 53, 160] as const;
/** An IEPS cuota is stated in pesos with up to 6 decimals (c_TasaOCuota's precision). */
export const IEPS_QUOTA_DECIMALS = 6;
export const IEPS_QUOTA_MAX_PESOS = 72.1605;

const PPM = 1_000_000n;
const IVA_PPM: Record<IvaRate, bigint> = { '16': 160_000n, '8': 80_000n, '0': 0n, exento: 0n };

/** What a product (and each line sold of it) is taxed with, in exact integers. */
export interface TaxTerms {
  ivaRate: IvaRate;
  /** IEPS as a rate, in millionths (26.5 % → 265 000); null when none or by cuota. */
  iepsRatePpm: number | null;
  /** IEPS as a cuota per unit sold, in millionths of a peso; null when none or by rate. */
  iepsQuotaMicros: number | null;
}

export interface LineTaxes {
  baseCents: number;
  iepsCents: number;
  ivaCents: number;
}

export const UNTAXED: LineTaxes = { baseCents: 0, iepsCents: 0, ivaCents: 0 };

/** a × b / c rounded half up, exact for any size (all three are non-negative). */
function mulDivRound(a: bigint, b: bigint, c: bigint): bigint {
  return (2n * a * b + c) / (2n * c);
}

/** The SAT's tolerance for a tax amount: (base ∓ half a centavo) × rate, truncated below, rounded up above. */
function withinTolerance(amount: bigint, base: bigint, ratePpm: bigint): boolean {
  const low = ((2n * base - 1n) * ratePpm) / (2n * PPM);
  const highNumerator = (2n * base + 1n) * ratePpm;
  const high = (highNumerator + 2n * PPM - 1n) / (2n * PPM);
  return amount >= low && amount <= high;
}

/**
 * Splits a line's total (taxes included) into base, IEPS and IVA.
 * - IEPS as a rate: total = base × (1 + ieps) × (1 + iva).
 * - IEPS per unit: total = (base + cuota × quantity) × (1 + iva).
 * IEPS is part of IVA's base (Ley del IVA, art. 18). Each tax is its base times its rate rounded
 * to the centavo, as an invoice states it. Where no whole-centavo base gives the total exactly
 * (the rounded taxes jump over it), the centavos left over go where the SAT's tolerance for each
 * tax still holds, the base first: the three always add up to the total.
 */
export function lineTaxes(totalCents: number, quantityMilli: number, terms: TaxTerms): LineTaxes {
  if (totalCents <= 0) return { ...UNTAXED, baseCents: totalCents };
  const total = BigInt(totalCents);
  const iva = IVA_PPM[terms.ivaRate];
  const iepsRate = BigInt(terms.iepsRatePpm ?? 0);
  const byQuota = terms.iepsQuotaMicros !== null;
  const quotaCents = byQuota ? mulDivRound(BigInt(terms.iepsQuotaMicros ?? 0), BigInt(quantityMilli), 10_000_000n) : 0n;

  const taxesOn = (base: bigint) => {
    const ieps = byQuota ? quotaCents : mulDivRound(base, iepsRate, PPM);
    return { ieps, iva: mulDivRound(base + ieps, iva, PPM) };
  };
  const taxedTotal = (base: bigint) => {
    const taxes = taxesOn(base);
    return base + taxes.ieps + taxes.iva;
  };
  const ivaBase = mulDivRound(total, PPM, PPM + iva);
  // A cuota larger than the line's price can't be charged whole: the line is all tax then.
  if (byQuota && quotaCents > ivaBase) {
    const ivaCents = total - ivaBase;
    return { baseCents: 0, iepsCents: Number(ivaBase), ivaCents: Number(ivaCents) };
  }
  // The whole-centavo estimate, then the largest base whose taxed total does not pass the total.
  let base = byQuota ? ivaBase - quotaCents : mulDivRound(ivaBase, PPM, PPM + iepsRate);
  while (base > 0n && taxedTotal(base) > total) base -= 1n;
  while (taxedTotal(base + 1n) <= total) base += 1n;
  const { ieps, iva: ivaCents } = taxesOn(base);
  const left = total - base - ieps - ivaCents;

  for (let toBase = left; toBase >= 0n; toBase -= 1n) {
    for (let toIeps = byQuota ? 0n : left - toBase; toIeps >= 0n; toIeps -= 1n) {
      const candidate = { base: base + toBase, ieps: ieps + toIeps, iva: ivaCents + left - toBase - toIeps };
      const iepsFits = byQuota || withinTolerance(candidate.ieps, candidate.base, iepsRate);
      if (iepsFits && withinTolerance(candidate.iva, candidate.base + candidate.ieps, iva)) {
        return {
          baseCents: Number(candidate.base),
          iepsCents: Number(candidate.ieps),
          ivaCents: Number(candidate.iva),
        };
      }
    }
  }
  return { baseCents: Number(base + left), iepsCents: Number(ieps), ivaCents: Number(ivaCents) };
}

/** The sum of several lines' splits (a receipt, a day). */
export function sumTaxes(lines: readonly LineTaxes[]): LineTaxes {
  const sum = { ...UNTAXED };
  for (const line of lines) {
    sum.baseCents += line.baseCents;
    sum.iepsCents += line.iepsCents;
    sum.ivaCents += line.ivaCents;
  }
  return sum;
}

/** The wire's percent (26.5) to the exact millionths the rule works in (265 000). */
export function percentToPpm(percent: number): number {
  return Math.round(percent * 10_000);
}

export function ppmToPercent(ppm: number): number {
  return ppm / 10_000;
}

/** Pesos with up to 6 decimals (0.987060) to integer millionths of a peso. */
export function pesosToMicros(pesos: number): number {
  return Math.round(pesos * 1_000_000);
}

export function microsToPesos(micros: number): number {
  return micros / 1_000_000;
}

/** A product's taxes as the API carries them: rates in percent, the cuota in pesos. */
export interface ProductTaxFields {
  ivaRate: IvaRate;
  iepsRate: number | null;
  iepsPerUnit: number | null;
}

export function taxTermsOf(fields: ProductTaxFields): TaxTerms {
  return {
    ivaRate: fields.ivaRate,
    iepsRatePpm: fields.iepsRate === null ? null : percentToPpm(fields.iepsRate),
    iepsQuotaMicros: fields.iepsPerUnit === null ? null : pesosToMicros(fields.iepsPerUnit),
  };
}

export function taxFieldsOf(terms: TaxTerms): ProductTaxFields {
  return {
    ivaRate: terms.ivaRate,
    iepsRate: terms.iepsRatePpm === null ? null : ppmToPercent(terms.iepsRatePpm),
    iepsPerUnit: terms.iepsQuotaMicros === null ? null : microsToPesos(terms.iepsQuotaMicros),
  };
}

/** The presets a shop understands, offered on the product form. */
export const TAX_PRESETS = [
  { key: 'general', label: 'General 16 %', taxes: { ivaRate: '16', iepsRate: null, iepsPerUnit: null } },
  { key: 'basicos', label: 'Alimentos básicos 0 %', taxes: { ivaRate: '0', iepsRate: null, iepsPerUnit: null } },
  // Snacks and sweets are food (IVA 0 %, Ley del IVA art. 2-A) with the high-calorie IEPS (8 %);
  // chewing gum is not: it takes IVA 16 % ('Otro').
  { key: 'botana', label: 'Botana o dulce (IEPS 8 %)', taxes: { ivaRate: '0', iepsRate: 8, iepsPerUnit: null } },
  { key: 'cerveza', label: 'Cerveza (IEPS 26.5 %)', taxes: { ivaRate: '16', iepsRate: 26.5, iepsPerUnit: null } },
  // The cuota is per bottle, as the shop states it: the form asks for it.
  { key: 'refresco', label: 'Refresco (IEPS por unidad)', taxes: { ivaRate: '16', iepsRate: null, iepsPerUnit: 0 } },
  { key: 'exento', label: 'Exento', taxes: { ivaRate: 'exento', iepsRate: null, iepsPerUnit: null } },
] as const satisfies readonly { key: string; label: string; taxes: ProductTaxFields }[];

/** How a tax line is labelled on tickets and reports: 'IVA 16 %', 'IEPS 26.5 %', 'IEPS cuota'. */
export function ivaLabel(rate: IvaRate): string {
  return rate === 'exento' ? 'Exento' : `IVA ${rate} %`;
}

export function iepsLabel(terms: Pick<TaxTerms, 'iepsRatePpm' | 'iepsQuotaMicros'>): string | null {
  if (terms.iepsQuotaMicros !== null) return 'IEPS cuota';
  if (terms.iepsRatePpm !== null) return `IEPS ${ppmToPercent(terms.iepsRatePpm)} %`;
  return null;
}
