import {
  belowPriceFloor,
  belowPriceMessage,
  canSellBelowPrice,
  centsToPesos,
  type CreateReceiptBody,
  DEFAULT_PAYMENT_METHOD,
  exceedsCreditLimit,
  formatPayment,
  fromMilli,
  linePrice,
  lineTotalCents,
  localTimestampToEpoch,
  MAX_RECEIPT_TOTAL_CENTS,
  missingPriceMessage,
  overCreditLimitMessage,
  pesosToCents,
  type PricedProduct,
  quantityProblem,
  RECEIPT_TOTAL_TOO_LARGE,
  type Role,
  SALE_DATE_TOLERANCE_MS,
  saleDateRefusal,
  toMilli,
} from '@mostrador/shared';
import {
  type LogCommon,
  type NewPaymentRow,
  newPaymentRow,
  type NewReceiptRow,
  newReceiptRow,
} from '../../../db/rows.js';
import type { ReceiptItemRow } from '../../../db/schema.js';
import type { Actor } from '../../../lib/actor.js';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import type { SessionToCheck } from '../../../lib/types.js';
import { admitted, type SessionCheck } from '../../sessions/sessions.service.js';
import type { ClientForSale, ProductForSale } from '../receipts.queries.js';

// The rules of a sale, once, for both databases: who sells, its date, its lines and prices, its
// credit limit, the rows it writes and the errors it is refused with. Pure: each writer
// (sqlite.writer.ts, pg.writer.ts) reads what they need and writes what they build.

/** The Idempotency-Key operation of a sale. */
export const SALE_OPERATION = 'receipt/create';
export const CASH_PAYMENT_NOTE = 'Contado';
export const FUTURE_SALE_MESSAGE = 'La fecha de la venta no puede estar en el futuro.';
export const KEY_REUSED_MESSAGE =
  'La clave Idempotency-Key ya se usó con otra solicitud. Genera una clave nueva para cada remisión.';

/** Who may let a credit sale go over the client's limit. */
const AUTHORIZERS: readonly Role[] = ['Admin', 'Manager'];

/** Who sells: a trusted actor (the demo, the benchmarks), or a session the writer checks in its own read. */
export type Seller = Actor | SessionToCheck;

export const sellerIdOf = (seller: Seller) => ('requirement' in seller ? seller.userId : seller.id);

/** The seller as their session stands now, held to it as the access plugin holds every request. */
export function admittedSeller(check: SessionCheck, toCheck: SessionToCheck): Actor {
  const { id, name, role } = admitted(check, toCheck);
  return { id, name, role };
}

/** The sale's date, refused when it is later than now (plus a few minutes) or not the seller's to choose. */
export function saleDate(body: CreateReceiptBody, seller: Actor, at: number): number {
  const date = localTimestampToEpoch(body.date);
  // A few minutes of slack for a device clock running ahead; a sale dated later is a typo
  // that would sit outside every cut.
  if (date > at + SALE_DATE_TOLERANCE_MS) throw badRequest(FUTURE_SALE_MESSAGE);
  // A Seller's sale is dated now; another date is for Admin and Manager (permissions.ts). Only a
  // signed-in actor has a role: the demo data and the bench write their history directly.
  const dateRefusal = seller.role ? saleDateRefusal(seller.role, date, at) : null;
  if (dateRefusal) throw forbidden(dateRefusal);
  return date;
}

/** The products a sale reads, each once, ascending. */
export const saleProductIds = (body: CreateReceiptBody) =>
  [...new Set(body.items.map((item) => item.productId))].sort((a, b) => a - b);

export interface PricedItem {
  productId: number;
  quantityMilli: number;
  priceCents: number;
  productName: string;
  units: string;
}

/** A product row's prices in the pricing rule's terms (pesos, units). */
function pricedProduct(product: ProductForSale): PricedProduct {
  return {
    name: product.name,
    price: product.priceCents === null ? null : centsToPesos(product.priceCents),
    wholesalePrice: product.wholesalePriceCents === null ? null : centsToPesos(product.wholesalePriceCents),
    wholesaleMinQuantity: product.wholesaleMinMilli === null ? null : fromMilli(product.wholesaleMinMilli),
  };
}

/**
 * Whether the seller may type a price below the product's (or its mayoreo) price: an Admin or a
 * Manager (canSellBelowPrice), or a trusted actor without a role (the demo, the benchmarks). The
 * supervisor's authorisation at the till, when it comes, admits a Seller's sale here: the body
 * will carry who authorised it, checked like allowOverLimit.
 */
export function mayPriceBelow(_body: CreateReceiptBody, seller: Actor): boolean {
  return seller.role === undefined || canSellBelowPrice(seller.role);
}

/**
 * The rules a sale's lines and client are held to before anything is written: products and
 * client exist, the client is enabled, quantities fit the product, every line has a price
 * (pricing rule), a price typed below the product's is the seller's to give (mayPriceBelow,
 * else 403) and the total fits. Items come back exactly as sent (a product may be on several
 * lines).
 */
