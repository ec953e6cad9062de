// The product import: rows checked with the create-product contract, matched by code, written in
// bulk with their stock explained by inventory movements.
import {
  createProductBodySchema,
  type CreateProductBody,
  type ImportRowError,
  type ImportColumn,
  percentToPpm,
  pesosToCents,
  pesosToMicros,
  PRODUCT_IMPORT_COLUMNS,
  productCodeKey,
  productTaxDefaults,
  readIepsCell,
  toMilli,
} from '@mostrador/shared';
import type { Updateable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { ProductsTable } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { applyStockChanges, logInitialStock, type StockChange } from '../inventory/index.js';
import * as q from './import.queries.js';
import { blankToNull, type Parsed, readRows, type Row, validate } from './import-rows.js';

/** The note on the inventory movements an import makes. */
export const IMPORT_NOTE = 'Importación';
/** The unit of a product whose file gives none. */
export const DEFAULT_UNITS = 'pza';

export interface ProductRowValue {
  product: CreateProductBody;
  /** The fields whose cell was not blank: an existing product keeps what a blank cell leaves out. */
  given: Set<string>;
}

/** The schema's IEPS fields are the file's one 'IEPS' column. */
const COLUMNS_OF_FIELDS: readonly ImportColumn[] = [
  ...PRODUCT_IMPORT_COLUMNS,
  { field: 'iepsRate', label: 'IEPS', aliases: [] },
  { field: 'iepsPerUnit', label: 'IEPS', aliases: [] },
];

const blankToUndefined = (text: string | undefined) => (text ? text : undefined);

export async function parseProducts(data: Buffer): Promise<Parsed<ProductRowValue>> {
  const { columns, cells, errors } = await readRows(PRODUCT_IMPORT_COLUMNS, data);
  const rows: Row<ProductRowValue>[] = [];
  const firstRowOfCode = new Map<string, number>();
  const firstRowOfBarcode = new Map<string, number>();
  for (const { row, value } of cells) {
    const given = new Set(Object.keys(value).filter((field) => value[field] !== ''));
    const input = {
      cuid: value.cuid,
      name: value.name,
      units: value.units || DEFAULT_UNITS,
      price: blankToNull(value.price),
      barcode: blankToNull(value.barcode),
      minStock: blankToNull(value.minStock),
      sellsByWeight: value.sellsByWeight || undefined,
      stockQuantity: value.stockQuantity || 0,
      ivaRate: blankToUndefined(value.ivaRate),
      ...(value.ieps ? readIepsCell(value.ieps) : {}),
      satProductCode: blankToUndefined(value.satProductCode),
      satUnitCode: blankToUndefined(value.satUnitCode),
      category: blankToNull(value.category),
    };
    const product = validate(createProductBodySchema, COLUMNS_OF_FIELDS, row, input, errors);
    if (!product) continue;
    const earlier = firstRowOfCode.get(productCodeKey(product.cuid));
    const earlierBarcode = product.barcode === null ? undefined : firstRowOfBarcode.get(product.barcode);
    if (earlier !== undefined)
      errors.push({ row, message: `código: "${product.cuid}" ya aparece en la fila ${earlier}.` });
    if (earlierBarcode !== undefined) {
      errors.push({ row, message: `código de barras: "${product.barcode}" ya aparece en la fila ${earlierBarcode}.` });
    }
    if (earlier !== undefined || earlierBarcode !== undefined) continue;
    firstRowOfCode.set(productCodeKey(product.cuid), row);
    if (product.barcode !== null) firstRowOfBarcode.set(product.barcode, row);
    rows.push({ row, value: { product, given } });
  }
  return { total: cells.length, columns, rows, errors };
}

/** Which rows add a product and which update one (same code); a barcode another product holds is an error. */
export async function planProducts(db: Executor, rows: Row<ProductRowValue>[]) {
  const stored = await q.allProducts(db);
  const byCode = new Map(stored.map((p) => [p.cuidKey, p]));
  const byBarcode = new Map(stored.filter((p) => p.barcode !== null).map((p) => [p.barcode!, p]));
  const creates: ProductRowValue[] = [];
  const updates: Array<{ current: (typeof stored)[number]; value: ProductRowValue }> = [];
  const errors: ImportRowError[] = [];
  for (const { row, value } of rows) {
    const current = byCode.get(productCodeKey(value.product.cuid));
    const holder = value.product.barcode === null ? undefined : byBarcode.get(value.product.barcode);
    if (holder && holder.id !== current?.id) {
      errors.push({
        row,
        message: `código de barras: "${value.product.barcode}" ya es del producto "${holder.name}" (${holder.cuid}).`,
      });
    } else if (current) {
      updates.push({ current, value });
    } else {
      creates.push(value);
    }
  }
  return { creates, updates, errors };
}

const centsOrNull = (pesos: number | null) => (pesos === null ? null : pesosToCents(pesos));
const milliOrNull = (quantity: number | null) => (quantity === null ? null : toMilli(quantity));

/** The IEPS columns of a row: what its 'IEPS' cell says (blank: none). */
const iepsOf = (product: CreateProductBody) => ({
  iepsRatePpm: product.iepsRate == null ? null : percentToPpm(product.iepsRate),
  iepsQuotaMicros: product.iepsPerUnit == null ? null : pesosToMicros(product.iepsPerUnit),
});

/** A new product's taxes: the file's, the defaults for what it leaves out; reviewed when its IVA is given. */
function taxesOfNew({ product, given }: ProductRowValue) {
  const defaults = productTaxDefaults(product.units);
  return {
    ivaRate: product.ivaRate ?? defaults.ivaRate,
    ...iepsOf(product),
    satProductCode: product.satProductCode ?? defaults.satProductCode,
    satUnitCode: product.satUnitCode ?? defaults.satUnitCode,
    taxesReviewed: given.has('ivaRate') ? 1 : 0,
  };
}

/**
 * What a row changes of an existing product's taxes. A filled IVA states the product's taxes
 * whole (a blank IEPS is none) and is its review; otherwise only the cells given change.
 */
function taxPatchOf({ product, given }: ProductRowValue): Updateable<ProductsTable> {
  const patch: Updateable<ProductsTable> = {};
  if (given.has('ivaRate')) Object.assign(patch, { ivaRate: product.ivaRate, taxesReviewed: 1 });
  if (given.has('ivaRate') || given.has('ieps')) Object.assign(patch, iepsOf(product));
  if (given.has('satProductCode')) patch.satProductCode = product.satProductCode;
  if (given.has('satUnitCode')) patch.satUnitCode = product.satUnitCode;
  return patch;
}

/** What a row changes of an existing product: its name, and every other field its file gives. */
function patchOf({ product, given }: ProductRowValue): Updateable<ProductsTable> {
  const patch: Updateable<ProductsTable> = { name: product.name };
  if (given.has('units')) patch.units = product.units;
  if (given.has('price')) patch.priceCents = centsOrNull(product.price);
  if (given.has('barcode')) patch.barcode = product.barcode;
  if (given.has('minStock')) patch.minStockMilli = milliOrNull(product.minStock);
  if (given.has('sellsByWeight')) patch.sellsByWeight = product.sellsByWeight ? 1 : 0;
  if (given.has('category')) patch.category = product.category;
  return { ...patch, ...taxPatchOf({ product, given }) };
}

/** Writes a planned import; call it inside one transaction. */
export async function writeProducts(
  trx: Executor,
  plan: Awaited<ReturnType<typeof planProducts>>,
  user: Actor,
  now: number,
) {
  const inserted = await q.insertProducts(
    trx,
    plan.creates.map(({ product: p, given }) => ({
      cuid: p.cuid,
      cuidKey: productCodeKey(p.cuid),
      name: p.name,
      units: p.units,
      priceCents: centsOrNull(p.price),
      wholesalePriceCents: null,
      wholesaleMinMilli: null,
      barcode: p.barcode,
      minStockMilli: milliOrNull(p.minStock),
      sellsByWeight: p.sellsByWeight ? 1 : 0,
      stockMilli: toMilli(p.stockQuantity),
      imagePath: null,
      category: p.category ?? null,
      ...taxesOfNew({ product: p, given }),
      createdAt: now,
      updatedAt: now,
    })),
  );
  const created = new Map(plan.creates.map(({ product: p }) => [p.cuid, p]));
  const initial = inserted.map(({ id, cuid }) => {
    const product = created.get(cuid)!;
    return { productId: id, productName: product.name, quantityMilli: toMilli(product.stockQuantity) };
  });
  await logInitialStock(trx, initial, user, IMPORT_NOTE, now);

  const adjustments: StockChange[] = [];
  for (const { current, value } of plan.updates) {
    await q.updateProduct(trx, current.id, { ...patchOf(value), updatedAt: now });
    const deltaMilli = toMilli(value.product.stockQuantity) - current.stockMilli;
    if (value.given.has('stockQuantity') && deltaMilli !== 0) {
      adjustments.push({ productId: current.id, deltaMilli, reason: 'ADJUSTMENT', user, note: IMPORT_NOTE });
    }
  }
  await applyStockChanges(
    trx,
    adjustments.sort((a, b) => a.productId - b.productId),
    now,
  );
  return { created: plan.creates.length, updated: plan.updates.length };
}
