import type { CreateReceiptBody, Receipt } from '@mostrador/shared';
import type { Attempt, KeyClaim, StoredAnswer } from '../../idempotency/index.js';
import type { Supervisor } from '../../supervisors/index.js';
import type { Seller } from './sale.rules.js';

/** One sale to write: what was asked, by whom, when, and under which Idempotency-Key. */
export interface SaleOrder {
  body: CreateReceiptBody;
  seller: Seller;
  /** The sale's instant, from the service's clock. */
  at: number;
  claim: KeyClaim | undefined;
  /** The supervisor who authorised the sale (credentials already checked), or null. */
  supervisor: Supervisor | null;
  /** The shop's OPEN_PRICE_FLOOR (pesos): a Seller's typed price of a product without one below it needs a supervisor. */
  openPriceFloor: number;
}

/**
 * Writes sales on one database. Each implementation holds a sale to the same rules
 * (sale.rules.ts) and writes the same rows; test/sale-parity.test.ts runs one table of
 * scenarios on both and compares every row and every refusal.
 * - sqlite.writer.ts: one Kysely transaction per sale, committed together with the sales waiting
 *   with it (db/transactions.ts, group commit).
 * - pg.writer.ts: sales arriving together share one read and one call of mostrador_sell_batch
 *   (db/sql/), one transaction, one COMMIT.
 */
export interface SaleWriter {
  /**
   * Checks the seller's session (when the seller is one still to check), then sells, claiming the
   * key in the sale's transaction; or finds the answer already stored under the key. Throws the
   * sale's refusal (an AppError) or IdempotencyKeyTaken when another request holds the key.
   */
  sell(order: SaleOrder): Promise<Attempt<Receipt>>;
  /** The answer stored under a key that another sale claimed first. */
  storedAnswer(claim: KeyClaim): Promise<StoredAnswer | undefined>;
}