export function priceSale(
  body: CreateReceiptBody,
  products: ReadonlyMap<number, ProductForSale>,
  client: ClientForSale | undefined,
  seller: Actor,
): { items: PricedItem[]; totalCents: number } {
  const missing = saleProductIds(body).find((id) => !products.has(id));
  if (missing !== undefined) throw notFound(`El producto #${missing} no existe.`);
  if (body.clientId !== undefined) {
    if (!client) throw notFound(`El cliente #${body.clientId} no existe.`);
    if (client.isEnabled !== 1) {
      const name = [client.firstName, client.lastName].filter(Boolean).join(' ');
      throw badRequest(`El cliente "${name}" está deshabilitado; elige otro cliente.`);
    }
  }
  const belowAllowed = mayPriceBelow(body, seller);
  const items = body.items.map((item) => {
    const product = products.get(item.productId)!;
    const problem = quantityProblem({ name: product.name, sellsByWeight: product.sellsByWeight === 1 }, item.quantity);
    if (problem) throw badRequest(problem);
    const prices = pricedProduct(product);
    const price = linePrice(prices, item.quantity, item.price);
    if (!price) throw badRequest(missingPriceMessage(product.name));
    const floor = belowAllowed ? null : belowPriceFloor(prices, item.quantity, item.price);
    if (floor !== null) throw forbidden(belowPriceMessage(product.name, floor));
    return {
      productId: item.productId,
      quantityMilli: toMilli(item.quantity),
      priceCents: pesosToCents(price.price),
      productName: product.name,
      units: product.units,
    };
  });
  const totalCents = items.reduce((sum, item) => sum + lineTotalCents(item.priceCents, item.quantityMilli), 0);
  if (totalCents > MAX_RECEIPT_TOTAL_CENTS) throw badRequest(RECEIPT_TOTAL_TOO_LARGE);
  return { items, totalCents };
}

/** Whether the sale goes to a client's account, held to their credit limit. */
export const isCreditSale = (body: CreateReceiptBody, client: ClientForSale | undefined) =>
  body.paymentMode === 'Credit' && client !== undefined;

/**
 * Who authorises a credit sale that takes the client over their limit: the seller when they ask
 * for it and are an Admin or Manager, else nobody (null).
 */
export function overLimitAuthorizer(body: CreateReceiptBody, seller: Actor): number | null {
  return body.allowOverLimit && seller.role && AUTHORIZERS.includes(seller.role) ? seller.id : null;
}

/** Why an over-limit credit sale is refused: not asked for (409) or asked by a Seller (403). */
export function overLimitRefusal(body: CreateReceiptBody, limitCents: number, balanceCents: number): AppError {
  if (!body.allowOverLimit)
    return conflict(overCreditLimitMessage(formatPayment(limitCents), formatPayment(balanceCents)));
  return forbidden('Solo un administrador o un gerente puede autorizar una venta sobre el límite de crédito.');
}

/**
 * The credit limit held against the client's open balance as it stands (null: no limit): who
 * authorised going over it (null when the sale stays within), or the refusal.
 */
export function creditLimitDecision(
  body: CreateReceiptBody,
  seller: Actor,
  standing: { limitCents: number; balanceCents: number } | null,
  saleCents: number,
): number | null {
  if (standing === null || !exceedsCreditLimit(standing.limitCents, standing.balanceCents, saleCents)) return null;
  const authorizer = overLimitAuthorizer(body, seller);
  if (authorizer === null) throw overLimitRefusal(body, standing.limitCents, standing.balanceCents);
  return authorizer;
}

/** The receipt's row: a Cash sale is Paid at once, a Credit sale Pending. */
export function receiptRowOf(
  body: CreateReceiptBody,
  sale: { seller: Actor; date: number; totalCents: number; at: number; overLimitAuthorizedBy: number | null },
): NewReceiptRow {
  return newReceiptRow({
    state: body.paymentMode === 'Cash' ? 'Paid' : 'Pending',
    paymentMode: body.paymentMode,
    clientId: body.clientId ?? null,
    userId: sale.seller.id,
    date: sale.date,
    totalCents: sale.totalCents,
    at: sale.at,
    overLimitAuthorizedBy: sale.overLimitAuthorizedBy,
  });
}

/** The payment of a Cash sale: the sale's total, never what was handed over (change given is not income). */
export function cashPaymentOf(
  body: CreateReceiptBody,
  sale: { receiptId: number; totalCents: number; seller: Actor; at: number; shiftId: number | null },
): NewPaymentRow {
  return newPaymentRow({
    receiptId: sale.receiptId,
    amountCents: sale.totalCents,
    note: CASH_PAYMENT_NOTE,
    userId: sale.seller.id,
    createdAt: sale.at,
    method: body.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
    shiftId: sale.shiftId,
  });
}

/** One change per product, its lines added up, in ascending product id order (no deadlocks). */
export function stockChanges(
  items: ReadonlyArray<Pick<ReceiptItemRow, 'productId' | 'quantityMilli'>>,
  sign: 1 | -1,
): Array<{ productId: number; deltaMilli: number }> {
  const quantities = new Map<number, number>();
  for (const item of items) quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantityMilli);
  return [...quantities.keys()]
    .sort((a, b) => a - b)
    .map((productId) => ({ productId, deltaMilli: sign * quantities.get(productId)! }));
}

/** What every SALE log of the receipt shares. */
export const saleLogOf = (receiptId: number, seller: Actor, at: number): LogCommon => ({
  receiptId,
  userId: seller.id,
  reason: 'SALE',
  userName: seller.name,
  note: `Remisión #${receiptId}`,
  createdAt: at,
});
