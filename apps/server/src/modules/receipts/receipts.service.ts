import {
  type AddPaymentBody,
  businessDayBounds,
  DEFAULT_PAYMENT_METHOD,
  centsToPesos,
  type CreateReceiptBody,
  formatPayment,
  fromMilli,
  isBelowPaymentMinimum,
  type listReceiptsQuerySchema,
  localTimestampToEpoch,
  linePrice,
  MANUAL_PAYMENT_NOTE,
  MAX_RECEIPT_TOTAL_CENTS,
  missingPriceMessage,
  PAYMENT_MINIMUM_MESSAGE,
  pesosToCents,
  type PricedProduct,
  quantityProblem,
  RECEIPT_TOTAL_TOO_LARGE,
  toMilli,
  type Receipt,
  RECEIPT_PAGE_LINES_MAX,
  RECEIPT_PAGE_SIZE_DEFAULT,
  RECEIPT_STATE_WORDS,
  SALE_DATE_TOLERANCE_MS,
  saleDateRefusal,
  type PaymentMethod,
  type ReceiptState,
  stateChangeRefusal,
  stateChangeRefusalMessage,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DialectName, Executor } from '../../db/connection.js';
import type { DB, PaymentRow, ReceiptItemRow, ReceiptRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import type { CashService } from '../cash/cash.service.js';
import type { CreditService } from '../credit/credit.service.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.js';
import { applyStockChanges } from '../inventory/stock.js';
import {
  claimKey,
  findStoredAnswer,
  IDEMPOTENCY_TTL_MS,
  IdempotencyKeyTaken,
  pruneExpiredKeys,
  requestHash,
  type StoredAnswer,
  storeAnswer,
} from './idempotency.js';
import { fenceAgainstCut, lateEntryRow } from '../reports/late-entries.js';
import { flagCancellation, flagPayment, flagSale, saleLateEntries } from './late-flags.js';
import { toReceipt, toReceipts, totalsOfRows as totals } from './receipts.mapping.js';
import { admitted, sessionCheckOf, type SessionToCheck, type SessionUserRow } from '../sessions/sessions.service.js';
import { createPgSaleBatcher, type SaleBuild } from './receipts.pg-sale-batch.js';
import * as q from './receipts.queries.js';
import { newPaymentRow, newReceiptRow } from './receipts.rows.js';

export type ListReceiptsParams = z.output<typeof listReceiptsQuerySchema>;

export interface CreateReceiptResult {
  /** Only successful sales are stored under a key, so a replay is a 201 too. */
  statusCode: 201;
  receipt: Receipt;
  /** True when this is the stored answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

export const CASH_PAYMENT_NOTE = 'Contado';
export const SETTLEMENT_PAYMENT_NOTE = 'Liquidación';
export const REFUND_PAYMENT_NOTE = 'Devolución por cancelación';
const CREATE_OPERATION = 'receipt/create';
const PRUNE_EVERY_MS = 60_000;

const receiptNotFound = (id: number) => notFound(`La remisión #${id} no existe.`);

const FUTURE_SALE_TOLERANCE_MS = SALE_DATE_TOLERANCE_MS;
export const FUTURE_SALE_MESSAGE = 'La fecha de la venta no puede estar en el futuro.';

/** A product row's prices in the pricing rule's terms (pesos, units). */
function pricedProduct(product: q.ProductForSale): PricedProduct {
  return {
    name: product.name,
    price: product.priceCents === null ? null : centsToPesos(product.priceCents),
    wholesalePrice: product.wholesalePriceCents === null ? null : centsToPesos(product.wholesalePriceCents),
    wholesaleMinQuantity: product.wholesaleMinMilli === null ? null : fromMilli(product.wholesaleMinMilli),
  };
}

export interface ReceiptsDeps {
  db: Kysely<DB>;
  /** PostgreSQL sells in two round trips (receipts.pg-sale.ts); SQLite through Kysely, in-process. */
  dialect: DialectName;
  /** The database's shared runner: concurrent sales commit together on SQLite. */
  transact: TransactionRunner;
  clock: Clock;
  /** Holds a credit sale to the client's limit, inside the sale's transaction. */
  credit: Pick<CreditService, 'checkCreditSale' | 'overLimitAuthorizer' | 'overLimitRefusal'>;
  /** The acting user's open cash shift, stamped on the payments they make. */
  cash: Pick<CashService, 'openShiftIdForPayment'>;
}

/** Who sells: a signed-in actor, or (PostgreSQL) a session the sale's own read checks. */
export type Seller = Actor | SessionToCheck;

const sellerIdOf = (seller: Seller) => ('requirement' in seller ? seller.userId : seller.id);

/** On SQLite the access plugin has already checked the session: a session still to check never gets here. */
function checkedSeller(seller: Seller): Actor {
  if ('requirement' in seller) throw new Error('Solo una venta en PostgreSQL comprueba su propia sesión.');
  return seller;
}

/** The seller as the sale's read found their session, held to it as the access plugin holds every request. */
function actorOfSession(row: SessionUserRow | null, toCheck: SessionToCheck): Actor {
  const { id, name, role } = admitted(sessionCheckOf(row ?? undefined, toCheck.sessionId), toCheck);
  return { id, name, role };
}

export function createReceiptsService({ db, dialect, transact, clock, credit, cash }: ReceiptsDeps) {
  let lastPrune = 0;
  const pgSales = dialect === 'postgres' ? createPgSaleBatcher(db) : undefined;

  /** Receipts in the API's shape, with their items, payments, client and seller. */
  async function hydrate(executor: Executor, rows: readonly ReceiptRow[]): Promise<Receipt[]> {
    return rows.length === 0 ? [] : toReceipts(rows, await q.findReceiptRelations(executor, rows));
  }

  /**
   * The page out of newest-first candidates (up to limit + 1 of them): at most `limit` receipts
   * and RECEIPT_PAGE_LINES_MAX lines (the first receipt always), so the answer's size is bounded
   * however large the receipts are. nextCursor when any candidate is left out.
   */
  async function boundedPage(candidates: readonly ReceiptRow[], limit: number) {
    const head = candidates.slice(0, limit);
    const lines = await q.findLineCounts(
      db,
      head.map((row) => row.id),
    );
    let taken = 0;
    let lineCount = 0;
    for (const row of head) {
      const rowLines = lines.get(row.id) ?? 0;
      if (taken > 0 && lineCount + rowLines > RECEIPT_PAGE_LINES_MAX) break;
      lineCount += rowLines;
      taken += 1;
    }
    const page = head.slice(0, taken);
    const last = page.at(-1);
    const nextCursor = candidates.length > taken && last ? encodeCursor({ date: last.date, id: last.id }) : null;
    return { page, nextCursor };
  }

  async function hydrateOne(executor: Executor, row: ReceiptRow): Promise<Receipt> {
    const [receipt] = await hydrate(executor, [row]);
    return receipt!;
  }

  /** The sale's date, refused when it is later than now (plus a few minutes). */
  function saleDate(body: CreateReceiptBody, seller: Actor, at: number): number {
    const date = localTimestampToEpoch(body.date);
    // A few minutes of slack for a device clock running ahead; a sale dated later is a typo
    // that would sit outside every cut.
    if (date > at + FUTURE_SALE_TOLERANCE_MS) throw badRequest(FUTURE_SALE_MESSAGE);
    // A Seller's sale is dated now; another date is for Admin and Manager (permissions.ts). Only a
    // signed-in actor has a role: the demo data and the bench write their history directly.
    const dateRefusal = seller.role ? saleDateRefusal(seller.role, date, at) : null;
    if (dateRefusal) throw forbidden(dateRefusal);
    return date;
  }

  /**
   * The rules a sale's lines and client are held to before anything is written (both databases):
   * products and client exist, the client is enabled, quantities fit the product, every line
   * has a price (pricing rule) and the total fits.
   */
  function priceSale(
    body: CreateReceiptBody,
    productIds: readonly number[],
    products: ReadonlyMap<number, q.ProductForSale>,
    client: q.ClientForSale | undefined,
  ) {
    const missing = productIds.find((id) => !products.has(id));
    if (missing !== undefined) throw notFound(`El producto #${missing} no existe.`);
    if (body.clientId !== undefined) {
      if (!client) throw notFound(`El cliente #${body.clientId} no existe.`);
      if (client.isEnabled !== 1) {
        const name = [client.firstName, client.lastName].filter(Boolean).join(' ');
        throw badRequest(`El cliente "${name}" está deshabilitado; elige otro cliente.`);
      }
    }
    const items = body.items.map((item) => {
      const product = products.get(item.productId)!;
      const problem = quantityProblem(
        { name: product.name, sellsByWeight: product.sellsByWeight === 1 },
        item.quantity,
      );
      if (problem) throw badRequest(problem);
      const price = linePrice(pricedProduct(product), item.quantity, item.price);
      if (!price) throw badRequest(missingPriceMessage(product.name));
      return {
        productId: item.productId,
        quantityMilli: toMilli(item.quantity),
        priceCents: pesosToCents(price.price),
        productName: product.name,
        units: product.units,
      };
    });
    const { totalCents } = totals(items, []);
    if (totalCents > MAX_RECEIPT_TOTAL_CENTS) throw badRequest(RECEIPT_TOTAL_TOO_LARGE);
    return { items, totalCents };
  }

  const saleProductIds = (body: CreateReceiptBody) =>
    [...new Set(body.items.map((item) => item.productId))].sort((a, b) => a - b);

  /** The sale itself: receipt, items, stock decrements with SALE logs and, for Cash, its payment. */
  async function sell(trx: Executor, body: CreateReceiptBody, seller: Actor, at: number): Promise<Receipt> {
    const date = saleDate(body, seller, at);
    const productIds = saleProductIds(body);
    const products = new Map((await q.findProductsForSale(trx, productIds)).map((p) => [p.id, p]));
    const client = body.clientId === undefined ? undefined : await q.findClientForSale(trx, body.clientId);
    const { items, totalCents } = priceSale(body, productIds, products, client);
    const overLimitAuthorizedBy =
      body.paymentMode === 'Credit' && client
        ? await credit.checkCreditSale(trx, {
            clientId: client.id,
            saleCents: totalCents,
            allowOverLimit: body.allowOverLimit ?? false,
            seller,
          })
        : null;
    const receipt = await q.insertReceiptRow(
      trx,
      newReceiptRow({
        state: body.paymentMode === 'Cash' ? 'Paid' : 'Pending',
        paymentMode: body.paymentMode,
        clientId: body.clientId ?? null,
        userId: seller.id,
        date,
        totalCents,
        at,
        overLimitAuthorizedBy,
      }),
    );
    // Items exactly as sent (a product may appear on several lines).
    const itemRows = await q.insertReceiptItems(
      trx,
      items.map((item) => ({ ...item, receiptId: receipt.id })),
    );
    // Stock: one change per product with its lines added up, in ascending id order.
    await changeStock(trx, items, -1, 'SALE', seller, `Remisión #${receipt.id}`, receipt.id, at);
    const payments =
      body.paymentMode === 'Cash'
        ? [
            await q.insertPayment(trx, {
              ...cashPayment(receipt.id, totalCents, seller, at, body),
              shiftId: await cash.openShiftIdForPayment(trx, seller.id),
            }),
          ]
        : [];
    // Everything the answer needs was just written: no need to read it back.
    const itemsInOrder = [...itemRows].sort((a, b) => a.id - b.id);
    return toReceipt(receipt, itemsInOrder, payments, client, seller.name);
  }

  /**
   * The same sale on PostgreSQL, read and written together with the sales waiting with it
   * (receipts.pg-sale-batch.ts): a stored answer of the key comes back as `stored`.
   */
  async function sellOnPostgres(
    body: CreateReceiptBody,
    asking: Seller,
    at: number,
    idempotency: { key: string; hash: string } | undefined,
  ): Promise<{ receipt: Receipt } | { stored: StoredAnswer }> {
    const productIds = saleProductIds(body);
    const ask = {
      productIds,
      clientId: body.clientId ?? null,
      sessionId: 'requirement' in asking ? asking.sessionId : null,
      key: idempotency
        ? { userId: sellerIdOf(asking), key: idempotency.key, liveAfter: at - IDEMPOTENCY_TTL_MS }
        : null,
      lines: body.items.length,
      cash: body.paymentMode === 'Cash',
    };
    return pgSales!.sell(ask, (read): SaleBuild<{ receipt: Receipt } | { stored: StoredAnswer }> => {
      // The session first: a replay, too, is answered only to a session that still holds.
      const seller: Actor = 'requirement' in asking ? actorOfSession(read.session, asking) : asking;
      if (read.stored) return { answer: { stored: read.stored } };
      const date = saleDate(body, seller, at);
      const client = read.client ?? undefined;
      const { items, totalCents } = priceSale(body, productIds, new Map(read.products.map((p) => [p.id, p])), client);
      const creditSale = body.paymentMode === 'Credit' && client !== undefined;
      const receiptRow = {
        id: read.receiptId,
        ...newReceiptRow({
          state: body.paymentMode === 'Cash' ? 'Paid' : 'Pending',
          paymentMode: body.paymentMode,
          clientId: body.clientId ?? null,
          userId: seller.id,
          date,
          totalCents,
          at,
          // mostrador_sell sets it when the sale goes over the limit (not part of the answer).
          overLimitAuthorizedBy: null,
        }),
      };
      const itemRows = items.map((item, i) => ({ ...item, id: read.itemIds[i]!, receiptId: receiptRow.id }));
      const payment =
        read.paymentId === null
          ? null
          : {
              id: read.paymentId,
              // mostrador_sell stamps the seller's open cash shift, share-locked (not part of the answer).
              ...newPaymentRow({ ...cashPayment(receiptRow.id, totalCents, seller, at, body), shiftId: null }),
            };
      const receipt = toReceipt(receiptRow, itemRows, payment ? [payment] : [], client, seller.name);
      const allowOverLimit = body.allowOverLimit ?? false;
      return {
        answer: { receipt },
        write: {
          key: idempotency
            ? {
                userId: seller.id,
                key: idempotency.key,
                operation: CREATE_OPERATION,
                requestHash: idempotency.hash,
                statusCode: 201,
                responseBody: JSON.stringify(receipt),
                createdAt: at,
                expiredAt: at - IDEMPOTENCY_TTL_MS,
              }
            : null,
          credit: creditSale
            ? {
                clientId: client.id,
                saleCents: totalCents,
                authorizedBy: credit.overLimitAuthorizer({ allowOverLimit, seller }),
              }
            : null,
          receipt: receiptRow,
          items: itemRows,
          payment,
          stock: stockChanges(items, -1),
          log: {
            receiptId: receiptRow.id,
            userId: seller.id,
            reason: 'SALE',
            userName: seller.name,
            note: `Remisión #${receiptRow.id}`,
            createdAt: at,
          },
          late: saleLateEntries(receipt, seller, at).map(lateEntryRow),
          at,
        },
        refusals: {
          overLimit: (limitCents, balanceCents) =>
            credit.overLimitRefusal({ allowOverLimit }, limitCents, balanceCents),
        },
      };
    });
  }

  /** The sale, then the late flag of a day that already has a cut (late-flags.ts). */
  async function sellAndFlag(trx: Executor, body: CreateReceiptBody, seller: Actor, at: number): Promise<Receipt> {
    const sold = await sell(trx, body, seller, at);
    await flagSale(trx, sold, seller, at);
    return sold;
  }

  function replay(stored: StoredAnswer, hash: string): CreateReceiptResult {
    if (stored.requestHash !== hash || stored.statusCode !== 201) {
      throw conflict(
        'La clave Idempotency-Key ya se usó con otra solicitud. Genera una clave nueva para cada remisión.',
      );
    }
    return { statusCode: 201, receipt: JSON.parse(stored.responseBody) as Receipt, replayed: true };
  }

  function pruneKeysNow(at: number) {
    if (at - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = at;
    // Housekeeping only: a failure here must not fail the sale.
    pruneExpiredKeys(db, at).catch(() => undefined);
  }

  return {
    /** Whether `create` takes a session still to check (SessionToCheck) and checks it in the sale's own read. */
    readsSessionInSale: pgSales !== undefined,

    /**
     * A sale by a signed-in seller, or (PostgreSQL, `readsSessionInSale`) by a session still to
     * check, which the sale's own read checks before anything else.
     */
    async create(body: CreateReceiptBody, seller: Seller, idempotencyKey?: string): Promise<CreateReceiptResult> {
      const at = clock();
      if (idempotencyKey === undefined) {
        const receipt =
          dialect === 'postgres'
            ? ((await sellOnPostgres(body, seller, at, undefined)) as { receipt: Receipt }).receipt
            : await transact((trx) => sellAndFlag(trx, body, checkedSeller(seller), at));
        return { statusCode: 201, receipt, replayed: false };
      }

      const hash = requestHash(CREATE_OPERATION, body);
      try {
        let receipt: Receipt;
        if (dialect === 'postgres') {
          const sold = await sellOnPostgres(body, seller, at, { key: idempotencyKey, hash });
          if ('stored' in sold) return replay(sold.stored, hash);
          receipt = sold.receipt;
        } else {
          const actor = checkedSeller(seller);
          const stored = await findStoredAnswer(db, actor.id, idempotencyKey, at);
          if (stored) return replay(stored, hash);
          receipt = await transact(async (trx) => {
            await claimKey(trx, {
              userId: actor.id,
              key: idempotencyKey,
              operation: CREATE_OPERATION,
              requestHash: hash,
              now: at,
            });
            const sold = await sellAndFlag(trx, body, actor, at);
            await storeAnswer(trx, { userId: actor.id, key: idempotencyKey, statusCode: 201, body: sold });
            return sold;
          });
        }
        pruneKeysNow(at);
        return { statusCode: 201, receipt, replayed: false };
      } catch (error) {
        if (!(error instanceof IdempotencyKeyTaken)) throw error;
        // A simultaneous request with this key committed first: answer what it answered.
        // The sale that raised it had its session checked (a Seller's is, in the sale's read).
        const winner = await findStoredAnswer(db, sellerIdOf(seller), idempotencyKey, at);
        if (!winner)
          throw conflict('Otra solicitud con la misma clave Idempotency-Key está en curso. Inténtalo de nuevo.');
        return replay(winner, hash);
      }
    },

    /** One receipt as the database holds it now (404 when there is none). */
    async details(id: number): Promise<Receipt> {
      const row = await q.findReceiptRow(db, id);
      if (!row) throw receiptNotFound(id);
      return hydrateOne(db, row);
    },

    /** A page of a client's receipts, newest first, bounded like the list's pages; and how many there are. */
    async ofClient(
      clientId: number,
      { limit, cursor }: { limit: number; cursor?: string },
    ): Promise<{ receipts: Receipt[]; nextCursor: string | null; total: number }> {
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      const [rows, total] = await Promise.all([
        q.findReceiptRowsOfClient(db, clientId, { after, limit: limit + 1 }),
        q.countReceiptsOfClient(db, clientId),
      ]);
      const { page, nextCursor } = await boundedPage(rows, limit);
      return { receipts: await hydrate(db, page), nextCursor, total };
    },

    async list(params: ListReceiptsParams): Promise<{ data: Receipt[]; nextCursor: string | null }> {
      if (params.number !== undefined) {
        // A receipt found by its number, whatever its date.
        const row = await q.findReceiptRow(db, params.number);
        return { data: row ? [await hydrateOne(db, row)] : [], nextCursor: null };
      }
      const limit = params.pageSize ?? RECEIPT_PAGE_SIZE_DEFAULT;
      const after = params.cursor === undefined ? undefined : decodeCursor(params.cursor);
      const from = params.fromDate === undefined ? undefined : businessDayBounds(params.fromDate).start;
      const to = params.toDate === undefined ? undefined : businessDayBounds(params.toDate).end;

      // Two index-friendly keyset queries merged here instead of one OR, so a day's list stays
      // fast on a million receipts: the date range on receipts(date, id), and Pending receipts of
      // any date on receipts(state, date, id). Each brings at most limit + 1 rows.
      const streams = [q.findReceiptRowsPage(db, { from, to, after, limit: limit + 1 })];
      if (params.includePending && (from !== undefined || to !== undefined)) {
        streams.push(q.findReceiptRowsPage(db, { state: 'Pending', after, limit: limit + 1 }));
      }
      const byId = new Map<number, ReceiptRow>();
      for (const rows of await Promise.all(streams)) for (const row of rows) byId.set(row.id, row);
      const merged = [...byId.values()].sort((a, b) => b.date - a.date || b.id - a.id);

      const { page, nextCursor } = await boundedPage(merged, limit);
      return { data: await hydrate(db, page), nextCursor };
    },

    async changeState(id: number, target: ReceiptState, actor: Actor): Promise<Receipt> {
      return transact(async (trx) => {
        await fenceAgainstCut(trx);
        const at = clock();
        const row = await q.lockReceiptRow(trx, id, at);
        if (!row) throw receiptNotFound(id);
        const [items, payments] = await Promise.all([q.findReceiptItemRows(trx, id), q.findPaymentRows(trx, id)]);
        const { balanceCents, paidCents } = totals(items, payments);
        const refusal = stateChangeRefusal({ state: row.state, balanceCents }, target);
        if (refusal) throw conflict(stateChangeRefusalMessage(refusal, id, target));

        if (target === 'Cancelled') {
          // Everything sold goes back to stock, and the money received goes back to the client:
          // a REMOVE payment per method it was paid with (only the Efectivo one leaves the
          // drawer), so the day's cut and the acting user's shift count the refund.
          await changeStock(trx, items, 1, 'RETURN', actor, `Remisión #${id} cancelada`, id, at);
          await flagCancellation(trx, row, actor, at);
          if (paidCents > 0) {
            const shiftId = await cash.openShiftIdForPayment(trx, actor.id);
            for (const [method, cents] of netPaidByMethod(payments)) {
              await q.insertPayment(trx, {
                receiptId: id,
                amountCents: cents,
                reason: 'REMOVE',
                note: REFUND_PAYMENT_NOTE,
                userId: actor.id,
                createdAt: at,
                method,
                shiftId,
              });
            }
          }
        } else if (target === 'Paid') {
          if (balanceCents > 0) {
            const settlement = await q.insertPayment(trx, {
              receiptId: id,
              amountCents: balanceCents,
              note: SETTLEMENT_PAYMENT_NOTE,
              userId: actor.id,
              createdAt: at,
              method: DEFAULT_PAYMENT_METHOD,
              shiftId: await cash.openShiftIdForPayment(trx, actor.id),
            });
            await flagPayment(trx, { ...settlement, receivedAt: at }, 'PAYMENT', actor, at);
          }
        }
        await q.setReceiptState(trx, id, target, at);
        return hydrateOne(trx, { ...row, state: target });
      });
    },

    async addPayment(body: AddPaymentBody, actor: Actor): Promise<Receipt> {
      return transact(async (trx) => {
        await fenceAgainstCut(trx);
        const at = clock();
        const row = await q.lockReceiptRow(trx, body.receiptId, at);
        if (!row) throw receiptNotFound(body.receiptId);
        if (row.state !== 'Pending') {
          throw conflict(
            `La remisión #${row.id} está ${RECEIPT_STATE_WORDS[row.state]}; solo las pendientes reciben pagos.`,
          );
        }
        const [items, payments] = await Promise.all([
          q.findReceiptItemRows(trx, row.id),
          q.findPaymentRows(trx, row.id),
        ]);
        const { balanceCents } = totals(items, payments);
        const amountCents = pesosToCents(body.amount);
        if (isBelowPaymentMinimum(amountCents, balanceCents)) throw badRequest(PAYMENT_MINIMUM_MESSAGE);
        if (amountCents > balanceCents) {
          throw conflict(`El monto excede el saldo pendiente de ${formatPayment(balanceCents)}.`);
        }
        const payment = await q.insertPayment(trx, {
          receiptId: row.id,
          amountCents,
          note: body.note || MANUAL_PAYMENT_NOTE,
          userId: actor.id,
          createdAt: at,
          method: body.method ?? DEFAULT_PAYMENT_METHOD,
          shiftId: await cash.openShiftIdForPayment(trx, actor.id),
        });
        await flagPayment(trx, { ...payment, receivedAt: at }, 'PAYMENT', actor, at);
        const settled = amountCents === balanceCents;
        if (settled) await q.setReceiptState(trx, row.id, 'Paid', at);
        return hydrateOne(trx, settled ? { ...row, state: 'Paid' } : row);
      });
    },

    async cancelPayment(paymentId: number, actor: Actor): Promise<Receipt> {
      return transact(async (trx) => {
        await fenceAgainstCut(trx);
        const at = clock();
        const payment = await q.findPaymentRow(trx, paymentId);
        if (!payment) throw notFound(`El pago #${paymentId} no existe.`);
        const row = await q.lockReceiptRow(trx, payment.receiptId, at);
        if (!row) throw receiptNotFound(payment.receiptId);
        if (row.state === 'Cancelled') {
          throw conflict(`La remisión #${row.id} está cancelada; sus pagos ya no se pueden cancelar.`);
        }
        if (!(await q.disablePayment(trx, paymentId, actor.id, at))) {
          throw conflict(`El pago #${paymentId} ya estaba cancelado.`);
        }
        await flagPayment(trx, { ...payment, receivedAt: payment.createdAt }, 'PAYMENT_CANCELLED', actor, at);
        const [items, payments] = await Promise.all([
          q.findReceiptItemRows(trx, row.id),
          q.findPaymentRows(trx, row.id),
        ]);
        const { balanceCents } = totals(items, payments);
        const reopened = row.state === 'Paid' && balanceCents > 0;
        if (reopened) await q.setReceiptState(trx, row.id, 'Pending', at);
        return hydrateOne(trx, reopened ? { ...row, state: 'Pending' } : row);
      });
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;

/** Changes stock once per product (lines added up), in ascending product id order (no deadlocks). */
async function changeStock(
  trx: Executor,
  items: ReadonlyArray<Pick<ReceiptItemRow, 'productId' | 'quantityMilli'>>,
  sign: 1 | -1,
  reason: 'SALE' | 'RETURN',
  user: Actor,
  note: string,
  receiptId: number,
  at: number,
) {
  const changes = stockChanges(items, sign).map((change) => ({ ...change, reason, user, note, receiptId }));
  await applyStockChanges(trx, changes, at);
}

/** One change per product, its lines added up, in ascending product id order (no deadlocks). */
function stockChanges(items: ReadonlyArray<Pick<ReceiptItemRow, 'productId' | 'quantityMilli'>>, sign: 1 | -1) {
  const quantities = new Map<number, number>();
  for (const item of items) {
    quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantityMilli);
  }
  return [...quantities.keys()]
    .sort((a, b) => a - b)
    .map((productId) => ({ productId, deltaMilli: sign * quantities.get(productId)! }));
}

/** The payment of a Cash sale: the sale's total, never what was handed over (change given is not income). */
const cashPayment = (
  receiptId: number,
  totalCents: number,
  seller: Actor,
  at: number,
  body: Pick<CreateReceiptBody, 'paymentMethod'>,
) => ({
  receiptId,
  amountCents: totalCents,
  note: CASH_PAYMENT_NOTE,
  userId: seller.id,
  createdAt: at,
  method: body.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
});

/** Enabled ADD − REMOVE per payment method, the methods with money left only. */
function netPaidByMethod(
  payments: ReadonlyArray<Pick<PaymentRow, 'amountCents' | 'reason' | 'isEnabled' | 'method'>>,
): Array<[PaymentMethod, number]> {
  const net = new Map<PaymentMethod, number>();
  for (const p of payments) {
    if (p.isEnabled !== 1) continue;
    net.set(p.method, (net.get(p.method) ?? 0) + (p.reason === 'ADD' ? p.amountCents : -p.amountCents));
  }
  return [...net].filter(([, cents]) => cents > 0);
}

// The list cursor: the last receipt's (date, id).
const encodeCursor = (key: q.ReceiptKey) => encodeKeyset(key.date, key.id);
function decodeCursor(cursor: string): q.ReceiptKey {
  const { sortValue, id } = decodeKeyset(cursor);
  return { date: sortValue, id };
}
