import { z } from 'zod';
import { hasAtMostTwoDecimals, pesosToCents } from '../money.js';
import { normalizeProductCode } from '../products.js';
import { isWholeQuantity, toMilli, wholeUnitsMessage } from '../quantities.js';
import { hasValidCheckDigit } from '../scale-label.js';
import {
  CONTROL_CHARACTERS,
  decimalField,
  hasNoControlCharacters,
  idSchema,
  isoDateTimeSchema,
  isPositiveQuantity,
  optionalText,
  requiredText,
} from './common.js';
import { checkProductTaxes, productTaxInputFields, productTaxOutputFields } from './taxes.js';

// The products contract: what the product endpoints take and answer. Quantities and stock are
// decimal numbers with at most three decimals (exact thousandths); prices are pesos.

export const MAX_CUID = 64;
export const MAX_UNITS = 30;
/** A product's category (for the profit report): free text. */
export const MAX_CATEGORY = 60;
/** Highest stock a product may hold (its thousandths stay far inside a 64-bit integer). */
export const MAX_STOCK = 1_000_000_000;
/** Largest single stock change. */
export const MAX_STOCK_CHANGE = 1_000_000;
/** Highest sale price, pesos (the same bound as any amount). */
export const MAX_PRICE = 10_000_000;
/** Image uploads: at most 5 MB, JPEG, PNG or WebP (checked by content on the server). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PRODUCT_MESSAGES = {
  name: 'Nombre del producto es requerido',
  cuid: 'Código del producto es requerido',
  units: 'Unidades del producto son requeridas',
  stock: 'El stock debe ser un número mayor o igual a 0, con hasta 3 decimales',
  stockMax: `El stock no puede ser mayor a ${MAX_STOCK.toLocaleString('es-MX')}`,
  positiveQuantity: 'La cantidad debe ser un número mayor a 0, con hasta 3 decimales',
  nonZeroQuantity: 'La cantidad debe ser un número distinto de 0, con hasta 3 decimales',
  quantityMax: `La cantidad no puede ser mayor a ${MAX_STOCK_CHANGE.toLocaleString('es-MX')}`,
  price: 'El precio debe ser un número mayor a 0, con hasta 2 decimales',
  priceMax: `El precio no puede ser mayor a $${MAX_PRICE.toLocaleString('es-MX')}`,
  wholesalePrice: 'El precio de mayoreo debe ser un número mayor a 0, con hasta 2 decimales',
  wholesaleMinQuantity: 'La cantidad de mayoreo debe ser un número mayor a 0, con hasta 3 decimales',
  wholesaleMinQuantityRequired: 'Indica desde qué cantidad aplica el precio de mayoreo.',
  wholesalePriceRequired: 'Indica el precio de mayoreo.',
  minStock: 'El stock mínimo debe ser un número mayor o igual a 0, con hasta 3 decimales',
  barcode: 'El código de barras debe tener de 8 a 14 dígitos.',
  barcodeCheckDigit: 'El código de barras no es válido: el dígito verificador no coincide.',
  sellsByWeight: 'Se vende a granel debe ser verdadero o falso.',
  imageType: 'La imagen debe ser JPEG, PNG o WebP.',
  imageSize: 'La imagen no puede pesar más de 5 MB.',
  category: `La categoría admite como máximo ${MAX_CATEGORY} caracteres.`,
} as const;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The product code (NFKC, trimmed; unique ignoring case). */
  cuid: z.string(),
  units: z.string(),
  /** At most three decimals. */
  stockQuantity: z.number(),
  /** Precio de venta, pesos; null when the seller types it on each sale. */
  price: z.number().nullable(),
  /** Precio de mayoreo, pesos, from wholesaleMinQuantity up; null for none. */
  wholesalePrice: z.number().nullable(),
  wholesaleMinQuantity: z.number().nullable(),
  /** EAN/UPC digits (8–14), unique; null for none. */
  barcode: z.string().nullable(),
  /** Its own low-stock threshold; null means the default (10). */
  minStock: z.number().nullable(),
  /** Sold in fractions of its unit (kg, m, l): quantities with up to three decimals. */
  sellsByWeight: z.boolean(),
  /** Where the server serves the image (`/uploads/<file>`), or null. */
  imageUrl: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  ...productTaxOutputFields,
  /** Free text grouping products in the profit report; null for none. */
  category: z.string().nullable(),
  // The cost figures below are left out of the answer to a Seller (customers can see the counter):
  /** Weighted average cost per unit, pesos rounded to the centavo; null until a purchase sets it. */
  averageCost: z.number().nullable().optional(),
  /** What the last purchase paid per unit, pesos (centavo); null for none. */
  lastCost: z.number().nullable().optional(),
  /** The supplier of the last purchase (the lista de compras groups by it). */
  lastSupplierId: z.number().int().nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = z.object({ products: z.array(productSchema) });
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** A decimal quantity in [min, max] (or > 0 when `positive`), from JSON or a form field. */
function quantityField(message: string, { positive = false, max = MAX_STOCK_CHANGE, maxMessage = '' } = {}) {
  return decimalField(message, message).pipe(
    z
      .number()
      .refine((v) => (positive ? isPositiveQuantity(v) : v >= 0), message)
      .refine((v) => v <= max, maxMessage || message),
  );
}

