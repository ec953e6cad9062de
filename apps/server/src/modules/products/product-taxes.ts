import {
  type CreateProductBody,
  type EditProductBody,
  percentToPpm,
  pesosToMicros,
  productTaxDefaults,
  taxFieldsOf,
} from '@mostrador/shared';
import type { Insertable } from 'kysely';
import type { ProductRow, ProductsTable } from '../../db/schema.js';

// A product's taxes between the API (percent, pesos) and its columns (exact millionths).

export type TaxColumns = Required<
  Pick<
    Insertable<ProductsTable>,
    'iepsRatePpm' | 'iepsQuotaMicros' | 'satProductCode' | 'satUnitCode' | 'ivaRate' | 'taxesReviewed'
  >
>;
type TaxRow = Pick<ProductRow, keyof TaxColumns>;

const ppmOrNull = (percent: number | null) => (percent === null ? null : percentToPpm(percent));
const microsOrNull = (pesos: number | null) => (pesos === null ? null : pesosToMicros(pesos));

/** What a new product stores: what it was sent, the defaults for the rest; saved is reviewed. */
export function taxColumnsOfNew(input: CreateProductBody): TaxColumns {
  const defaults = productTaxDefaults(input.units);
  return {
    ivaRate: input.ivaRate ?? defaults.ivaRate,
    iepsRatePpm: ppmOrNull(input.iepsRate ?? null),
    iepsQuotaMicros: microsOrNull(input.iepsPerUnit ?? null),
    satProductCode: input.satProductCode ?? defaults.satProductCode,
    satUnitCode: input.satUnitCode ?? defaults.satUnitCode,
    taxesReviewed: 1,
  };
}

/**
 * What an edit changes: only the fields it sent (a form of an older version, or a client that
 * only renames, keeps the taxes). IEPS is by rate or by cuota: setting one clears the other.
 * Saving the product is its review.
 */
export function taxPatchOfEdit(input: EditProductBody): Partial<TaxColumns> {
  const patch: Partial<TaxColumns> = { taxesReviewed: 1 };
  if (input.ivaRate !== undefined) patch.ivaRate = input.ivaRate;
  if (input.iepsRate !== undefined) patch.iepsRatePpm = ppmOrNull(input.iepsRate);
  if (input.iepsPerUnit !== undefined) patch.iepsQuotaMicros = microsOrNull(input.iepsPerUnit);
  if (input.iepsRate != null && input.iepsPerUnit === undefined) patch.iepsQuotaMicros = null;
  if (input.iepsPerUnit != null && input.iepsRate === undefined) patch.iepsRatePpm = null;
  if (input.satProductCode !== undefined) patch.satProductCode = input.satProductCode;
  if (input.satUnitCode !== undefined) patch.satUnitCode = input.satUnitCode;
  return patch;
}

/** The API's tax fields of a stored product. */
export function taxFieldsOfRow(row: TaxRow) {
  return {
    ...taxFieldsOf({ ivaRate: row.ivaRate, iepsRatePpm: row.iepsRatePpm, iepsQuotaMicros: row.iepsQuotaMicros }),
    satProductCode: row.satProductCode,
    satUnitCode: row.satUnitCode,
    taxesReviewed: row.taxesReviewed === 1,
  };
}
