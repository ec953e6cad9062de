import { lineTaxes, type TaxTerms } from '@mostrador/shared';
import type { ReceiptItemRow } from '../../db/schema.js';

// A line's tax columns as stored: the terms it was split with and the split itself. A sale line
// takes its product's terms at the time of sale; a returned line takes the terms its sold line
// was split with, whatever the product says now. The rule (lineTaxes) runs here, in Node, for
// both databases: they only store the result.

/** The tax columns of a receipt line or a returned line. */
export interface LineTaxRow {
  ivaRate: TaxTerms['ivaRate'];
  iepsRatePpm: number | null;
  iepsQuotaMicros: number | null;
  baseCents: number;
  iepsCents: number;
  ivaCents: number;
}

/** The terms a row was split with (a product's, or a sold line's snapshot). */
export function termsOf(row: Pick<ReceiptItemRow, 'ivaRate' | 'iepsRatePpm' | 'iepsQuotaMicros'>): TaxTerms {
  return {
    ivaRate: row.ivaRate,
    // PostgreSQL's bigint comes back as a number (db/connection.ts); a JSON read may carry a string.
    iepsRatePpm: row.iepsRatePpm === null ? null : Number(row.iepsRatePpm),
    iepsQuotaMicros: row.iepsQuotaMicros === null ? null : Number(row.iepsQuotaMicros),
  };
}

/** An amount (taxes included) of `quantityMilli` split with `terms`, as the line's columns. */
export function lineTaxRow(amountCents: number, quantityMilli: number, terms: TaxTerms): LineTaxRow {
  return { ...terms, ...lineTaxes(amountCents, quantityMilli, terms) };
}
