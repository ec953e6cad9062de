import type { Executor } from '../../db/connection.js';
import type { InvoiceRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Clock } from '../../lib/clock.js';
import * as q from './invoicing.queries.js';
import { type Pac, PacError, PacRefusedError, PacUnknownOutcomeError } from './pac/index.js';

// Sending a pending invoice to the PAC: 'never stamped twice, never lost' (decision 093).
// The invoice was committed 'pending' with its sealed XML before any call; every attempt sends
// those same bytes, so a PAC that already stamped them answers the first stamp again.
// - stamped: the PAC's XML is stored as it came, with its UUID;
// - unknown outcome (timeout, dropped connection, 5xx): sent again at once, once; then left
//   pending with next_attempt_at for the background job;
// - refused: 'refused' for good with the PAC's message, its receipts released (the folio stays
//   used: a folio is never reused);
// - misconfigured: stays pending with the message, for the job to try again once fixed.

export interface StampingDeps {
  db: Executor;
  transact: TransactionRunner;
  clock: Clock;
  pac: Pac;
  /** The background job's interval: when a failed attempt is tried again. */
  retryMs: number;
  /** How long one PAC call may take: no other attempt starts meanwhile. */
  pacTimeoutMs: number;
  /** More work for each round of the job, before the pending invoices (the complementos de pago due). */
  beforeRound?: () => Promise<unknown>;
  /** More work of each round, after the pending invoices (the notas de crédito owed, decision 098). */
  alsoEachRound?: () => Promise<void>;
}

export interface AttemptOutcome {
  row: InvoiceRow;
  /** Why it is not stamped, when it is not. */
  error: PacError | null;
}

const messageOf = (error: PacError) =>
  error instanceof PacRefusedError
    ? `${error.pacMessage}${error.messageDetail ? ` (${error.messageDetail})` : ''}`
    : error.message;

export function createStamping({
  db,
  transact,
  clock,
  pac,
  retryMs,
  pacTimeoutMs,
  beforeRound,
  alsoEachRound,
}: StampingDeps) {
  async function once(row: InvoiceRow): Promise<AttemptOutcome> {
    // A lease: the background job leaves it alone while this call may still be running.
    await q.startAttempt(db, row.id, clock() + pacTimeoutMs + retryMs);
    /** The row as another attempt (the job, 'Reintentar') left it, when that one stored its outcome first. */
    const current = async () => (await q.findInvoice(db, row.id))!;
    try {
      const result = await pac.stamp(row.sealedXml);
      const at = clock();
      const stamped = await q.updatePending(db, row.id, {
        status: 'stamped',
        uuid: result.uuid,
        stampedXml: result.cfdi,
        stampedAt: at,
        satCertificateNumber: result.noCertificadoSAT,
        pacMessage: null,
        nextAttemptAt: null,
        updatedAt: at,
      });
      return { row: stamped ?? (await current()), error: null };
    } catch (error) {
      if (!(error instanceof PacError)) throw error;
      const at = clock();
      if (error instanceof PacRefusedError) {
        const refused = await transact(async (trx) => {
          const updated = await q.updatePending(trx, row.id, {
            status: 'refused',
            pacMessage: messageOf(error),
            nextAttemptAt: null,
            updatedAt: at,
          });
          if (updated) await q.releaseReceipts(trx, row.id, at);
          return updated;
        });
        return { row: refused ?? (await current()), error };
      }
      const pending = await q.updatePending(db, row.id, {
        pacMessage: messageOf(error),
        nextAttemptAt: at + retryMs,
        updatedAt: at,
      });
      return { row: pending ?? (await current()), error };
    }
  }

  /** One attempt (and at once a second one after an unknown outcome when `again`). */
  async function attempt(id: number, { again = true } = {}): Promise<AttemptOutcome> {
    const row = await q.findInvoice(db, id);
    if (!row || row.status !== 'pending') return { row: row!, error: null };
    const first = await once(row);
    if (again && first.error instanceof PacUnknownOutcomeError) return once(row);
    return first;
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  // The last round asked for; rounds never overlap (see `serialRound`).
  let latest: Promise<void> = Promise.resolve();

  /** The job's round: every pending invoice that is due, one after the other. */
  async function round(): Promise<void> {
    // Its failure is reported after the pending invoices were sent: it never holds them back.
    let failure: unknown = null;
    try {
      await beforeRound?.();
    } catch (error) {
      failure = error;
    }
    for (const { id } of await q.findDuePending(db, clock(), 50)) await attempt(id, { again: false });
    try {
      await alsoEachRound?.();
    } catch (error) {
      failure ??= error;
    }
    if (failure) throw failure;
  }

  /**
   * A round that starts once the one under way has ended. A round asked for while the job's own is
   * sending an invoice would otherwise find it leased, skip it and end first, with the invoice
   * still pending for a moment after it.
   */
  function serialRound(): Promise<void> {
    const next = latest.catch(() => undefined).then(round);
    latest = next;
    return next;
  }

  return {
    attempt,
    round: serialRound,
    /** Starts the background retry, every retryMs; `onError` hears what a round could not do. */
    start(onError: (error: unknown) => void) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = serialRound()
          .catch(onError)
          .finally(() => (running = null));
      }, retryMs);
      timer.unref();
    },
    /** Stops the job and waits for the rounds under way. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await latest.catch(() => undefined);
    },
  };
}
export type Stamping = ReturnType<typeof createStamping>;
