import type { Client, ClientDetails, EditClientBody, RegisterClientBody } from '@mostrador/shared';
import { centsToPesos, compareClientsByName, type CreditSummaryCents, pesosToCents, toIso } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { ClientRow, DB } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { CreditService } from '../credit/credit.service.js';
import type { ReceiptsService } from '../receipts/receipts.service.js';
import * as q from './clients.queries.js';

export interface ClientsDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
  /** A client's details list their receipts. */
  receipts: Pick<ReceiptsService, 'ofClient'>;
  /** Every client shows what they owe. */
  credit: Pick<CreditService, 'summaries'>;
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
  };
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

export function createClientsService({ db, transact, clock, receipts, credit }: ClientsDeps) {
  async function withCredit(rows: ClientRow[]): Promise<Client[]> {
    const summaries = await credit.summaries(rows);
    return rows.map((row) => toClient(row, summaries.get(row.id)));
  }
  const withCreditOne = async (row: ClientRow) => (await withCredit([row]))[0]!;

  async function existing(executor: Executor, id: number): Promise<ClientRow> {
    const row = await q.findClientById(executor, id);
    if (!row) throw clientNotFound(id);
    return row;
  }

  return {
    async register({ creditLimit, creditDays, ...input }: RegisterClientBody): Promise<Client> {
      const at = clock();
      const terms = termsOf({ creditLimit, creditDays });
      return toClient(
        await transact((trx) => q.insertClient(trx, { ...input, ...terms, createdAt: at, updatedAt: at })),
      );
    },

    async list(): Promise<Client[]> {
      return withCredit((await q.listEnabledClients(db)).sort(compareClientsByName));
    },

    /** Disabled clients still open by id: their history stays readable, a page of receipts at a time. */
    async details(id: number, query: { receiptsLimit: number; receiptsCursor?: string }): Promise<ClientDetails> {
      const row = await existing(db, id);
      const page = await receipts.ofClient(id, { limit: query.receiptsLimit, cursor: query.receiptsCursor });
      return {
        ...(await withCreditOne(row)),
        receipts: page.receipts,
        receiptsNextCursor: page.nextCursor,
        receiptsTotal: page.total,
      };
    },

    /** Editing a disabled client is allowed: a shop may fix the name on old receipts. */
    async edit({ id, creditLimit, creditDays, ...changes }: EditClientBody): Promise<Client> {
      const terms = termsOf({ creditLimit, creditDays });
      const row = await transact((trx) => q.updateClient(trx, id, { ...changes, ...terms, updatedAt: clock() }));
      if (!row) throw clientNotFound(id);
      return withCreditOne(row);
    },

    /** A soft flag; disabling an already disabled client answers the same client again. */
    disable(id: number): Promise<Client> {
      return transact(async (trx) => {
        const row = await existing(trx, id);
        if (row.isEnabled === 0) return row;
        const updated = await q.updateClient(trx, id, { isEnabled: 0, updatedAt: clock() });
        if (!updated) throw clientNotFound(id);
        return updated;
      }).then(withCreditOne);
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
