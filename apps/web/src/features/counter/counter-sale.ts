// The sale on the counter screen as data: what the code field means, the lines and the selected
// one, their prices and the change. No React here, so the rules are unit-tested directly.
import {
  fromMilli,
  hasAtMostThreeDecimals,
  linePrice,
  lineTotalFromPesos,
  missingPriceMessage,
  parseQuantityInput,
  pesosToCents,
  type PriceSource,
  type Product,
  QUANTITY_DECIMALS_MESSAGE,
  quantityProblem,
  toMilli,
} from '@mostrador/shared';

/** What the code field holds when Enter is pressed: a code, and the quantity before a '*'. */
export type CodeEntry =
  { kind: 'code'; code: string; quantity: number | null } | { kind: 'error'; message: string } | { kind: 'empty' };

export const INVALID_QUANTITY_MESSAGE = 'Escribe la cantidad antes del *: 3*código o 0.750*código.';

/** '7501', '3*7501' (three), '0.750*7501' or '0,750*7501' (a weight). */
export function parseCodeEntry(text: string): CodeEntry {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'empty' };
  const star = trimmed.indexOf('*');
  if (star < 0) return { kind: 'code', code: trimmed, quantity: null };
  const quantity = parseQuantityInput(trimmed.slice(0, star));
  const code = trimmed.slice(star + 1).trim();
  if (quantity === null || quantity <= 0 || !code) return { kind: 'error', message: INVALID_QUANTITY_MESSAGE };
  if (!hasAtMostThreeDecimals(quantity)) return { kind: 'error', message: QUANTITY_DECIMALS_MESSAGE };
  return { kind: 'code', code, quantity };
}

export interface SaleLine {
  product: Product;
  /** In the product's unit, at most three decimals. */
  quantity: number;
}

export interface CounterSale {
  lines: SaleLine[];
  /** Index of the selected line (arrows, Supr, + and −), or -1 with no lines. */
  selected: number;
}

export const EMPTY_SALE: CounterSale = { lines: [], selected: -1 };

export type SaleChange = { sale: CounterSale; error: null } | { sale: CounterSale; error: string };

const addMilli = (a: number, b: number) => fromMilli(toMilli(a) + toMilli(b));

/**
 * Adds `quantity` (one when not given) of a product: onto its line when it is already in the sale
 * (the same code scanned again is one more), else as a new last line. The touched line is selected.
 * A fraction of a product sold in whole pieces is refused with the shared message.
 */
export function addToSale(sale: CounterSale, product: Product, quantity: number | null): SaleChange {
  const amount = quantity ?? 1;
  const problem = quantityProblem(product, amount);
  if (problem) return { sale, error: problem };
  const index = sale.lines.findIndex((line) => line.product.id === product.id);
  if (index < 0) {
    return {
      sale: { lines: [...sale.lines, { product, quantity: amount }], selected: sale.lines.length },
      error: null,
    };
  }
  const lines = sale.lines.map((line, i) =>
    i === index ? { product, quantity: addMilli(line.quantity, amount) } : line,
  );
  return { sale: { lines, selected: index }, error: null };
}

/** + and −: one unit more or less on the selected line; never down to zero (Supr removes it). */
export function stepSelected(sale: CounterSale, step: 1 | -1): CounterSale {
  const line = sale.lines[sale.selected];
  if (!line) return sale;
  const quantity = addMilli(line.quantity, step);
  if (quantity <= 0) return sale;
  const lines = sale.lines.map((l, i) => (i === sale.selected ? { ...l, quantity } : l));
  return { ...sale, lines };
}

export function removeSelected(sale: CounterSale): CounterSale {
  if (!sale.lines[sale.selected]) return sale;
  const lines = sale.lines.filter((_, i) => i !== sale.selected);
  return { lines, selected: Math.min(sale.selected, lines.length - 1) };
}

export function moveSelection(sale: CounterSale, step: 1 | -1): CounterSale {
  if (!sale.lines.length) return sale;
  return { ...sale, selected: Math.min(Math.max(sale.selected + step, 0), sale.lines.length - 1) };
}

export interface PricedLine extends SaleLine {
  /** Unit price used, pesos, with where it came from; null when the product has none. */
  price: number | null;
  source: PriceSource | null;
  totalCents: number;
}

/** A line with the price the server will use (the shared rule: wholesale from its minimum up). */
export function priceLine(line: SaleLine): PricedLine {
  const used = linePrice(line.product, line.quantity);
  return {
    ...line,
    price: used?.price ?? null,
    source: used?.source ?? null,
    totalCents: used ? lineTotalFromPesos(used.price, line.quantity) : 0,
  };
}

export function saleTotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.totalCents, 0);
}

/** The first line the server would refuse for lack of a price, as its message; null when all have one. */
export function missingPrice(lines: readonly PricedLine[]): string | null {
  const line = lines.find((l) => l.price === null);
  return line ? missingPriceMessage(line.product.name) : null;
}

/** Change in centavos for what the client handed over (pesos); negative while it falls short. */
export function changeCents(receivedPesos: number | null, totalCents: number): number {
  return receivedPesos === null ? -totalCents : pesosToCents(receivedPesos) - totalCents;
}

/** The bills offered on the pay dialog next to 'Exacto'. */
export const QUICK_BILLS = [50, 100, 200, 500] as const;
