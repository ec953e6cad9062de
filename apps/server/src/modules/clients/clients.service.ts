import type { Client, ClientDetails, EditClientBody, RegisterClientBody } from '@mostrador/shared';
import { compareClientsByName, toIso } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { ClientRow, DB } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { ReceiptsService } from '../receipts/receipts.service.js';
import * as q from './clients.queries.js';

export interface ClientsDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
  /** A client's details list their receipts. */
  receipts: Pick<ReceiptsService, 'ofClient'>;
}

export function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    address: row.address,
    isEnabled: row.isEnabled === 1,
    createdAt: toIso(row.createdAt),
  };
}

const clientNotFound = (id: number) => notFound(`El cliente #${id} no existe.`);

export function createClientsService({ db, transact, clock, receipts }: ClientsDeps) {
  async function existing(executor: Executor, id: number): Promise<ClientRow> {
    const row = await q.findClientById(executor, id);
    if (!row) throw clientNotFound(id);
    return row;
  }

  return {
    async register(input: RegisterClientBody): Promise<Client> {
      const at = clock();
      return toClient(await transact((trx) => q.insertClient(trx, { ...input, createdAt: at, updatedAt: at })));
    },

    async list(): Promise<Client[]> {
      return (await q.listEnabledClients(db)).sort(compareClientsByName).map(toClient);
    },

    /** Disabled clients still open by id: their history stays readable. */
    async details(id: number): Promise<ClientDetails> {
      const row = await existing(db, id);
      return { ...toClient(row), receipts: await receipts.ofClient(id) };
    },

    /** Editing a disabled client is allowed: a shop may fix the name on old receipts. */
    async edit({ id, ...changes }: EditClientBody): Promise<Client> {
      const row = await transact((trx) => q.updateClient(trx, id, { ...changes, updatedAt: clock() }));
      if (!row) throw clientNotFound(id);
      return toClient(row);
    },

    /** A soft flag; disabling an already disabled client answers the same client again. */
    async disable(id: number): Promise<Client> {
      return transact(async (trx) => {
        const row = await existing(trx, id);
        if (row.isEnabled === 0) return toClient(row);
        const updated = await q.updateClient(trx, id, { isEnabled: 0, updatedAt: clock() });
        if (!updated) throw clientNotFound(id);
        return toClient(updated);
      });
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
