import {
  canSeeCosts,
  costToPesos,
  type AddInventoryBody,
  type AdjustInventoryBody,
  centsToPesos,
  type CreateProductBody,
  type EditProductBody,
  fromMilli,
  type InventoryReason,
  labelQuantity,
  type LookupProductResponse,
  pesosToCents,
  type Product,
  type ProductTaxReview,
  productCodeKey,
  productNotFoundByCodeMessage,
  readScaleLabel,
  type RemoveInventoryBody,
  SCALE_LABEL_CHECK_DIGIT_MESSAGE,
  type ScaleLabelFormat,
  scaleLabelCodeCandidates,
  toIso,
  toMilli,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { DB, ProductRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { applyStockChange } from '../inventory/index.js';
import { checkImage, deleteImage, type ImageUpload, imageUrlOf, storeImage } from './images.js';
import { taxColumnsOfNew, taxFieldsOfRow, taxPatchOfEdit } from './product-taxes.js';
import * as q from './products.queries.js';

export const INITIAL_STOCK_NOTE = 'Inventario inicial';

export interface ProductsDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
  /** Where product images are stored (served under /uploads/). */
  uploadDir: string;
  /** Where scale labels carry the code and the weight (SCALE_LABEL_FORMAT). */
  scaleLabelFormat: ScaleLabelFormat;
}

const pesosOrNull = (cents: number | null) => (cents === null ? null : centsToPesos(cents));
const quantityOrNull = (milli: number | null) => (milli === null ? null : fromMilli(milli));

/**
 * A product as the API answers it. The cost figures only with `withCosts` (Admin and Manager:
 * canSeeCosts); a Seller's answers leave them out.
 */
export function toProduct(row: ProductRow, { withCosts = false } = {}): Product {
  const product: Product = {
    id: row.id,
    name: row.name,
    cuid: row.cuid,
    units: row.units,
    stockQuantity: fromMilli(row.stockMilli),
    price: pesosOrNull(row.priceCents),
    wholesalePrice: pesosOrNull(row.wholesalePriceCents),
    wholesaleMinQuantity: quantityOrNull(row.wholesaleMinMilli),
    barcode: row.barcode,
    minStock: quantityOrNull(row.minStockMilli),
    sellsByWeight: row.sellsByWeight === 1,
    imageUrl: imageUrlOf(row.imagePath),
    createdAt: toIso(row.createdAt),
    ...taxFieldsOfRow(row),
    category: row.category,
  };
  if (!withCosts) return product;
  return {
    ...product,
    averageCost: row.averageCostMicros === null ? null : costToPesos(Number(row.averageCostMicros)),
    lastCost: row.lastCostMicros === null ? null : costToPesos(Number(row.lastCostMicros)),
    lastSupplierId: row.lastSupplierId,
  };
}

type Viewer = Pick<Actor, 'role'>;
const costsFor = (viewer: Viewer) => ({ withCosts: canSeeCosts(viewer.role) });

/** The columns create and edit write, from the validated body. */
function detailsOf(input: CreateProductBody | EditProductBody, imagePath: string | null): q.ProductDetails {
  const centsOrNull = (pesos: number | null) => (pesos === null ? null : pesosToCents(pesos));
  const milliOrNull = (quantity: number | null) => (quantity === null ? null : toMilli(quantity));
  return {
    cuid: input.cuid,
    cuidKey: productCodeKey(input.cuid),
    name: input.name,
    units: input.units,
    priceCents: centsOrNull(input.price),
    wholesalePriceCents: centsOrNull(input.wholesalePrice),
    wholesaleMinMilli: milliOrNull(input.wholesaleMinQuantity),
    barcode: input.barcode,
    minStockMilli: milliOrNull(input.minStock),
    sellsByWeight: input.sellsByWeight ? 1 : 0,
    imagePath,
    // Left out of an edit: the stored one stays (undefined is not written).
    ...(input.category !== undefined && { category: input.category }),
  };
}

const missing = (id: number) => notFound(`El producto #${id} no existe.`);

/** Create, edit and the stock changes are Admin's and Manager's (API_ACCESS): their answers carry the costs. */
async function readProduct(db: Executor, id: number): Promise<Product> {
  const row = await q.findProductById(db, id);
  if (!row) throw missing(id);
  return toProduct(row, { withCosts: true });
}

/** 409 when another product holds the code (ignoring case) or the barcode. */
async function checkUnique(db: Executor, input: CreateProductBody | EditProductBody, exceptId?: number) {
  if (await q.findProductByCodeKey(db, productCodeKey(input.cuid), exceptId)) {
    throw conflict(`Ya existe un producto con el código "${input.cuid}".`);
  }
  if (input.barcode !== null && (await q.findProductByBarcode(db, input.barcode, exceptId))) {
    throw conflict(`Ya existe un producto con el código de barras "${input.barcode}".`);
  }
}

export function createProductsService({ db, transact, clock, uploadDir, scaleLabelFormat }: ProductsDeps) {
  /** Saves the image (if any) and runs `write`; the file is removed again if `write` fails. */
  async function withStoredImage<T>(image: ImageUpload | undefined, write: (name: string | null) => Promise<T>) {
    const kind = image ? checkImage(image) : null;
    const name = image && kind ? await storeImage(uploadDir, image, kind) : null;
    try {
      return await write(name);
    } catch (error) {
      await deleteImage(uploadDir, name);
      throw error;
    }
  }

  /** One stock change and its inventory-log row, in one transaction; answers the updated product. */
  function changeStock(id: number, quantity: number, reason: InventoryReason, user: Actor, note: string | null) {
    return transact(async (trx) => {
      const deltaMilli = toMilli(quantity);
      await applyStockChange(trx, { productId: id, deltaMilli, reason, user, note }, clock());
      return readProduct(trx, id);
    });
  }

  return {
    async list(viewer: Viewer): Promise<Product[]> {
      const options = costsFor(viewer);
      return (await q.listProducts(db)).map((row) => toProduct(row, options));
    },

    async taxReview(): Promise<ProductTaxReview> {
      return { unreviewed: await q.countUnreviewedTaxes(db) };
    },

    /**
     * The product a scanned or typed code names: its barcode, else its code (ignoring case), else
     * a scale label's product code with the label's weight. Each step is one indexed query.
     */
    async lookup(code: string, viewer: Viewer): Promise<LookupProductResponse> {
      const options = costsFor(viewer);
      const byBarcode = /^\d{8,14}$/.test(code) ? await q.findProductByBarcode(db, code) : undefined;
      if (byBarcode) return { product: toProduct(byBarcode, options), quantity: null };
      const byCode = await q.findProductByCodeKey(db, productCodeKey(code));
      if (byCode) return { product: toProduct(byCode, options), quantity: null };

      const reading = readScaleLabel(code, scaleLabelFormat);
      if (reading && !reading.ok) throw badRequest(SCALE_LABEL_CHECK_DIGIT_MESSAGE);
      if (reading) {
        const candidates = scaleLabelCodeCandidates(reading.label.codeDigits);
        const rows = await q.findProductsByCodeKeys(db, candidates);
        // The code as printed first, then with fewer leading zeros.
        const row = candidates.map((key) => rows.find((r) => r.cuidKey === key)).find(Boolean);
        if (row)
          return { product: toProduct(row, options), quantity: labelQuantity(reading.label.weightGrams, row.units) };
      }
      throw notFound(productNotFoundByCodeMessage(code));
    },

    async create(input: CreateProductBody, image: ImageUpload | undefined, user: Actor): Promise<Product> {
      if (image) checkImage(image);
      await checkUnique(db, input);
      try {
        return await withStoredImage(image, (imagePath) =>
          transact(async (trx) => {
            const at = clock();
            const { id } = await q.insertProduct(trx, {
              ...detailsOf(input, imagePath),
              ...taxColumnsOfNew(input),
              createdAt: at,
            });
            if (input.stockQuantity > 0) {
              const deltaMilli = toMilli(input.stockQuantity);
              await applyStockChange(
                trx,
                { productId: id, deltaMilli, reason: 'ADD', user, note: INITIAL_STOCK_NOTE },
                at,
              );
            }
            return readProduct(trx, id);
          }),
        );
      } catch (error) {
        // Two creations of one code or barcode racing: the unique indexes decide.
        await checkUnique(db, input);
        throw error;
      }
    },

    async edit(input: EditProductBody, image: ImageUpload | undefined): Promise<Product> {
      if (image) checkImage(image);
      const current = await q.findProductById(db, input.id);
      if (!current) throw missing(input.id);
      await checkUnique(db, input, input.id);
      let updated: Product;
      try {
        updated = await withStoredImage(image, (imagePath) =>
          transact(async (trx) => {
            const result = await q.updateProductDetails(trx, input.id, {
              ...detailsOf(input, imagePath ?? current.imagePath),
              ...taxPatchOfEdit(input),
              updatedAt: clock(),
            });
            if (Number(result.numUpdatedRows) !== 1) throw missing(input.id);
            return readProduct(trx, input.id);
          }),
        );
      } catch (error) {
        await checkUnique(db, input, input.id);
        throw error;
      }
      if (image && current.imagePath) await deleteImage(uploadDir, current.imagePath);
      return updated;
    },

    addInventory({ id, stockToAdd, note }: AddInventoryBody, user: Actor) {
      return changeStock(id, stockToAdd, 'ADD', user, note);
    },

    removeInventory({ id, stockToRemove, note }: RemoveInventoryBody, user: Actor) {
      return changeStock(id, -stockToRemove, 'MERMA', user, note);
    },

    adjustInventory({ id, stockToAdjust, note }: AdjustInventoryBody, user: Actor) {
      return changeStock(id, stockToAdjust, 'ADJUSTMENT', user, note);
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