const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/** An optional form value: missing, null or a blank string become null. */
function nullable<T extends z.ZodType>(schema: T) {
  return z
    .preprocess((value) => (isBlank(value) ? null : value), schema.nullable())
    .optional()
    .transform((value) => value ?? null);
}

function pesosField(message: string) {
  return decimalField(message, message).pipe(
    z
      .number()
      .refine((v) => hasAtMostTwoDecimals(v) && pesosToCents(v) > 0, message)
      .refine((v) => v <= MAX_PRICE, PRODUCT_MESSAGES.priceMax),
  );
}

const FORM_BOOLEANS: Record<string, boolean> = {
  true: true,
  false: false,
  on: true,
  off: false,
  '1': true,
  '0': false,
};

/** A checkbox from JSON (boolean) or a form ('true'/'false', 'on', '1'/'0'); missing is false. */
const formBoolean = z.preprocess(
  (value) => (typeof value === 'string' ? (FORM_BOOLEANS[value.trim().toLowerCase()] ?? value) : value),
  z.boolean({ error: PRODUCT_MESSAGES.sellsByWeight }).default(false),
);

const barcodeField = nullable(
  z
    .string({ error: PRODUCT_MESSAGES.barcode })
    .trim()
    .regex(/^\d{8,14}$/, PRODUCT_MESSAGES.barcode)
    .refine(hasValidCheckDigit, PRODUCT_MESSAGES.barcodeCheckDigit),
);

const productFields = {
  name: requiredText(PRODUCT_MESSAGES.name),
  cuid: requiredText(PRODUCT_MESSAGES.cuid, MAX_CUID).transform(normalizeProductCode),
  units: requiredText(PRODUCT_MESSAGES.units, MAX_UNITS),
  price: nullable(pesosField(PRODUCT_MESSAGES.price)),
  wholesalePrice: nullable(pesosField(PRODUCT_MESSAGES.wholesalePrice)),
  wholesaleMinQuantity: nullable(
    quantityField(PRODUCT_MESSAGES.wholesaleMinQuantity, { positive: true, max: MAX_STOCK }),
  ),
  barcode: barcodeField,
  minStock: nullable(quantityField(PRODUCT_MESSAGES.minStock, { max: MAX_STOCK })),
  sellsByWeight: formBoolean,
  // Optional: a create without it has none (null), an edit without it keeps the stored one.
  category: z
    .string()
    .trim()
    .max(MAX_CATEGORY, PRODUCT_MESSAGES.category)
    .refine(hasNoControlCharacters(), CONTROL_CHARACTERS)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
  // Optional: a create without them takes the defaults, an edit without them keeps the stored ones.
  ...productTaxInputFields,
};

