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
  /** The line's own key: a product may be on several lines (each weighing is one). */
  key: number;
  product: Product;
  /** In the product's unit, at most three decimals. */
  quantity: number;
  /** A price typed at the counter (pesos), for a product without one; sent with the line. */
  typedPrice?: number | null;
}

export interface CounterSale {
  lines: SaleLine[];
  /** Index of the selected line (arrows, Supr, + and −), or -1 with no lines. */
  selected: number;
  /** The key the next line gets. */
  nextKey: number;
}

export const EMPTY_SALE: CounterSale = { lines: [], selected: -1, nextKey: 1 };

export type SaleChange = { sale: CounterSale; error: null } | { sale: CounterSale; error: string };

const addMilli = (a: number, b: number) => fromMilli(toMilli(a) + toMilli(b));

/**
 * What adding a product with this quantity (null: none typed nor read from a scale label) still
 * needs from the cashier before it becomes a line: its weight (a product sold by weight is never
 * added as 1 kg silently) and its price (a product without one, unless its wholesale price
 * applies). Both false: add it at once.
 */
export function entryNeeds(product: Product, quantity: number | null): { weight: boolean; price: boolean } {
  const weight = product.sellsByWeight && quantity === null;
  return { weight, price: linePrice(product, quantity ?? 1) === null };
}

/**
 * Adds `quantity` (one when not given) of a product. A product sold by the piece goes onto its
 * line when it is already in the sale (the same code scanned again is one more); a weighed product
 * is a new line each time (each weighing is its own), as is a product whose price was typed anew.
 * The touched line is selected. A fraction of a product sold in whole pieces is refused with the
 * shared message.
 */
export function addToSale(
  sale: CounterSale,
  product: Product,
  quantity: number | null,
  typedPrice: number | null = null,
): SaleChange {
  const amount = quantity ?? 1;
  const problem = quantityProblem(product, amount);
  if (problem) return { sale, error: problem };
  const index = product.sellsByWeight ? -1 : sale.lines.findIndex((line) => mergesInto(line, product, typedPrice));
  if (index < 0) {
    const line: SaleLine = {
      key: sale.nextKey,
      product,
      quantity: amount,
      ...(typedPrice === null ? {} : { typedPrice }),
    };
    return {
      sale: { lines: [...sale.lines, line], selected: sale.lines.length, nextKey: sale.nextKey + 1 },
      error: null,
    };
  }
  const lines = sale.lines.map((line, i) =>
    i === index ? { ...line, product, quantity: addMilli(line.quantity, amount) } : line,
  );
  return { sale: { ...sale, lines, selected: index }, error: null };
}

/** A piece product joins its line; with a price typed now, only a line typed at that same price. */
function mergesInto(line: SaleLine, product: Product, typedPrice: number | null): boolean {
  if (line.product.id !== product.id) return false;
  return typedPrice === null || line.typedPrice === typedPrice;
}

/**
 * The selected line's quantity typed by the cashier (`*` on a selected line), and its price when
 * the line's was typed. The shared rule refuses a fraction of a piece product.
 */
export function setSelectedLine(sale: CounterSale, quantity: number, typedPrice?: number | null): SaleChange {
  const line = sale.lines[sale.selected];
  if (!line) return { sale, error: null };
  const problem = quantityProblem(line.product, quantity);
  if (problem) return { sale, error: problem };
  const price = typedPrice === undefined || typedPrice === null ? {} : { typedPrice };
  const lines = sale.lines.map((l, i) => (i === sale.selected ? { ...l, quantity, ...price } : l));
  return { sale: { ...sale, lines }, error: null };
}

/**
 * 'N artículos': the units in the sale, counting each piece and one per weighed line (1.250 kg of
 * cheese is one article, 3 soaps are three).
 */
export function articleCount(lines: readonly SaleLine[]): number {
  return lines.reduce((count, line) => count + (line.product.sellsByWeight ? 1 : line.quantity), 0);
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
  return { ...sale, lines, selected: Math.min(sale.selected, lines.length - 1) };
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

/** A line with the price the server will use (the shared rule: a typed price, else wholesale from its minimum up). */
export function priceLine(line: SaleLine): PricedLine {
  const used = linePrice(line.product, line.quantity, line.typedPrice);
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

/**
 * A number field's value as a number: Mantine's NumberInput hands a string for what a number would
 * change ('12.50', '0.'), so '12.50' is 12.5; empty or unreadable is null.
 */
export function numberValue(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.replace(/[$,\s]/g, '');
  if (text === '') return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

/** The bills offered on the pay dialog next to 'Exacto'. */
export const QUICK_BILLS = [50, 100, 200, 500] as const;
