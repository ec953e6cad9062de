import type { Client, ClientDetails, EditClientBody, RegisterClientBody } from '@mostrador/shared';
import { compareClientsByName, toIso } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { ClientRow, DB } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { findReceiptsOfClient } from '../receipts/receipts.queries.js';
import * as q from './clients.queries.js';

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

export function createClientsService({ db, now = Date.now }: { db: Kysely<DB>; now?: () => number }) {
  async function existing(id: number): Promise<ClientRow> {
    const row = await q.findClientById(db, id);
    if (!row) throw clientNotFound(id);
    return row;
  }

  return {
    async register(input: RegisterClientBody): Promise<Client> {
      const at = now();
      return toClient(await q.insertClient(db, { ...input, createdAt: at, updatedAt: at }));
    },

    async list(): Promise<Client[]> {
      return (await q.listEnabledClients(db)).sort(compareClientsByName).map(toClient);
    },

    /** Disabled clients still open by id: their history stays readable. */
    async details(id: number): Promise<ClientDetails> {
      const row = await existing(id);
      return { ...toClient(row), receipts: await findReceiptsOfClient(db, id) };
    },

    /** Editing a disabled client is allowed: a shop may fix the name on old receipts. */
    async edit({ id, ...changes }: EditClientBody): Promise<Client> {
      const row = await q.updateClient(db, id, { ...changes, updatedAt: now() });
      if (!row) throw clientNotFound(id);
      return toClient(row);
    },

    /** A soft flag; disabling an already disabled client answers the same client again. */
    async disable(id: number): Promise<Client> {
      const row = await existing(id);
      if (row.isEnabled === 0) return toClient(row);
      const updated = await q.updateClient(db, id, { isEnabled: 0, updatedAt: now() });
      if (!updated) throw clientNotFound(id);
      return toClient(updated);
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