type ProductFieldsOutput = {
  name: string;
  sellsByWeight: boolean;
  wholesalePrice: number | null;
  wholesaleMinQuantity: number | null;
  stockQuantity?: number;
  iepsRate?: number | null;
  iepsPerUnit?: number | null;
};

/**
 * Rules across fields: wholesale needs both its price and its minimum quantity, and a product
 * sold by the piece takes whole quantities only (its wholesale minimum and initial stock).
 */
function checkProductFields(product: ProductFieldsOutput, ctx: z.RefinementCtx) {
  if (product.wholesalePrice !== null && product.wholesaleMinQuantity === null) {
    ctx.addIssue({
      code: 'custom',
      message: PRODUCT_MESSAGES.wholesaleMinQuantityRequired,
      path: ['wholesaleMinQuantity'],
    });
  }
  if (product.wholesalePrice === null && product.wholesaleMinQuantity !== null) {
    ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.wholesalePriceRequired, path: ['wholesalePrice'] });
  }
  checkProductTaxes(product, ctx);
  if (product.sellsByWeight) return;
  for (const field of ['wholesaleMinQuantity', 'stockQuantity'] as const) {
    const value = product[field];
    if (value !== null && value !== undefined && !isWholeQuantity(value)) {
      ctx.addIssue({ code: 'custom', message: wholeUnitsMessage(product.name), path: [field] });
    }
  }
}

/**
 * POST /product/create (multipart; the optional image travels as the file field `image`).
 * Refined across fields: the server extends it with `safeExtend`.
 */
export const createProductBodySchema = z
  .strictObject({
    ...productFields,
    stockQuantity: quantityField(PRODUCT_MESSAGES.stock, { max: MAX_STOCK, maxMessage: PRODUCT_MESSAGES.stockMax }),
  })
  .superRefine(checkProductFields);
export type CreateProductBody = z.infer<typeof createProductBodySchema>;
export type CreateProductInput = z.input<typeof createProductBodySchema>;

/** POST /product/edit (multipart; a new `image` file replaces the current one). Stock is not edited here. */
export const editProductBodySchema = z.strictObject({ id: idSchema, ...productFields }).superRefine(checkProductFields);
export type EditProductBody = z.infer<typeof editProductBodySchema>;
export type EditProductInput = z.input<typeof editProductBodySchema>;

/** GET /product/taxReview (Admin, Manager): how many products nobody has saved since taxes came in. */
export const productTaxReviewSchema = z.object({ unreviewed: z.number().int() });
export type ProductTaxReview = z.infer<typeof productTaxReviewSchema>;

/** GET /product/lookup?code=: a barcode, a product code (any case) or a scale label. */
export const lookupProductQuerySchema = z.strictObject({
  code: requiredText('Escanea o escribe un código.', MAX_CUID),
});
export type LookupProductQuery = z.input<typeof lookupProductQuerySchema>;

export const lookupProductResponseSchema = z.object({
  product: productSchema,
  /** A scale label's weight in the product's unit; null for a barcode or a code. */
  quantity: z.number().nullable(),
});
export type LookupProductResponse = z.infer<typeof lookupProductResponseSchema>;

export function productNotFoundByCodeMessage(code: string): string {
  return `No hay ningún producto con el código "${code}".`;
}

function positiveQuantity() {
  return quantityField(PRODUCT_MESSAGES.positiveQuantity, { positive: true, maxMessage: PRODUCT_MESSAGES.quantityMax });
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
  stockToAdjust: decimalField(PRODUCT_MESSAGES.nonZeroQuantity, PRODUCT_MESSAGES.nonZeroQuantity, {
    signed: true,
  }).pipe(
    z
      .number()
      .refine((v) => toMilli(v) !== 0, PRODUCT_MESSAGES.nonZeroQuantity)
      .refine((v) => Math.abs(v) <= MAX_STOCK_CHANGE, PRODUCT_MESSAGES.quantityMax),
  ),
  note: noteField,
});
export type AdjustInventoryBody = z.infer<typeof adjustInventoryBodySchema>;
