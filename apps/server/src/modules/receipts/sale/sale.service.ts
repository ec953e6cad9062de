import { type CreateReceiptBody, DEFAULT_PAYMENT_METHOD, type Receipt } from '@mostrador/shared';
import type { Executor } from '../../../db/connection.js';
import type { Clock } from '../../../lib/clock.js';
import type { CashService } from '../../cash/cash.service.js';
import { keyClaim, pruneExpiredKeys, runIdempotent } from '../../idempotency/index.js';
import type { SupervisorsService } from '../../supervisors/index.js';
import { KEY_REUSED_MESSAGE, SALE_OPERATION, type Seller, sellerIdOf } from './sale.rules.js';
import type { SaleWriter } from './sale.writer.js';

export interface CreateReceiptResult {
  /** Only successful sales are stored under a key, so a replay is a 201 too. */
  statusCode: 201;
  receipt: Receipt;
  /** True when this is the stored answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

/** Expired keys are deleted at most this often, after a sale that used a key. */
const PRUNE_EVERY_MS = 60_000;

/**
 * A sale, from the route to its database's writer: its instant, its Idempotency-Key (the same
 * request again gets the first answer back; the key with another request, a 409) and the writer
 * that checks the seller, applies the rules and writes.
 */
export function createSaleService({
  db,
  clock,
  writer,
  supervisors,
  cash,
  openPriceFloor,
}: {
  db: Executor;
  clock: Clock;
  writer: SaleWriter;
  supervisors: Pick<SupervisorsService, 'authorise'>;
  cash: Pick<CashService, 'requireOwnDrawer'>;
  /** The shop's OPEN_PRICE_FLOOR, pesos (the settings' copy in memory). */
  openPriceFloor: () => Promise<number>;
}) {
  let lastPrune = 0;

  function pruneKeysNow(at: number) {
    if (at - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = at;
    // Housekeeping only: a failure here must not fail the sale.
    pruneExpiredKeys(db, at).catch(() => undefined);
  }

  return {
    /** A sale by a trusted actor, or by a session the writer checks before anything else. */
    async create(body: CreateReceiptBody, seller: Seller, idempotencyKey?: string): Promise<CreateReceiptResult> {
      // CASH_REQUIRES_SHIFT: checked before the write. A drawer closed in between leaves the sale's
      // cash 'fuera de turno', which the cut still counts.
      if (body.paymentMode === 'Cash' && (body.paymentMethod ?? DEFAULT_PAYMENT_METHOD) === 'Efectivo') {
        await cash.requireOwnDrawer(sellerIdOf(seller));
      }
      // A supervisor's credentials are checked first, outside the sale's transaction: a wrong try
      // is counted even though the sale is refused, and the sale then runs knowing who authorised.
      const supervisor = body.supervisor
        ? await supervisors.authorise(body.supervisor, { cashierId: sellerIdOf(seller) })
        : null;
      // The shop's settings are in memory: no round trip.
      const floor = await openPriceFloor();
      const at = clock();
      const claim =
        idempotencyKey === undefined
          ? undefined
          : keyClaim({
              userId: sellerIdOf(seller),
              key: idempotencyKey,
              operation: SALE_OPERATION,
              // The secret is no part of the stored hash: the same sale again is the same request.
              body: body.supervisor ? { ...body, supervisor: { login: body.supervisor.login } } : body,
              statusCode: 201,
              now: at,
            });
      const { value: receipt, replayed } = await runIdempotent({
        claim,
        attempt: () => writer.sell({ body, seller, at, claim, supervisor, openPriceFloor: floor }),
        winner: (taken) => writer.storedAnswer(taken),
        reusedMessage: KEY_REUSED_MESSAGE,
      });
      if (claim) pruneKeysNow(at);
      return { statusCode: 201, receipt, replayed };
    },
  };
}
