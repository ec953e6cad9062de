import { z } from 'zod';
import { idSchema, isoDateTimeSchema, optionalText, requiredText } from './common.js';

// The products contract: what the product endpoints take and answer. Quantities and stock are integers.

export const MAX_CUID = 64;
export const MAX_UNITS = 30;
/** Highest stock a product may hold (keeps every sum far inside a 32-bit integer). */
export const MAX_STOCK = 1_000_000_000;
/** Largest single stock change. */
export const MAX_STOCK_CHANGE = 1_000_000;
/** Image uploads: at most 5 MB, JPEG, PNG or WebP (checked by content on the server). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PRODUCT_MESSAGES = {
  name: 'Nombre del producto es requerido',
  cuid: 'Código del producto es requerido',
  units: 'Unidades del producto son requeridas',
  stock: 'El stock debe ser un número entero mayor o igual a 0',
  stockMax: `El stock no puede ser mayor a ${MAX_STOCK.toLocaleString('es-MX')}`,
  positiveQuantity: 'La cantidad debe ser un número entero mayor a 0',
  nonZeroQuantity: 'La cantidad debe ser un número entero distinto de 0',
  quantityMax: `La cantidad no puede ser mayor a ${MAX_STOCK_CHANGE.toLocaleString('es-MX')}`,
  imageType: 'La imagen debe ser JPEG, PNG o WebP.',
  imageSize: 'La imagen no puede pesar más de 5 MB.',
} as const;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The product code. */
  cuid: z.string(),
  units: z.string(),
  stockQuantity: z.number().int(),
  /** Where the server serves the image (`/uploads/<file>`), or null. */
  imageUrl: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = z.object({ products: z.array(productSchema) });
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/**
 * An integer from JSON or from a form: multipart fields and number inputs give strings, so a
 * numeric string is read as a number and a blank one as missing. Anything else keeps its type
 * and fails the number check with `message`.
 */
function integerField(message: string) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      return trimmed === '' ? undefined : Number(trimmed);
    },
    z.number({ error: message }).int(message),
  );
}

const productFields = {
  name: requiredText(PRODUCT_MESSAGES.name),
  cuid: requiredText(PRODUCT_MESSAGES.cuid, MAX_CUID),
  units: requiredText(PRODUCT_MESSAGES.units, MAX_UNITS),
};

/** POST /product/create (multipart; the optional image travels as the file field `image`). */
export const createProductBodySchema = z.strictObject({
  ...productFields,
  stockQuantity: integerField(PRODUCT_MESSAGES.stock).pipe(
    z.number().min(0, PRODUCT_MESSAGES.stock).max(MAX_STOCK, PRODUCT_MESSAGES.stockMax),
  ),
});
export type CreateProductBody = z.infer<typeof createProductBodySchema>;

/** POST /product/edit (multipart; a new `image` file replaces the current one). */
export const editProductBodySchema = z.strictObject({ id: idSchema, ...productFields });
export type EditProductBody = z.infer<typeof editProductBodySchema>;

function positiveQuantity() {
  return integerField(PRODUCT_MESSAGES.positiveQuantity).pipe(
    z.number().min(1, PRODUCT_MESSAGES.positiveQuantity).max(MAX_STOCK_CHANGE, PRODUCT_MESSAGES.quantityMax),
  );
}

const noteField = optionalText();

/** POST /product/addInventory: an entry (ADD). */
export const addInventoryBodySchema = z.strictObject({
  id: idSchema,
  stockToAdd: positiveQuantity(),
  note: noteField,
});
export type AddInventoryBody = z.infer<typeof addInventoryBodySchema>;

/** POST /product/removeInventory: waste (MERMA). */
export const removeInventoryBodySchema = z.strictObject({
  id: idSchema,
  stockToRemove: positiveQuantity(),
  note: noteField,
});
export type RemoveInventoryBody = z.infer<typeof removeInventoryBodySchema>;

/** POST /product/adjustInventory: a signed correction (ADJUSTMENT). */
export const adjustInventoryBodySchema = z.strictObject({
  id: idSchema,
  stockToAdjust: integerField(PRODUCT_MESSAGES.nonZeroQuantity).pipe(
    z
      .number()
      .refine((v) => v !== 0, PRODUCT_MESSAGES.nonZeroQuantity)
      .refine((v) => Math.abs(v) <= MAX_STOCK_CHANGE, PRODUCT_MESSAGES.quantityMax),
  ),
  note: noteField,
});
export type AdjustInventoryBody = z.infer<typeof adjustInventoryBodySchema>;
