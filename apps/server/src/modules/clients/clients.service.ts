import type { Client, ClientDetails, EditClientBody, RegisterClientBody } from '@mostrador/shared';
import {
  canSeeCreditFigures,
  canSetCreditTerms,
  centsToPesos,
  clientFiscalOrNull,
  compareClientsByName,
  CREDIT_TERMS_FORBIDDEN,
  type CreditSummaryCents,
  DEFAULT_CREDIT_DAYS,
  pesosToCents,
  regimeProblem,
  toIso,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { ClientRow, DB } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { CreditService } from '../credit/credit.service.js';
import type { ReceiptsService } from '../receipts/receipts.service.js';
import * as q from './clients.queries.js';

export interface ClientsDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
  /** A client's details list their receipts. */
  receipts: Pick<ReceiptsService, 'ofClient'>;
  /** Every client shows what they owe (to an Admin or Manager). */
  credit: Pick<CreditService, 'summaries'>;
  /** The credit limit of a client a Seller registers, centavos (DEFAULT_CREDIT_LIMIT). */
  defaultCreditLimitCents: number;
}

/**
 * Who reads or writes clients: a signed-in user's role, or none for a trusted caller (the demo
 * data), which acts as a manager.
 */
type Viewer = Pick<Actor, 'id' | 'role'>;
const managesCredit = ({ role }: Viewer) => role === undefined || canSetCreditTerms(role);
const seesCredit = ({ role }: Viewer) => role === undefined || canSeeCreditFigures(role);

/** A client without the credit figures a Seller does not see (canSeeCreditFigures). */
function withoutCreditFigures<T extends Client>({ creditLimit: _l, balance: _b, overdue: _o, ...client }: T) {
  return client;
}

const NOTHING_OWED: CreditSummaryCents = { balanceCents: 0, overdueCents: 0, availableCents: null };

export function toClient(row: ClientRow, credit: CreditSummaryCents = NOTHING_OWED): Client {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    address: row.address,
    isEnabled: row.isEnabled === 1,
    createdAt: toIso(row.createdAt),
    creditLimit: row.creditLimitCents === null ? null : centsToPesos(row.creditLimitCents),
    creditDays: row.creditDays,
    balance: centsToPesos(credit.balanceCents),
    overdue: centsToPesos(credit.overdueCents),
    rfc: row.rfc,
    legalName: row.legalName,
    taxRegime: row.taxRegime,
    taxZipCode: row.taxZipCode,
    cfdiUse: row.cfdiUse,
    invoiceEmail: row.invoiceEmail,
  };
}

/**
 * An edit sending the RFC or the régimen but not both: the body's schema could not compare them,
 * so the one sent is held against the other as stored.
 */
function checkEditedFiscal(
  stored: ClientRow,
  { rfc, taxRegime }: { rfc?: string | null; taxRegime?: string | null },
): void {
  const finalRfc = rfc === undefined ? stored.rfc : rfc;
  const finalRegime = taxRegime === undefined ? stored.taxRegime : taxRegime;
  const problem = finalRfc && finalRegime ? regimeProblem(finalRfc, finalRegime) : null;
  if (problem) throw badRequest(problem);
}

/** The credit terms as stored: pesos to centavos; undefined (an edit leaving them out) stays undefined. */
function termsOf(input: { creditLimit?: number | null; creditDays?: number }) {
  return {
    ...(input.creditLimit !== undefined && {
      creditLimitCents: input.creditLimit === null ? null : pesosToCents(input.creditLimit),
    }),
    ...(input.creditDays !== undefined && { creditDays: input.creditDays }),
  };
}

const clientNotFound = (id: number) => notFound(`El cliente #${id} no existe.`);

