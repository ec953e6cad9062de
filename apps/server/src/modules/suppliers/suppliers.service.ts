import {
  type EditSupplierBody,
  type RegisterSupplierBody,
  type Supplier,
  SUPPLIER_MESSAGES,
  toIso,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { Selectable } from 'kysely';
import type { DB, SuppliersTable } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import * as q from './suppliers.queries.js';

// Suppliers (proveedores): who the shop buys from. Admin and Manager only (API_ACCESS). The RFC
// is unique where given, so a supplier's CFDI finds the supplier again.

export interface SuppliersDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
}

export type SupplierRow = Selectable<SuppliersTable>;

export function toSupplier(row: SupplierRow): Supplier {
  return {
    id: row.id,
    name: row.name,
    rfc: row.rfc,
    phone: row.phone,
    contact: row.contact,
    notes: row.notes,
    isEnabled: row.isEnabled === 1,
    createdAt: toIso(Number(row.createdAt)),
  };
}

const byName = (a: SupplierRow, b: SupplierRow) =>
  a.name.localeCompare(b.name, 'es-MX', { sensitivity: 'base' }) || a.id - b.id;

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** 409 when another supplier already has this RFC. */
async function checkRfcFree(executor: Executor, rfc: string | null, exceptId?: number) {
  if (rfc === null) return;
  const holder = await q.findSupplierByRfc(executor, rfc);
  if (holder && holder.id !== exceptId) throw conflict(SUPPLIER_MESSAGES.rfcTaken(rfc));
}

/** The write, with two writes of one RFC racing answered like the check before it (409). */
async function withRfcGuard<T>(rfc: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (rfc !== null && isUniqueViolation(error)) throw conflict(SUPPLIER_MESSAGES.rfcTaken(rfc));
    throw error;
  }
}

export async function existingSupplier(executor: Executor, id: number): Promise<SupplierRow> {
  const row = await q.findSupplierById(executor, id);
  if (!row) throw notFound(SUPPLIER_MESSAGES.notFound(id));
  return row;
}

/**
 * The supplier a purchase names by RFC (a CFDI's Emisor), inside the purchase's transaction:
 * the one with that RFC, or a new one with this name. A disabled one is used as it is: the
 * delivery happened.
 */
export async function findOrCreateSupplier(
  executor: Executor,
  supplier: { name: string; rfc: string },
  now: number,
): Promise<SupplierRow> {
  const found = await q.findSupplierByRfc(executor, supplier.rfc);
  if (found) return found;
  return q.insertSupplier(executor, { name: supplier.name, rfc: supplier.rfc, createdAt: now, updatedAt: now });
}

export function createSuppliersService({ db, transact, clock }: SuppliersDeps) {
  return {
    async list(): Promise<Supplier[]> {
      return (await q.listEnabledSuppliers(db)).sort(byName).map(toSupplier);
    },

    async register(body: RegisterSupplierBody): Promise<Supplier> {
      const row = await withRfcGuard(body.rfc, () =>
        transact(async (trx) => {
          await checkRfcFree(trx, body.rfc);
          const at = clock();
          return q.insertSupplier(trx, { ...body, createdAt: at, updatedAt: at });
        }),
      );
      return toSupplier(row);
    },

    /** Editing a disabled supplier is allowed (a name fixed on old purchases). */
    async edit(id: number, body: EditSupplierBody): Promise<Supplier> {
      const row = await withRfcGuard(body.rfc, () =>
        transact(async (trx) => {
          await existingSupplier(trx, id);
          await checkRfcFree(trx, body.rfc, id);
          return (await q.updateSupplier(trx, id, { ...body, updatedAt: clock() }))!;
        }),
      );
      return toSupplier(row);
    },

    /** A soft flag: disabling an already disabled supplier answers it again. */
    async disable(id: number): Promise<Supplier> {
      const row = await transact(async (trx) => {
        const current = await existingSupplier(trx, id);
        if (current.isEnabled === 0) return current;
        return (await q.updateSupplier(trx, id, { isEnabled: 0, updatedAt: clock() }))!;
      });
      return toSupplier(row);
    },
  };
}

export type SuppliersService = ReturnType<typeof createSuppliersService>;
