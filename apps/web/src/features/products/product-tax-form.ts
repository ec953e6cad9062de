import {
  DEFAULT_SAT_PRODUCT_CODE,
  defaultSatUnitCode,
  type IvaRate,
  type Product,
  TAX_MESSAGES,
  TAX_PRESETS,
} from '@mostrador/shared';

// A product's taxes as the form holds them, and the preset they match.

/** The tax fields as the form holds them: '' while an IEPS is empty. */
export type TaxFieldValues = {
  ivaRate: IvaRate;
  /** A percent from IEPS_RATES as text ('26.5'), or '' for none. */
  iepsRate: string;
  /** Pesos per unit sold, or '' for none. */
  iepsPerUnit: number | string;
  satProductCode: string;
  satUnitCode: string;
};

export type TaxPresetKey = (typeof TAX_PRESETS)[number]['key'] | 'custom';

/** A product's taxes as the form starts them; a new product's from the defaults. */
export function taxFieldValues(
  product?: Pick<Product, 'ivaRate' | 'iepsRate' | 'iepsPerUnit' | 'satProductCode' | 'satUnitCode'>,
): TaxFieldValues {
  return {
    ivaRate: product?.ivaRate ?? '16',
    iepsRate: product?.iepsRate == null ? '' : String(product.iepsRate),
    iepsPerUnit: product?.iepsPerUnit ?? '',
    satProductCode: product?.satProductCode ?? DEFAULT_SAT_PRODUCT_CODE,
    satUnitCode: product?.satUnitCode ?? defaultSatUnitCode(''),
  };
}

/** The preset the values are, or 'custom'; any cuota with 16 % and no rate is 'Refresco'. */
export function presetOf(values: Pick<TaxFieldValues, 'ivaRate' | 'iepsRate' | 'iepsPerUnit'>): TaxPresetKey {
  const rate = values.iepsRate === '' ? null : Number(values.iepsRate);
  const byQuota = values.iepsPerUnit !== '';
  const found = TAX_PRESETS.find(
    ({ taxes }) =>
      taxes.ivaRate === values.ivaRate && taxes.iepsRate === rate && (taxes.iepsPerUnit !== null) === byQuota,
  );
  return found?.key ?? 'custom';
}

/** The values a preset sets; 'Refresco' keeps a cuota already typed (the shop states it per bottle). */
export function presetValues(
  key: TaxPresetKey,
  current: Pick<TaxFieldValues, 'ivaRate' | 'iepsRate' | 'iepsPerUnit'>,
): Pick<TaxFieldValues, 'ivaRate' | 'iepsRate' | 'iepsPerUnit'> {
  const preset = TAX_PRESETS.find((p) => p.key === key);
  if (!preset) return current;
  const { taxes } = preset;
  return {
    ivaRate: taxes.ivaRate,
    iepsRate: taxes.iepsRate === null ? '' : String(taxes.iepsRate),
    iepsPerUnit: taxes.iepsPerUnit === null ? '' : current.iepsPerUnit,
  };
}

/** What the schema cannot know: 'Refresco' needs its cuota. */
export function presetErrors(key: TaxPresetKey, values: Pick<TaxFieldValues, 'iepsPerUnit'>): Record<string, string> {
  return key === 'refresco' && values.iepsPerUnit === '' ? { iepsPerUnit: TAX_MESSAGES.iepsPerUnit } : {};
}

/** When the units change, a SAT unit still at the old units' default follows them. */
export function followUnits(previousUnits: string, units: string, satUnitCode: string): string | null {
  if (previousUnits === units) return null;
  const next = defaultSatUnitCode(units);
  return satUnitCode === defaultSatUnitCode(previousUnits) && next !== satUnitCode ? next : null;
}

/** A form number ('' while empty, text while typed) as a number, or null. */
export function numberOrNull(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const parsed = Number(value.replace(/[$,\s]/g, ''));
  return Number.isFinite(parsed) ? parsed : null;
}