export function createClientsService({ db, transact, clock, receipts, credit, defaultCreditLimitCents }: ClientsDeps) {
  /** The clients as the viewer sees them: with what each owes, or without any credit figure for a Seller. */
  async function withCredit(rows: ClientRow[], viewer: Viewer): Promise<Client[]> {
    if (!seesCredit(viewer)) return rows.map((row) => withoutCreditFigures(toClient(row)));
    const summaries = await credit.summaries(rows);
    return rows.map((row) => toClient(row, summaries.get(row.id)));
  }
  const withCreditOne = async (row: ClientRow, viewer: Viewer) => (await withCredit([row], viewer))[0]!;

  /**
   * The terms a new client is stored with: an Admin's or Manager's as sent (no limit and the
   * default plazo when left out); a Seller sends none (refused) and the client gets the shop's.
   */
  function newClientTerms({ creditLimit, creditDays }: RegisterClientBody, by: Viewer) {
    if (!managesCredit(by)) {
      if (creditLimit !== undefined || creditDays !== undefined) throw forbidden(CREDIT_TERMS_FORBIDDEN);
      return { creditLimitCents: defaultCreditLimitCents, creditDays: DEFAULT_CREDIT_DAYS };
    }
    return termsOf({ creditLimit: creditLimit ?? null, creditDays: creditDays ?? DEFAULT_CREDIT_DAYS });
  }

  async function existing(executor: Executor, id: number): Promise<ClientRow> {
    const row = await q.findClientById(executor, id);
    if (!row) throw clientNotFound(id);
    return row;
  }

  return {
    /** A new client: anyone registers one (a Seller while selling); only Admin and Manager choose its credit terms. */
    async register(body: RegisterClientBody, by: Viewer): Promise<Client> {
      const { creditLimit: _limit, creditDays: _days, ...input } = body;
      const terms = newClientTerms(body, by);
      const at = clock();
      const row = await transact((trx) =>
        q.insertClient(trx, { ...input, ...clientFiscalOrNull(input), ...terms, createdAt: at, updatedAt: at }),
      );
      return seesCredit(by) ? toClient(row) : withoutCreditFigures(toClient(row));
    },

    async list(viewer: Viewer): Promise<Client[]> {
      return withCredit((await q.listEnabledClients(db)).sort(compareClientsByName), viewer);
    },

    /**
     * Disabled clients still open by id: their history stays readable, a page of receipts at a
     * time (of the receipts the viewer reads: receipts.ofClient).
     */
    async details(
      id: number,
      query: { receiptsLimit: number; receiptsCursor?: string },
      viewer: Actor,
    ): Promise<ClientDetails> {
      const row = await existing(db, id);
      const page = await receipts.ofClient(id, { limit: query.receiptsLimit, cursor: query.receiptsCursor }, viewer);
      return {
        ...(await withCreditOne(row, viewer)),
        receipts: page.receipts,
        receiptsNextCursor: page.nextCursor,
        receiptsTotal: page.total,
      };
    },

    /**
     * Editing a disabled client is allowed: a shop may fix the name on old receipts. Only Admin
     * and Manager edit (API_ACCESS); the terms are held to the same rule as a registration's.
     */
    async edit({ id, creditLimit, creditDays, ...changes }: EditClientBody, by: Viewer): Promise<Client> {
      if (!managesCredit(by) && (creditLimit !== undefined || creditDays !== undefined)) {
        throw forbidden(CREDIT_TERMS_FORBIDDEN);
      }
      const terms = termsOf({ creditLimit, creditDays });
      const row = await transact(async (trx) => {
        // Only an RFC or a régimen sent alone needs the stored client before the write.
        if ((changes.rfc === undefined) !== (changes.taxRegime === undefined)) {
          checkEditedFiscal(await existing(trx, id), changes);
        }
        return q.updateClient(trx, id, { ...changes, ...terms, updatedAt: clock() });
      });
      if (!row) throw clientNotFound(id);
      return withCreditOne(row, by);
    },

    /** A soft flag; disabling an already disabled client answers the same client again. */
    disable(id: number, by: Viewer): Promise<Client> {
      return transact(async (trx) => {
        const row = await existing(trx, id);
        if (row.isEnabled === 0) return row;
        const updated = await q.updateClient(trx, id, { isEnabled: 0, updatedAt: clock() });
        if (!updated) throw clientNotFound(id);
        return updated;
      }).then((row) => withCreditOne(row, by));
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
