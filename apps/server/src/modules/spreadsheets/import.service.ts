import {
  CLIENT_IMPORT_COLUMNS,
  createProductBodySchema,
  type ImportColumn,
  type ImportKind,
  type ImportPreview,
  type ImportResult,
  type ImportRowError,
  matchColumns,
  MAX_IMPORT_ROWS,
  normalizeForSearch,
  PRODUCT_IMPORT_COLUMNS,
  readSpreadsheetNumber,
  registerClientBodySchema,
  type RegisterClientBody,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Executor } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import { applyStockChanges, logInitialStock, type StockChange } from '../inventory/stock.js';
import * as q from './import.queries.js';
import { readSheet, UnreadableFile } from './spreadsheet.js';

/** The note on the inventory movements an import makes. */
export const IMPORT_NOTE = 'Importación';
/** The unit of a product whose file gives none. */
export const DEFAULT_UNITS = 'pza';

export interface ImportDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
}

/** A valid row of the file: its spreadsheet row number and the record it describes. */
interface Row<T> {
  row: number;
  value: T;
}

interface ProductRowValue {
  cuid: string;
  name: string;
  units: string;
  /** Null when the file leaves it blank: an existing product keeps its stock. */
  stockQuantity: number | null;
}

interface Parsed<T> {
  /** Data rows in the file. */
  total: number;
  columns: string[];
  rows: Row<T>[];
  errors: ImportRowError[];
}

type Cells = Record<string, string>;

/**
 * The file's rows as cells by field, or the reason it cannot be imported at all (unreadable,
 * without the required columns, too long). Row numbers are the spreadsheet's: the header is 1.
 */
async function readRows(columns: readonly ImportColumn[], data: Buffer): Promise<RowsOfFile> {
  try {
    return await readCells(columns, data);
  } catch (error) {
    if (error instanceof UnreadableFile) return fileError(error.message);
    throw error;
  }
}

interface RowsOfFile {
  columns: string[];
  cells: Row<Cells>[];
  errors: ImportRowError[];
}

/** A problem of the whole file, reported on its header row. */
const fileError = (message: string): RowsOfFile => ({ columns: [], cells: [], errors: [{ row: 1, message }] });

async function readCells(columns: readonly ImportColumn[], data: Buffer): Promise<RowsOfFile> {
  const sheet = await readSheet(data);
  const found = matchColumns(columns, sheet.header);
  const missing = columns.filter((c) => c.required && !found.has(c)).map((c) => c.label);
  if (missing.length > 0) {
    return fileError(
      `Faltan las columnas ${missing.join(', ')}. La primera fila debe tener los nombres de las columnas ` +
        `(${columns.map((c) => c.label).join(', ')}).`,
    );
  }
  const body = sheet.rows();
  if (body.length > MAX_IMPORT_ROWS) {
    return fileError(
      `El archivo tiene ${body.length.toLocaleString('es-MX')} filas; el máximo es ` +
        `${MAX_IMPORT_ROWS.toLocaleString('es-MX')}. Divídelo en varios archivos.`,
    );
  }
  const cells = body.map((cellsOfRow, index) => {
    const value: Cells = {};
    for (const [column, at] of found) {
      const text = (cellsOfRow[at] ?? '').trim();
      value[column.field] = column.numeric ? readSpreadsheetNumber(text) : text;
    }
    return { row: index + 2, value };
  });
  return { columns: [...found.keys()].map((c) => c.label), cells, errors: [] };
}

/** Validates one row with the API's own schema; each problem names its column. */
function validate<S extends z.ZodType>(
  schema: S,
  columns: readonly ImportColumn[],
  row: number,
  input: Record<string, unknown>,
  errors: ImportRowError[],
): z.infer<S> | null {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const column = columns.find((c) => c.field === issue.path[0]);
    errors.push({ row, message: column ? `${column.label}: ${issue.message}` : issue.message });
  }
  return null;
}

const blankToNull = (text: string | undefined) => (text ? text : null);

async function parseProducts(data: Buffer): Promise<Parsed<ProductRowValue>> {
  const { columns, cells, errors } = await readRows(PRODUCT_IMPORT_COLUMNS, data);
  const rows: Row<ProductRowValue>[] = [];
  const firstRowOfCode = new Map<string, number>();
  for (const { row, value } of cells) {
    const stock = blankToNull(value.stockQuantity);
    const product = validate(
      createProductBodySchema,
      PRODUCT_IMPORT_COLUMNS,
      row,
      { cuid: value.cuid, name: value.name, units: value.units || DEFAULT_UNITS, stockQuantity: stock ?? 0 },
      errors,
    );
    if (!product) continue;
    const earlier = firstRowOfCode.get(product.cuid);
    if (earlier !== undefined) {
      errors.push({ row, message: `código: "${product.cuid}" ya aparece en la fila ${earlier}.` });
      continue;
    }
    firstRowOfCode.set(product.cuid, row);
    rows.push({ row, value: { ...product, stockQuantity: stock === null ? null : product.stockQuantity } });
  }
  return { total: cells.length, columns, rows, errors };
}

const fullNameKey = (firstName: string, lastName: string | null) =>
  normalizeForSearch(`${firstName} ${lastName ?? ''}`).replace(/\s+/g, ' ');

