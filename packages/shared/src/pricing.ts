// The price of a sale line: the counter, the receipt form and the server all ask here.
import { formatPayment, pesosToCents } from './money.js';
import { toMilli } from './quantities.js';

export interface PricedProduct {
  name: string;
  /** Precio de venta, pesos. */
  price: number | null;
  /** Precio de mayoreo, pesos; applies from wholesaleMinQuantity up. */
  wholesalePrice: number | null;
  wholesaleMinQuantity: number | null;
}

export type PriceSource = 'typed' | 'wholesale' | 'regular';

export interface LinePrice {
  /** Unit price, pesos. */
  price: number;
  source: PriceSource;
}

/**
 * A typed price wins; else the wholesale price when the quantity reaches the wholesale minimum;
 * else the product's price; null when there is none (missingPriceMessage says so).
 */
export function linePrice(product: PricedProduct, quantity: number, typedPrice?: number | null): LinePrice | null {
  if (typedPrice !== undefined && typedPrice !== null) return { price: typedPrice, source: 'typed' };
  if (
    product.wholesalePrice !== null &&
    product.wholesaleMinQuantity !== null &&
    toMilli(quantity) >= toMilli(product.wholesaleMinQuantity)
  ) {
    return { price: product.wholesalePrice, source: 'wholesale' };
  }
  if (product.price !== null) return { price: product.price, source: 'regular' };
  return null;
}

export function missingPriceMessage(productName: string): string {
  return `El producto "${productName}" no tiene precio de venta; escribe el precio.`;
}

/**
 * The lowest unit price (pesos) a product without a price (an open price, typed at the counter)
 * may be sold at without a supervisor's say: the shop's OPEN_PRICE_FLOOR, none when it is 0. The
 * one place for that rule: every check of a typed price (the server's 403, the counter's and the
 * receipt form's message) follows it.
 */
export function openPriceFloor(shopFloorPesos: number): number | null {
  return pesosToCents(shopFloorPesos) > 0 ? shopFloorPesos : null;
}

/**
 * The lowest unit price (pesos) a line may be typed at without an Admin's or Manager's say: what
 * the rule gives without a typed price, so the wholesale price from the wholesale minimum up, else
 * the product's price. A product without a price has the open-price floor (openPriceFloor).
 */
export function priceFloor(product: PricedProduct, quantity: number, shopOpenFloorPesos = 0): number | null {
  return linePrice(product, quantity)?.price ?? openPriceFloor(shopOpenFloorPesos);
}

/** The floor a typed price goes under (pesos), or null when the price is the floor or above (compared in centavos). */
export function belowPriceFloor(
  product: PricedProduct,
  quantity: number,
  typedPrice?: number | null,
  shopOpenFloorPesos = 0,
): number | null {
  if (typedPrice === undefined || typedPrice === null) return null;
  const floor = priceFloor(product, quantity, shopOpenFloorPesos);
  return floor !== null && pesosToCents(typedPrice) < pesosToCents(floor) ? floor : null;
}

/** Why a Seller's typed price is refused (403), naming the product and the price it may not go under. */
export function belowPriceMessage(productName: string, floorPesos: number): string {
  return (
    `El precio de "${productName}" no puede ser menor que ${formatPayment(pesosToCents(floorPesos))}; ` +
    'solo un administrador o gerente puede venderlo más barato.'
  );
}

/**
 * price × quantity in centavos, rounded half away from zero (a cent and a half is two cents):
 * $89.90 × 0.755 kg = 6787.45 → $67.87. Computed in BigInt so no product of the two loses a digit.
 * A price or quantity too large for a double (1e308 pesos is Infinity centavos) has no exact
 * total: the answer is then ±Infinity (NaN for NaN), which every bound on a total refuses, rather
 * than an exception where a request's validation asks.
 */
export function lineTotalCents(priceCents: number, quantityMilli: number): number {
  if (!Number.isFinite(priceCents) || !Number.isFinite(quantityMilli)) return (priceCents * quantityMilli) / 1000;
  const product = BigInt(priceCents) * BigInt(quantityMilli);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + 500n) / 1000n;
  return Number(negative ? -rounded : rounded);
}

/** The same rule over pesos and a decimal quantity as the API carries them. */
export function lineTotalFromPesos(price: number, quantity: number): number {
  return lineTotalCents(pesosToCents(price), toMilli(quantity));
}
