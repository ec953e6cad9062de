import {
  belowPriceFloor,
  canAuthorize,
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
  OVER_CREDIT_LIMIT,
  overCreditLimitMessage,
  pesosToCents,
  type PricedProduct,
  quantityProblem,
  RECEIPT_TOTAL_TOO_LARGE,
  receivedShortMessage,
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
import { type AuthorizationRecord, type Supervisor, supervisorRequired } from '../../supervisors/index.js';
import { lineTaxRow, type LineTaxRow, termsOf } from '../line-taxes.js';
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

/** A line as it is stored: priced, with its product's SAT keys and taxes at the time of sale. */
export interface PricedItem extends LineTaxRow {
  productId: number;
  quantityMilli: number;
  priceCents: number;
  productName: string;
  units: string;
  satProductCode: string;
  satUnitCode: string;
  /** The product's average cost when sold: past profit stays as it was (null: 'sin costo'). */
  unitCostMicros: number | null;
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
 * Whether the seller may type a price below the product's (or its mayoreo) price by themselves:
 * an Admin or a Manager (canSellBelowPrice), or a trusted actor without a role (the demo, the
 * benchmarks). A Seller needs a supervisor's authorisation (the sale's `supervisor`).
 */
export const mayPriceBelow = (seller: Actor): boolean => seller.role === undefined || canSellBelowPrice(seller.role);

/** A Seller's price below the floor, without a supervisor: 403 SUPERVISOR_REQUIRED. */
export const belowPriceRefusal = (productName: string, floorPesos: number) =>
  supervisorRequired(`El precio de "${productName}" es menor que ${formatPayment(pesosToCents(floorPesos))}`);

/**
 * The rules a sale's lines and client are held to before anything is written: products and
 * client exist, the client is enabled, quantities fit the product, every line has a price
 * (pricing rule), a price typed below the product's is the seller's to give (mayPriceBelow) or a
 * supervisor's (else 403 SUPERVISOR_REQUIRED), and the total fits. Items come back exactly as
 * sent (a product may be on several lines), each split into base + IEPS + IVA with its product's
 * taxes; `belowPriceAuthorized` says whether the supervisor's authorisation was what let a line
 * through.
 */
export function priceSale(
  body: CreateReceiptBody,
  products: ReadonlyMap<number, ProductForSale>,
  client: ClientForSale | undefined,
  seller: Actor,
  supervisor: Supervisor | null,
  openPriceFloor: number,
): { items: PricedItem[]; totalCents: number; belowPriceAuthorized: boolean } {
  const missing = saleProductIds(body).find((id) => !products.has(id));
  if (missing !== undefined) throw notFound(`El producto #${missing} no existe.`);
  if (body.clientId !== undefined) {
    if (!client) throw notFound(`El cliente #${body.clientId} no existe.`);
    if (client.isEnabled !== 1) {
      const name = [client.firstName, client.lastName].filter(Boolean).join(' ');
      throw badRequest(`El cliente "${name}" está deshabilitado; elige otro cliente.`);
    }
  }
  const belowAllowed = mayPriceBelow(seller);
  let belowPriceAuthorized = false;
  const items = body.items.map((item) => {
    const product = products.get(item.productId)!;
    const problem = quantityProblem({ name: product.name, sellsByWeight: product.sellsByWeight === 1 }, item.quantity);
    if (problem) throw badRequest(problem);
    const prices = pricedProduct(product);
    const price = linePrice(prices, item.quantity, item.price);
    if (!price) throw badRequest(missingPriceMessage(product.name));
    const floor = belowAllowed ? null : belowPriceFloor(prices, item.quantity, item.price, openPriceFloor);
    if (floor !== null) {
      if (!supervisor) throw belowPriceRefusal(product.name, floor);
      belowPriceAuthorized = true;
    }
    const quantityMilli = toMilli(item.quantity);
    const priceCents = pesosToCents(price.price);
    return {
      productId: item.productId,
      quantityMilli,
      priceCents,
      productName: product.name,
      units: product.units,
      satProductCode: product.satProductCode,
      satUnitCode: product.satUnitCode,
      unitCostMicros: product.averageCostMicros,
      // The split is made once, now, with the product's rates as they stand: the line keeps it.
      ...lineTaxRow(lineTotalCents(priceCents, quantityMilli), quantityMilli, termsOf(product)),
    };
  });
  const totalCents = items.reduce((sum, item) => sum + lineTotalCents(item.priceCents, item.quantityMilli), 0);
  if (totalCents > MAX_RECEIPT_TOTAL_CENTS) throw badRequest(RECEIPT_TOTAL_TOO_LARGE);
  // What the client handed over covers the sale (the change is what is left of it).
  if (body.received !== undefined && pesosToCents(body.received) < totalCents)
    throw badRequest(receivedShortMessage(formatPayment(pesosToCents(body.received)), formatPayment(totalCents)));
  return { items, totalCents, belowPriceAuthorized };
}

/** Whether the sale goes to a client's account, held to their credit limit. */
export const isCreditSale = (body: CreateReceiptBody, client: ClientForSale | undefined) =>
  body.paymentMode === 'Credit' && client !== undefined;

/**
 * Who authorises a credit sale that takes the client over their limit: the supervisor who
 * authorised the sale; else the seller when they ask for it (allowOverLimit) and are an Admin or
 * Manager; else nobody (null).
 */
export function overLimitAuthorizer(
  body: CreateReceiptBody,
  seller: Actor,
  supervisor: Supervisor | null,
): number | null {
  if (supervisor) return supervisor.id;
  return body.allowOverLimit && seller.role && canAuthorize(seller.role) ? seller.id : null;
}

/**
 * Why an over-limit credit sale is refused: a Seller needs a supervisor (403
 * SUPERVISOR_REQUIRED); an Admin or Manager did not ask for it (409, they may send it again with
 * allowOverLimit); a trusted actor without a role who asks is not one to authorise it (403).
 */
export function overLimitRefusal(
  body: CreateReceiptBody,
  seller: Actor,
  limitCents: number,
  balanceCents: number,
): AppError {
  const limit = formatPayment(limitCents);
  const balance = formatPayment(balanceCents);
  if (seller.role !== undefined && !canAuthorize(seller.role)) {
    return supervisorRequired(`${OVER_CREDIT_LIMIT} (límite ${limit}, saldo ${balance})`);
  }
  if (!body.allowOverLimit) return conflict(overCreditLimitMessage(limit, balance));
  return forbidden('Solo un administrador o un gerente puede autorizar una venta sobre el límite de crédito.');
}

/**
 * The credit limit held against the client's open balance as it stands (null: no limit): who
 * authorised going over it (null when the sale stays within), or the refusal.
 */
export function creditLimitDecision(
  body: CreateReceiptBody,
  seller: Actor,
  supervisor: Supervisor | null,
  standing: { limitCents: number; balanceCents: number } | null,
  saleCents: number,
): number | null {
  if (standing === null || !exceedsCreditLimit(standing.limitCents, standing.balanceCents, saleCents)) return null;
  const authorizer = overLimitAuthorizer(body, seller, supervisor);
  if (authorizer === null) throw overLimitRefusal(body, seller, standing.limitCents, standing.balanceCents);
  return authorizer;
}

/**
 * The authorisations a sale stores, in this order: going over the credit limit (stored only when
 * the sale did go over it: `overLimitBy`, decided where the balance is known) and a price below
 * the product's let through by the supervisor.
 */
export function saleAuthorizations(sale: {
  receiptId: number;
  seller: Actor;
  at: number;
  overLimitBy: number | null;
  belowPriceBy: number | null;
}): AuthorizationRecord[] {
  const common = { receiptId: sale.receiptId, userId: sale.seller.id, createdAt: sale.at };
  return [
    ...(sale.overLimitBy === null ? [] : [{ ...common, kind: 'OVER_LIMIT' as const, authorizedBy: sale.overLimitBy }]),
    ...(sale.belowPriceBy === null
      ? []
      : [{ ...common, kind: 'BELOW_PRICE' as const, authorizedBy: sale.belowPriceBy }]),
  ];
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
    receivedCents: body.received === undefined ? null : pesosToCents(body.received),
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