async function parseClients(data: Buffer): Promise<Parsed<RegisterClientBody>> {
  const { columns, cells, errors } = await readRows(CLIENT_IMPORT_COLUMNS, data);
  // Without a surname column the name holds both: its first word is the name, the rest the surname.
  const splitName = !columns.includes('apellido');
  const rows: Row<RegisterClientBody>[] = [];
  const firstRowOfName = new Map<string, number>();
  for (const { row, value } of cells) {
    const [first = '', ...rest] = splitName ? (value.firstName ?? '').split(/\s+/) : [value.firstName ?? ''];
    const input = { ...value, firstName: first, lastName: splitName ? rest.join(' ') : value.lastName };
    const client = validate(registerClientBodySchema, CLIENT_IMPORT_COLUMNS, row, input, errors);
    if (!client) continue;
    const key = fullNameKey(client.firstName, client.lastName);
    const earlier = firstRowOfName.get(key);
    if (earlier !== undefined) {
      errors.push({
        row,
        message: `nombre: "${client.firstName} ${client.lastName}" ya aparece en la fila ${earlier}.`,
      });
      continue;
    }
    firstRowOfName.set(key, row);
    rows.push({ row, value: client });
  }
  return { total: cells.length, columns, rows, errors };
}

/** Which rows are new and which update an existing record (by product code, by client name). */
async function planProducts(db: Executor, rows: Row<ProductRowValue>[]) {
  const existing = new Map((await q.allProducts(db)).map((p) => [p.cuid, p]));
  const creates = rows.filter((r) => !existing.has(r.value.cuid)).map((r) => r.value);
  const updates = rows.flatMap((r) => {
    const current = existing.get(r.value.cuid);
    return current ? [{ current, value: r.value }] : [];
  });
  return { creates, updates };
}

async function planClients(db: Executor, rows: Row<RegisterClientBody>[]) {
  const existing = new Map((await q.enabledClients(db)).map((c) => [fullNameKey(c.firstName, c.lastName), c]));
  const creates = rows
    .filter((r) => !existing.has(fullNameKey(r.value.firstName, r.value.lastName)))
    .map((r) => r.value);
  const updates = rows.flatMap((r) => {
    const current = existing.get(fullNameKey(r.value.firstName, r.value.lastName));
    return current ? [{ current, value: r.value }] : [];
  });
  return { creates, updates };
}

export function createImportService({ db, transact, clock }: ImportDeps) {
  async function writeProducts(trx: Executor, rows: Row<ProductRowValue>[], user: Actor): Promise<ImportResult> {
    const now = clock();
    const { creates, updates } = await planProducts(trx, rows);
    const inserted = await q.insertProducts(
      trx,
      creates.map((p) => ({
        cuid: p.cuid,
        name: p.name,
        units: p.units,
        stockQuantity: p.stockQuantity ?? 0,
        imagePath: null,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const created = new Map(creates.map((p) => [p.cuid, p]));
    await logInitialStock(
      trx,
      inserted.map(({ id, cuid }) => ({
        productId: id,
        productName: created.get(cuid)!.name,
        quantity: created.get(cuid)!.stockQuantity ?? 0,
      })),
      user,
      IMPORT_NOTE,
      now,
    );
    const adjustments: StockChange[] = [];
    for (const { current, value } of updates) {
      await q.updateProduct(trx, current.id, { name: value.name, units: value.units, updatedAt: now });
      if (value.stockQuantity !== null && value.stockQuantity !== current.stockQuantity) {
        const delta = value.stockQuantity - current.stockQuantity;
        adjustments.push({ productId: current.id, delta, reason: 'ADJUSTMENT', user, note: IMPORT_NOTE });
      }
    }
    await applyStockChanges(
      trx,
      adjustments.sort((a, b) => a.productId - b.productId),
      now,
    );
    return { kind: 'products', created: creates.length, updated: updates.length };
  }

  async function writeClients(trx: Executor, rows: Row<RegisterClientBody>[]): Promise<ImportResult> {
    const now = clock();
    const { creates, updates } = await planClients(trx, rows);
    await q.insertClients(
      trx,
      creates.map((c) => ({ ...c, createdAt: now, updatedAt: now })),
    );
    for (const { current, value } of updates) {
      const patch = { phone: value.phone, email: value.email, address: value.address };
      // A blank cell keeps what the client already has.
      const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null));
      await q.updateClient(trx, current.id, { ...given, updatedAt: now });
    }
    return { kind: 'clients', created: creates.length, updated: updates.length };
  }

  function refuse(errors: ImportRowError[]): never {
    const count = errors.length === 1 ? 'un error' : `${errors.length.toLocaleString('es-MX')} errores`;
    throw badRequest(`El archivo tiene ${count}; no se importó nada. Revisa la vista previa.`);
  }

  return {
    /** What the import would do and every problem of the file; writes nothing. */
    async preview(kind: ImportKind, data: Buffer): Promise<ImportPreview> {
      const summary = <T>(parsed: Parsed<T>, plan: { creates: unknown[]; updates: unknown[] }) => ({
        kind,
        rows: parsed.total,
        toCreate: plan.creates.length,
        toUpdate: plan.updates.length,
        columns: parsed.columns,
        errors: parsed.errors,
      });
      if (kind === 'products') {
        const parsed = await parseProducts(data);
        return summary(parsed, await planProducts(db, parsed.rows));
      }
      const parsed = await parseClients(data);
      return summary(parsed, await planClients(db, parsed.rows));
    },

    /** Imports the whole file in one transaction, or nothing when any row has a problem. */
    async commit(kind: ImportKind, data: Buffer, user: Actor): Promise<ImportResult> {
      if (kind === 'products') {
        const parsed = await parseProducts(data);
        if (parsed.errors.length > 0) refuse(parsed.errors);
        return transact((trx) => writeProducts(trx, parsed.rows, user));
      }
      const parsed = await parseClients(data);
      if (parsed.errors.length > 0) refuse(parsed.errors);
      return transact((trx) => writeClients(trx, parsed.rows));
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
