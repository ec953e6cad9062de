// A product's margin as the form shows it to Admin and Manager: its price without the taxes the
// shop collects for the SAT (IVA and IEPS: the base a sale's profit is reckoned on) against its
// cost (which keeps the IEPS paid to the supplier, per the profit rule).
import {
  lineTaxes,
  MILLI_PER_UNIT,
  normalizeForSearch,
  pesosToCents,
  type ProductTaxFields,
  taxTermsOf,
} from '@mostrador/shared';

export interface Margin {
  /** The price without IVA and IEPS, centavos. */
  baseCents: number;
  /** base − cost, centavos. */
  profitCents: number;
  /** profit / base in percent, one decimal; negative when the cost passes the base. */
  percent: number;
}

/** The margin of one unit sold at `price` (pesos, taxes included); null without a price or a cost. */
export function marginOf(price: number | null, cost: number | null, taxes: ProductTaxFields): Margin | null {
  if (price === null || cost === null || !(price > 0)) return null;
  const { baseCents } = lineTaxes(pesosToCents(price), MILLI_PER_UNIT, taxTermsOf(taxes));
  if (baseCents <= 0) return null;
  const profitCents = baseCents - pesosToCents(cost);
  return { baseCents, profitCents, percent: Math.round((profitCents / baseCents) * 1000) / 10 };
}

/** '31.2 %', as es-MX writes it. */
export function formatPercent(percent: number): string {
  return `${percent.toLocaleString('es-MX', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}

/** The categories in use, once each (accents and case ignored; the first spelling kept), by name. */
export function categoriesInUse(products: readonly { category?: string | null }[]): string[] {
  const seen = new Map<string, string>();
  for (const { category } of products) {
    const name = category?.trim();
    if (name && !seen.has(normalizeForSearch(name))) seen.set(normalizeForSearch(name), name);
  }
  return [...seen.values()].sort(new Intl.Collator('es-MX', { sensitivity: 'base' }).compare);
}
