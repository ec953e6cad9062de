import {
  type AddInventoryBody,
  type AdjustInventoryBody,
  type CreateProductBody,
  type EditProductBody,
  type InventoryReason,
  type LookupProductResponse,
  MAX_STOCK,
  type Product,
  productNotFoundByCodeMessage,
  type RemoveInventoryBody,
  toIso,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { DB, ProductRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { applyStockChange } from '../inventory/stock.js';
import { checkImage, deleteImage, type ImageUpload, imageUrlOf, storeImage } from './images.js';
import * as q from './products.queries.js';

export const INITIAL_STOCK_NOTE = 'Inventario inicial';

export interface ProductsDeps {
  db: Kysely<DB>;
  transact: TransactionRunner;
  clock: Clock;
  /** Where product images are stored (served under /uploads/). */
  uploadDir: string;
}

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    cuid: row.cuid,
    units: row.units,
    stockQuantity: row.stockQuantity,
    // Until the counter-selling migration adds them: no prices, no barcode, sold by the piece.
    price: null,
    wholesalePrice: null,
    wholesaleMinQuantity: null,
    barcode: null,
    minStock: null,
    sellsByWeight: false,
    imageUrl: imageUrlOf(row.imagePath),
    createdAt: toIso(row.createdAt),
  };
}

const duplicateCuid = (cuid: string) => conflict(`Ya existe un producto con el código "${cuid}".`);
const missing = (id: number) => notFound(`El producto #${id} no existe.`);

async function readProduct(db: Executor, id: number): Promise<Product> {
  const row = await q.findProductById(db, id);
  if (!row) throw missing(id);
  return toProduct(row);
}

export function createProductsService({ db, transact, clock, uploadDir }: ProductsDeps) {
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
  function changeStock(id: number, delta: number, reason: InventoryReason, user: Actor, note: string | null) {
    return transact(async (trx) => {
      const result = await applyStockChange(trx, { productId: id, delta, reason, user, note }, clock());
      if (result.after > MAX_STOCK) {
        throw conflict(
          `El stock de "${result.productName}" no puede ser mayor a ${MAX_STOCK.toLocaleString('es-MX')} (actual: ${result.before}).`,
        );
      }
      return readProduct(trx, id);
    });
  }

  return {
    async list(): Promise<Product[]> {
      return (await q.listProducts(db)).map(toProduct);
    },

    /** The product a scanned or typed code names. */
    async lookup(code: string): Promise<LookupProductResponse> {
      const found = await q.findProductByCuid(db, code);
      if (!found) throw notFound(productNotFoundByCodeMessage(code));
      return { product: await readProduct(db, found.id), quantity: null };
    },

    async create(input: CreateProductBody, image: ImageUpload | undefined, user: Actor): Promise<Product> {
      if (image) checkImage(image);
      if (await q.findProductByCuid(db, input.cuid)) throw duplicateCuid(input.cuid);
      try {
        return await withStoredImage(image, (imagePath) =>
          transact(async (trx) => {
            const at = clock();
            const { id } = await q.insertProduct(trx, {
              cuid: input.cuid,
              name: input.name,
              units: input.units,
              imagePath,
              createdAt: at,
            });
            if (input.stockQuantity > 0) {
              await applyStockChange(
                trx,
                { productId: id, delta: input.stockQuantity, reason: 'ADD', user, note: INITIAL_STOCK_NOTE },
                at,
              );
            }
            return readProduct(trx, id);
          }),
        );
      } catch (error) {
        // Two creations of one code racing: the unique index decides.
        if (await q.findProductByCuid(db, input.cuid)) throw duplicateCuid(input.cuid);
        throw error;
      }
    },

    async edit(input: EditProductBody, image: ImageUpload | undefined): Promise<Product> {
      if (image) checkImage(image);
      const current = await q.findProductById(db, input.id);
      if (!current) throw missing(input.id);
      if (await q.findProductByCuid(db, input.cuid, input.id)) throw duplicateCuid(input.cuid);
      let updated: Product;
      try {
        updated = await withStoredImage(image, (imagePath) =>
          transact(async (trx) => {
            const result = await q.updateProductDetails(trx, input.id, {
              name: input.name,
              cuid: input.cuid,
              units: input.units,
              imagePath: imagePath ?? current.imagePath,
              updatedAt: clock(),
            });
            if (Number(result.numUpdatedRows) !== 1) throw missing(input.id);
            return readProduct(trx, input.id);
          }),
        );
      } catch (error) {
        if (await q.findProductByCuid(db, input.cuid, input.id)) throw duplicateCuid(input.cuid);
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
