// The supplier import: rows checked with the register-supplier contract; a row updates the
// supplier with its RFC, else the enabled one with its name, and adds one otherwise.
import {
  type ImportRowError,
  normalizeForSearch,
  type RegisterSupplierBody,
  registerSupplierBodySchema,
  SUPPLIER_IMPORT_COLUMNS,
} from '@mostrador/shared';
import type { Executor } from '../../db/connection.js';
import * as q from './import.queries.js';
import { type Parsed, readRows, type Row, validate } from './import-rows.js';

const nameKey = (name: string) => normalizeForSearch(name).replace(/\s+/g, ' ');

export async function parseSuppliers(data: Buffer): Promise<Parsed<RegisterSupplierBody>> {
  const { columns, cells, errors } = await readRows(SUPPLIER_IMPORT_COLUMNS, data);
  const rows: Row<RegisterSupplierBody>[] = [];
  const firstRowOfName = new Map<string, number>();
  const firstRowOfRfc = new Map<string, number>();
  for (const { row, value } of cells) {
    const supplier = validate(registerSupplierBodySchema, SUPPLIER_IMPORT_COLUMNS, row, value, errors);
    if (!supplier) continue;
    const earlierName = firstRowOfName.get(nameKey(supplier.name));
    const earlierRfc = supplier.rfc === null ? undefined : firstRowOfRfc.get(supplier.rfc);
    if (earlierName !== undefined) {
      errors.push({ row, message: `nombre: "${supplier.name}" ya aparece en la fila ${earlierName}.` });
    }
    if (earlierRfc !== undefined) {
      errors.push({ row, message: `RFC: "${supplier.rfc}" ya aparece en la fila ${earlierRfc}.` });
    }
    if (earlierName !== undefined || earlierRfc !== undefined) continue;
    firstRowOfName.set(nameKey(supplier.name), row);
    if (supplier.rfc !== null) firstRowOfRfc.set(supplier.rfc, row);
    rows.push({ row, value: supplier });
  }
  return { total: cells.length, columns, rows, errors };
}

export async function planSuppliers(db: Executor, rows: Row<RegisterSupplierBody>[]) {
  const stored = await q.allSuppliers(db);
  const byRfc = new Map(stored.filter((s) => s.rfc !== null).map((s) => [s.rfc!, s]));
  const byName = new Map(stored.filter((s) => s.isEnabled === 1).map((s) => [nameKey(s.name), s]));
  const creates: RegisterSupplierBody[] = [];
  const updates: Array<{ id: number; value: RegisterSupplierBody }> = [];
  const errors: ImportRowError[] = [];
  for (const { row, value } of rows) {
    const current = (value.rfc === null ? undefined : byRfc.get(value.rfc)) ?? byName.get(nameKey(value.name));
    if (!current) creates.push(value);
    else if (current.rfc !== null && value.rfc !== null && current.rfc !== value.rfc) {
      // Found by name, but the file gives it another RFC than the one stored: say so rather than guess.
      errors.push({ row, message: `RFC: "${current.name}" ya tiene el RFC ${current.rfc}.` });
    } else updates.push({ id: current.id, value });
  }
  return { creates, updates, errors };
}

/** Writes a planned import; call it inside one transaction. */
export async function writeSuppliers(trx: Executor, plan: Awaited<ReturnType<typeof planSuppliers>>, now: number) {
  await q.insertSuppliers(
    trx,
    plan.creates.map((supplier) => ({ ...supplier, createdAt: now, updatedAt: now })),
  );
  for (const { id, value } of plan.updates) {
    // A blank cell (or a missing column) keeps what the supplier already has.
    const given = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
    await q.updateSupplier(trx, id, { ...given, updatedAt: now });
  }
  return { created: plan.creates.length, updated: plan.updates.length };
}
