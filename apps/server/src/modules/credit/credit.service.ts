import {
  type AddClientPaymentBody,
  type AddClientPaymentResponse,
  agingOf,
  allocatePayment,
  AGING_BUCKETS,
  type AccountEvent,
  businessDayBounds,
  businessToday,
  buildStatement,
  centsToPesos,
  type ClientCredit,
  clientFullName,
  creditSummary,
  type CreditSummaryCents,
  dayjs,
  formatPayment,
  isBelowPaymentMinimum,
  DEFAULT_PAYMENT_METHOD,
  MANUAL_PAYMENT_NOTE,
  type OpenReceipt,
  type PublicStatement,
  type PublicStatementQuery,
  PAYMENT_MINIMUM_MESSAGE,
  pesosToCents,
  publicLink,
  type Receivables,
  type RevokeStatementLinkBody,
  type Statement,
  type StatementLink,
  type StatementLinkInfo,
  type StatementLinkList,
  type StatementPaper,
  type StatementQuery,
  STATEMENT_LINK_TTL_MS,
  hasLevel,
  type PaymentMethod,
  toIso,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import type { CashService } from '../cash/cash.service.js';
import { badRequest, conflict, forbidden, gone, notFound } from '../../lib/errors.js';
import { groupBy } from '../../lib/group-by.js';
import { keyClaim, runIdempotentTransaction } from '../idempotency/index.js';
import * as q from './credit.queries.js';
import { hasValidSignature, signStatementLink, type StatementLinkClaims, statementLinkPath } from './statement-link.js';
import { renderStatementPdf } from './statement.pdf.js';
import { fenceAgainstCut, noteIfDayWasCut } from '../late-entries/index.js';
import { businessInfoOf } from '../printing/index.js';
import type { SettingsService } from '../settings/index.js';

export interface CreditDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
  /** Signs shared statement links. */
  secret: string;
  /** The shop's identity (statement PDFs, the public statement) and its public address (shared links). */
  settings: Pick<SettingsService, 'current' | 'logo' | 'identity'>;
  /** The drawer (cash shift) the abono goes through. */
  cash: Pick<CashService, 'drawerFor'>;
}

const ADD_PAYMENT_OPERATION = 'client/addPayment';
const STATEMENT_DEFAULT_DAYS = 90;

const clientNotFound = (id: number) => notFound(`El cliente #${id} no existe.`);
const toPesos = (cents: number | null) => (cents === null ? null : centsToPesos(cents));

/** What an abono's ticket prints: who paid, the receipts it reached, and what the client still owes. */
export interface AbonoTicketData {
  client: { id: number; name: string };
  cashier: string;
  /** ISO instant of the abono. */
  at: string;
  method: PaymentMethod;
  amount: number;
  payments: Array<{ paymentId: number; receiptId: number; amount: number }>;
  /** The client's saldo when the ticket is printed. */
  balance: number;
}

const ABONO_NOT_FOUND = 'Esos pagos no forman un abono.';

type Terms = NonNullable<Awaited<ReturnType<typeof q.findClientTerms>>>;

function toClientCredit(terms: Terms, summary: CreditSummaryCents): ClientCredit {
  return {
    clientId: terms.id,
    creditLimit: toPesos(terms.creditLimitCents),
    creditDays: terms.creditDays,
    balance: centsToPesos(summary.balanceCents),
    overdue: centsToPesos(summary.overdueCents),
    available: toPesos(summary.availableCents),
  };
}

const claimsOf = (link: { id: number; clientId: number; fromDay: string; toDay: string; expiresAt: number }) =>
  ({
    id: link.id,
    clientId: link.clientId,
    from: link.fromDay,
    to: link.toDay,
    expires: link.expiresAt,
  }) satisfies StatementLinkClaims;

type LinkInfoRow = Awaited<ReturnType<typeof q.findLiveStatementLinks>>[number];

