import { lazily } from './lazy.js';
// Quantities and stock are decimal, exact to the thousandth: the database keeps integer
// thousandths (`*_milli` columns) and every sum is made on them; the API and the screens carry
// numbers with at most three decimals.

export const MILLI_PER_UNIT = 1000;
export const MAX_QUANTITY_DECIMALS = 3;
export const QUANTITY_DECIMALS_MESSAGE = 'La cantidad admite como máximo tres decimales.';

/** Quantity (at most 3 decimals, already validated) to integer thousandths. */
export function toMilli(quantity: number): number {
  return Math.round(quantity * MILLI_PER_UNIT);
}

export function fromMilli(milli: number): number {
  return milli / MILLI_PER_UNIT;
}

/** True when a quantity has no more than three decimals (0.750 yes, 0.7505 no). */
export function hasAtMostThreeDecimals(quantity: number): boolean {
  if (!Number.isFinite(quantity)) return false;
  const milli = quantity * MILLI_PER_UNIT;
  return Math.abs(milli - Math.round(milli)) < 1e-6;
}

export function isWholeQuantity(quantity: number): boolean {
  return Number.isInteger(quantity);
}

/** The refusal for a fraction of a product sold in whole pieces. */
export function wholeUnitsMessage(productName: string): string {
  return `El producto "${productName}" se vende por piezas completas; la cantidad no puede tener decimales.`;
}

/** Null when `quantity` suits the product; otherwise the Spanish reason naming it. */
export function quantityProblem(product: { name: string; sellsByWeight: boolean }, quantity: number): string | null {
  return product.sellsByWeight || isWholeQuantity(quantity) ? null : wholeUnitsMessage(product.name);
}

const DECIMAL_NOTATION = /^(\d+([.,]\d*)?|[.,]\d+)$/;

/**
 * What a person typed as a quantity, in decimal notation only: '1.5' and '0,5' are 1.5 and 0.5;
 * '0x10', '1e3', '1,000.5', '' and '-1' are not quantities (null). The number of decimals is
 * not checked here (hasAtMostThreeDecimals), so the caller can say why it refuses '0.7505'.
 */
export function parseQuantityInput(text: string): number | null {
  const trimmed = text.trim();
  if (!DECIMAL_NOTATION.test(trimmed)) return null;
  return Number(trimmed.replace(',', '.'));
}

const quantityFormats = {
  whole: lazily(() => new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 })),
  fraction: lazily(() => new Intl.NumberFormat('es-MX', { minimumFractionDigits: 3, maximumFractionDigits: 3 })),
};

/**
 * es-MX with the unit: whole quantities without decimals ('3 pza', '1,250 kg'), fractions with
 * all three, as a scale shows them ('0.750 kg').
 */
export function formatQuantity(quantity: number, units?: string | null): string {
  const text = (isWholeQuantity(quantity) ? quantityFormats.whole : quantityFormats.fraction)().format(quantity);
  return units ? `${text} ${units}` : text;
}

/** A change with its sign: '+2', '-0.250'. */
export function formatSignedQuantity(quantity: number): string {
  return quantity > 0 ? `+${formatQuantity(quantity)}` : formatQuantity(quantity);
}
