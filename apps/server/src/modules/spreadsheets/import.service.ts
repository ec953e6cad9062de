import type {
  ImportKind,
  ImportPreview,
  ImportResult,
  ImportRowError,
  RegisterClientBody,
  RegisterSupplierBody,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { planClients, writeClients } from './import-clients.js';
import { planProducts, type ProductRowValue, writeProducts } from './import-products.js';
import { planSuppliers, writeSuppliers } from './import-suppliers.js';
import type { Parsed, Row } from './import-rows.js';
import { parseInWorker } from './parse-in-worker.js';

/** The answer to an import (or its preview) while another one is at work. */
export const IMPORT_BUSY = 'Ya hay una importación en curso. Espera a que termine y vuelve a intentarlo.';
export const importBusy = () => conflict(IMPORT_BUSY);

export interface ImportDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
}

/**
 * One kind of import: read and check the file (in a worker thread), plan it against the stored
 * records, write it.
 */
interface Importer<T, P extends { creates: unknown[]; updates: unknown[]; errors: ImportRowError[] }> {
  parse(data: Buffer): Promise<Parsed<T>>;
  plan(db: Executor, rows: Row<T>[]): Promise<P>;
  write(trx: Executor, plan: P, user: Actor, now: number): Promise<{ created: number; updated: number }>;
}

const IMPORTERS = {
  products: {
    parse: (data: Buffer) => parseInWorker<ProductRowValue>('products', data),
    plan: planProducts,
    write: writeProducts,
  },
  clients: {
    parse: (data: Buffer) => parseInWorker<RegisterClientBody>('clients', data),
    plan: planClients,
    // Clients keep no record of who added them.
    write: (trx: Executor, plan: Awaited<ReturnType<typeof planClients>>, _user: Actor, now: number) =>
      writeClients(trx, plan, now),
  },
  suppliers: {
    parse: (data: Buffer) => parseInWorker<RegisterSupplierBody>('suppliers', data),
    plan: planSuppliers,
    write: (trx: Executor, plan: Awaited<ReturnType<typeof planSuppliers>>, _user: Actor, now: number) =>
      writeSuppliers(trx, plan, now),
  },
};

function refuse(errors: ImportRowError[]): never {
  const count = errors.length === 1 ? 'un error' : `${errors.length.toLocaleString('es-MX')} errores`;
  throw badRequest(`El archivo tiene ${count}; no se importó nada. Revisa la vista previa.`);
}

export function createImportService({ db, transact, clock }: ImportDeps) {
  /**
   * One import (or preview) at a time: each holds a worker and the memory of a whole file, and
   * a commit a transaction over every row. A second one is refused rather than queued.
   */
  let running = false;
  async function alone<R>(work: () => Promise<R>): Promise<R> {
    if (running) throw importBusy();
    running = true;
    try {
      return await work();
    } finally {
      running = false;
    }
  }

  /**
   * The file is read and checked before the transaction opens (parsing a large file must not
   * hold SQLite's write lock); the plan against the stored records is made again inside it.
   */
  async function run<T, P extends { creates: unknown[]; updates: unknown[]; errors: ImportRowError[] }>(
    importer: Importer<T, P>,
    kind: ImportKind,
    data: Buffer,
    user: Actor,
  ): Promise<ImportResult> {
    const parsed = await importer.parse(data);
    if (parsed.errors.length > 0) refuse(parsed.errors);
    const counts = await transact(async (trx) => {
      const plan = await importer.plan(trx, parsed.rows);
      if (plan.errors.length > 0) refuse(plan.errors);
      return importer.write(trx, plan, user, clock());
    });
    return { kind, ...counts };
  }

  async function preview<T, P extends { creates: unknown[]; updates: unknown[]; errors: ImportRowError[] }>(
    importer: Importer<T, P>,
    kind: ImportKind,
    data: Buffer,
  ): Promise<ImportPreview> {
    const parsed = await importer.parse(data);
    const plan = await importer.plan(db, parsed.rows);
    return {
      kind,
      rows: parsed.total,
      toCreate: plan.creates.length,
      toUpdate: plan.updates.length,
      columns: parsed.columns,
      errors: [...parsed.errors, ...plan.errors].sort((a, b) => a.row - b.row),
    };
  }

  return {
    /** Whether an import or a preview is at work (the routes refuse another before its upload). */
    busy: () => running,

    /** What the import would do and every problem of the file; writes nothing. */
    preview(kind: ImportKind, data: Buffer): Promise<ImportPreview> {
      return alone(() => {
        if (kind === 'products') return preview(IMPORTERS.products, kind, data);
        if (kind === 'suppliers') return preview(IMPORTERS.suppliers, kind, data);
        return preview(IMPORTERS.clients, kind, data);
      });
    },

    /** Imports the whole file in one transaction, or nothing when any row has a problem. */
    commit(kind: ImportKind, data: Buffer, user: Actor): Promise<ImportResult> {
      return alone(() => {
        if (kind === 'products') return run(IMPORTERS.products, kind, data, user);
        if (kind === 'suppliers') return run(IMPORTERS.suppliers, kind, data, user);
        return run(IMPORTERS.clients, kind, data, user);
      });
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