function linkInfo(row: LinkInfoRow, now: number): StatementLinkInfo {
  return {
    id: row.id,
    from: row.fromDay,
    to: row.toDay,
    createdAt: toIso(row.createdAt),
    createdBy: row.createdBy,
    expiresAt: toIso(row.expiresAt),
    revokedAt: row.revokedAt === null ? null : toIso(row.revokedAt),
    revokedBy: row.revokedBy,
    state: row.revokedAt !== null ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active',
  };
}

export function createCreditService({ db, transact, clock, secret, settings, cash }: CreditDeps) {
  async function creditOf(executor: Executor, terms: Terms, now: number): Promise<ClientCredit> {
    return toClientCredit(terms, creditSummary(await q.findOpenReceipts(executor, [terms.id]), terms, now));
  }

  function period(query: StatementQuery, now: number): { from: string; to: string } {
    const to = query.to ?? businessToday(now);
    const from = query.from ?? dayjs(to).subtract(STATEMENT_DEFAULT_DAYS, 'day').format('YYYY-MM-DD');
    return { from, to };
  }

  async function statementOf(clientId: number, range: { from: string; to: string }): Promise<Statement> {
    const terms = await q.findClientTerms(db, clientId);
    if (!terms) throw clientNotFound(clientId);
    const { receipts, payments, returns } = await q.findAccountHistory(db, clientId);
    const events: AccountEvent[] = [];
    for (const r of receipts) {
      events.push({ at: r.date, receiptId: r.id, kind: 'sale', amountCents: r.totalCents, note: null });
      // A cancelled receipt is not touched again, so its last update is its cancellation.
      if (r.state === 'Cancelled') {
        const amountCents = r.totalCents - r.returnedCents;
        events.push({ at: r.updatedAt, receiptId: r.id, kind: 'cancellation', amountCents, note: null });
      }
    }
    for (const r of returns) {
      events.push({
        at: r.createdAt,
        receiptId: r.receiptId,
        kind: 'return',
        amountCents: r.amountCents,
        note: r.reason,
      });
    }
    for (const p of payments) {
      const base = { receiptId: p.receiptId, amountCents: p.amountCents, note: p.note, method: p.method };
      events.push({ ...base, at: p.createdAt, kind: p.reason === 'REMOVE' ? 'refund' : 'payment' });
      if (p.isEnabled === 0 && p.cancelledAt !== null) {
        events.push({ ...base, at: p.cancelledAt, kind: p.reason === 'REMOVE' ? 'payment' : 'paymentCancelled' });
      }
    }
    const [start, end] = [businessDayBounds(range.from).start, businessDayBounds(range.to).end];
    const statement = buildStatement(events, { from: start, to: end, creditDays: terms.creditDays });
    const complements = await q.findPaymentComplements(db, clientId, start, end);
    return {
      client: { id: terms.id, name: clientFullName(terms) ?? '', phone: terms.phone },
      from: range.from,
      to: range.to,
      creditDays: terms.creditDays,
      opening: centsToPesos(statement.openingCents),
      lines: statement.lines.map((line) => ({
        date: toIso(line.at),
        kind: line.kind,
        receiptId: line.receiptId,
        note: line.note,
        method: line.method ?? null,
        amount: centsToPesos(line.changeCents),
        balance: centsToPesos(line.balanceCents),
      })),
      closing: centsToPesos(statement.closingCents),
      overdue: centsToPesos(statement.overdueCents),
      paymentComplements: complements.map((c) => ({
        id: c.id,
        number: `${c.series}-${c.folio}`,
        uuid: c.uuid,
        date: toIso(Number(c.issuedAt)),
        amount: centsToPesos(Number(c.paidCents)),
        status: c.status,
      })),
    };
  }

  async function applyPayment(
    trx: Executor,
    body: AddClientPaymentBody,
    actor: Actor,
  ): Promise<AddClientPaymentResponse> {
    const at = clock();
    const terms = await q.lockClientTerms(trx, body.clientId);
    if (!terms) throw clientNotFound(body.clientId);
    await q.lockOpenReceipts(trx, body.clientId, at);
    const open: OpenReceipt[] = await q.findOpenReceipts(trx, [body.clientId]);
    const owedCents = open.reduce((sum, r) => sum + r.balanceCents, 0);
    const amountCents = pesosToCents(body.amount);
    if (owedCents === 0) throw conflict(`${clientFullName(terms)} no tiene saldo pendiente.`);
    if (isBelowPaymentMinimum(amountCents, owedCents)) throw badRequest(PAYMENT_MINIMUM_MESSAGE);
    if (amountCents > owedCents) {
      throw conflict(`El abono excede el saldo del cliente, que es de ${formatPayment(owedCents)}.`);
    }
    const allocations = allocatePayment(open, amountCents);
    const method = body.method ?? DEFAULT_PAYMENT_METHOD;
    const shiftId = await cash.drawerFor(trx, {
      actorId: actor.id,
      method,
      receiptIds: allocations.map((a) => a.receiptId),
      chosenShiftId: body.shiftId,
    });
    const payments: AddClientPaymentResponse['payments'] = [];
    for (const allocation of allocations) {
      const payment = await q.insertPayment(trx, {
        receiptId: allocation.receiptId,
        amountCents: allocation.amountCents,
        note: body.note || MANUAL_PAYMENT_NOTE,
        userId: actor.id,
        createdAt: at,
        method,
        shiftId,
      });
      // An abono after today's cut belongs in that day's next cut, like a receipt's payment.
      await noteIfDayWasCut(trx, {
        dayOf: at,
        kind: 'PAYMENT',
        receiptId: allocation.receiptId,
        paymentId: payment.id,
        amountCents: allocation.amountCents,
        userId: actor.id,
        at,
      });
      payments.push({
        paymentId: payment.id,
        receiptId: allocation.receiptId,
        amount: centsToPesos(allocation.amountCents),
        settled: allocation.settles,
      });
    }
    await q.markPaid(
      trx,
      allocations.filter((a) => a.settles).map((a) => a.receiptId),
      at,
    );
    return { clientId: terms.id, amount: body.amount, payments, credit: await creditOf(trx, terms, at) };
  }

  return {
    /**
     * Inside a credit sale's transaction: the client's limit and what they owe now, the client's
     * row locked so two sales of one client are held to the limit one after the other; null when
     * the client has no limit (the sale's rules decide: receipts/sale/sale.rules.ts).
     */
    async lockCreditStanding(
      trx: Executor,
      clientId: number,
    ): Promise<{ limitCents: number; balanceCents: number } | null> {
      const terms = await q.lockClientTerms(trx, clientId);
      if (!terms || terms.creditLimitCents === null) return null;
      const open = await q.findOpenReceipts(trx, [clientId]);
      return { limitCents: terms.creditLimitCents, balanceCents: open.reduce((sum, r) => sum + r.balanceCents, 0) };
    },

    /** Saldo and vencido of some clients (every one asked for is in the map). */
    async summaries(
      clients: ReadonlyArray<{ id: number; creditLimitCents: number | null; creditDays: number }>,
    ): Promise<Map<number, CreditSummaryCents>> {
      const now = clock();
      const openOf = groupBy(
        await q.findOpenReceipts(
          db,
          clients.map((c) => c.id),
        ),
        (r) => r.clientId,
      );
      return new Map(clients.map((c) => [c.id, creditSummary(openOf.get(c.id) ?? [], c, now)]));
    },

    /** The client's plazo in days (a credit ticket prints its due day), or null when there is no such client. */
    async creditDays(clientId: number): Promise<number | null> {
      return (await q.findClientTerms(db, clientId))?.creditDays ?? null;
    },

    async credit(clientId: number): Promise<ClientCredit> {
      const terms = await q.findClientTerms(db, clientId);
      if (!terms) throw clientNotFound(clientId);
      return creditOf(db, terms, clock());
    },

    /** One abono over the client's Pending credit receipts, oldest first; idempotent with a key. */
    addPayment(body: AddClientPaymentBody, actor: Actor, idempotencyKey?: string) {
      const claim =
        idempotencyKey === undefined
          ? undefined
          : keyClaim({
              userId: actor.id,
              key: idempotencyKey,
              operation: ADD_PAYMENT_OPERATION,
              body,
              statusCode: 200,
              now: clock(),
            });
      return runIdempotentTransaction({
        db,
        // The fence before the key's claim too: first in the transaction (late-entries.ts).
        transact: (work) =>
          transact(async (trx) => {
            await fenceAgainstCut(trx);
            return work(trx);
          }),
        claim,
        work: (trx) => applyPayment(trx, body, actor),
      });
    },

    /**
     * The abono made of these payments (one per receipt, as `addPayment` answered them): one
     * client, one instant, one user, enabled. A Seller reads only the abonos they took.
     */
    async abono(paymentIds: readonly number[], actor: Pick<Actor, 'id' | 'role'>): Promise<AbonoTicketData> {
      const ids = [...new Set(paymentIds)];
      const rows = await q.findAbonoPayments(db, ids);
      const first = rows[0];
      const oneAbono =
        first !== undefined &&
        rows.length === ids.length &&
        rows.every(
          (r) =>
            r.reason === 'ADD' &&
            r.isEnabled === 1 &&
            r.clientId === first.clientId &&
            r.createdAt === first.createdAt &&
            r.userId === first.userId &&
            r.method === first.method,
        );
      if (!oneAbono || first.clientId === null) throw notFound(ABONO_NOT_FOUND);
      if (!hasLevel(actor.role, 'Protected') && first.userId !== actor.id) {
        throw forbidden('Solo puedes imprimir los abonos que tú registraste.');
      }
      const terms = await q.findClientTerms(db, first.clientId);
      if (!terms) throw clientNotFound(first.clientId);
      const summary = creditSummary(await q.findOpenReceipts(db, [terms.id]), terms, clock());
      const amountCents = rows.reduce((sum, r) => sum + r.amountCents, 0);
      return {
        client: { id: terms.id, name: clientFullName(terms) ?? `#${terms.id}` },
        cashier: first.userName,
        at: toIso(first.createdAt),
        method: first.method,
        amount: centsToPesos(amountCents),
        payments: rows.map((r) => ({ paymentId: r.id, receiptId: r.receiptId, amount: centsToPesos(r.amountCents) })),
        balance: centsToPesos(summary.balanceCents),
      };
    },

    statement(clientId: number, query: StatementQuery): Promise<Statement> {
      return statementOf(clientId, period(query, clock()));
    },

    async statementPdf(clientId: number, query: StatementQuery, paper: StatementPaper) {
      const statement = await statementOf(clientId, period(query, clock()));
      const [current, logo] = await Promise.all([settings.current(), settings.logo()]);
      const business = businessInfoOf({ ...current, logo });
      return { statement, pdf: await renderStatementPdf(statement, { paper, business }) };
    },

    /**
     * A new link to the statement that works without signing in for STATEMENT_LINK_TTL_MS, unless
     * it is revoked or the client disabled first: a row of its own, which the link names.
     */
    async statementLink(clientId: number, query: StatementQuery, actor: Actor): Promise<StatementLink> {
      const terms = await q.findClientTerms(db, clientId);
      if (!terms) throw clientNotFound(clientId);
      if (terms.isEnabled !== 1) {
        throw conflict(`${clientFullName(terms)} está deshabilitado: su estado de cuenta no se puede compartir.`);
      }
      const now = clock();
      const { from, to } = period(query, now);
      const row = await transact((trx) =>
        q.insertStatementLink(trx, {
          clientId,
          fromDay: from,
          toDay: to,
          createdAt: now,
          createdBy: actor.id,
          expiresAt: now + STATEMENT_LINK_TTL_MS,
        }),
      );
      const signature = signStatementLink(secret, claimsOf(row));
      const path = statementLinkPath(row.id, signature);
      const { publicUrl } = await settings.current();
      return {
        id: row.id,
        path,
        url: publicUrl === null ? null : publicLink(publicUrl, path),
        expiresAt: toIso(row.expiresAt),
      };
    },

    /** The client's links that have not expired, newest first (revoked ones say so). */
    async statementLinks(clientId: number): Promise<StatementLinkList> {
      if (!(await q.findClientTerms(db, clientId))) throw clientNotFound(clientId);
      const now = clock();
      return { links: (await q.findLiveStatementLinks(db, clientId, now)).map((row) => linkInfo(row, now)) };
    },

    /** 'Revocar enlace': the link answers 410 from now on. */
    async revokeStatementLink({ id }: RevokeStatementLinkBody, actor: Actor): Promise<StatementLinkInfo> {
      const now = clock();
      const revoked = await transact((trx) => q.revokeStatementLink(trx, id, now, actor.id));
      const row = await q.findStatementLinkInfo(db, id);
      if (!row) throw notFound(`El enlace #${id} no existe.`);
      if (!revoked) throw conflict(`El enlace #${id} ya estaba revocado.`);
      return linkInfo(row, now);
    },

    /** The statement a signed link names, as its customer sees it, while the link lives. */
    async publicStatement(query: PublicStatementQuery): Promise<PublicStatement> {
      const link = await q.findStatementLink(db, query.link);
      if (!link || !hasValidSignature(secret, claimsOf(link), query.sig)) throw forbidden('El enlace no es válido.');
      if (link.revokedAt !== null) throw gone('Este enlace fue revocado; pide al negocio uno nuevo.');
      if (link.clientEnabled !== 1) throw gone('Este estado de cuenta ya no está disponible.');
      if (link.expiresAt <= clock()) throw forbidden('El enlace expiró; pide al negocio uno nuevo.');
      const statement = await statementOf(link.clientId, { from: link.fromDay, to: link.toDay });
      return {
        business: await settings.identity(),
        client: { name: statement.client.name },
        from: statement.from,
        to: statement.to,
        creditDays: statement.creditDays,
        opening: statement.opening,
        // Notes are the staff's ('cliente moroso, no fiarle'): the customer sees what each line is.
        lines: statement.lines.map(({ date, kind, receiptId, method, amount, balance }) => ({
          date,
          kind,
          receiptId,
          method,
          amount,
          balance,
        })),
        closing: statement.closing,
        overdue: statement.overdue,
        expiresAt: toIso(link.expiresAt),
      };
    },

    /** Every client who owes, most overdue first, with their aging and the totals. */
    async receivables(): Promise<Receivables> {
      const now = clock();
      const openOf = groupBy(await q.findOpenReceipts(db), (r) => r.clientId);
      const clients = await q.findClientsTerms(db, [...openOf.keys()]);
      const rows = clients
        .map((client) => {
          const open = openOf.get(client.id) ?? [];
          const summary = creditSummary(open, client, now);
          const aging = agingOf(open, now);
          return { client, summary, aging };
        })
        .filter((row) => row.summary.balanceCents > 0)
        .sort(
          (a, b) =>
            b.summary.overdueCents - a.summary.overdueCents ||
            b.summary.balanceCents - a.summary.balanceCents ||
            a.client.id - b.client.id,
        );
      const totals = { balance: 0, overdue: 0, days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
      const list = rows.map(({ client, summary, aging }) => {
        totals.balance += summary.balanceCents;
        totals.overdue += summary.overdueCents;
        for (const bucket of AGING_BUCKETS) totals[bucket] += aging[bucket];
        return {
          clientId: client.id,
          name: clientFullName(client) ?? '',
          phone: client.phone,
          balance: centsToPesos(summary.balanceCents),
          overdue: centsToPesos(summary.overdueCents),
          days0to30: centsToPesos(aging.days0to30),
          days31to60: centsToPesos(aging.days31to60),
          days61to90: centsToPesos(aging.days61to90),
          over90: centsToPesos(aging.over90),
        };
      });
      return {
        clients: list,
        totals: {
          balance: centsToPesos(totals.balance),
          overdue: centsToPesos(totals.overdue),
          days0to30: centsToPesos(totals.days0to30),
          days31to60: centsToPesos(totals.days31to60),
          days61to90: centsToPesos(totals.days61to90),
          over90: centsToPesos(totals.over90),
        },
      };
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
