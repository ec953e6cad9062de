import { z } from 'zod';

// GET /purchase/reorder: the 'Lista de compras' (products at or under their minimum) grouped by
// the supplier each product was last bought from, ready to become a purchase or a WhatsApp order.
// Quantities in each product's unit; lastCost in pesos rounded to the centavo.

export const reorderItemSchema = z.object({
  productId: z.number().int(),
  cuid: z.string(),
  name: z.string(),
  units: z.string(),
  /** Sold by weight: its quantity may carry decimals. */
  sellsByWeight: z.boolean(),
  stock: z.number(),
  /** The product's own minimum, or the default one. */
  minStock: z.number(),
  /** What to order: the shopping list's rule (suggestedOrderMilli). */
  suggested: z.number(),
  /** What the product cost the last time it was bought; null when never bought. */
  lastCost: z.number().nullable(),
});
export type ReorderItem = z.infer<typeof reorderItemSchema>;

export const reorderSupplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
});
export type ReorderSupplier = z.infer<typeof reorderSupplierSchema>;

export const reorderGroupSchema = z.object({
  /** Null: the products never bought from a supplier (last in the list). */
  supplier: reorderSupplierSchema.nullable(),
  items: z.array(reorderItemSchema),
});
export type ReorderGroup = z.infer<typeof reorderGroupSchema>;

/** Groups by supplier name; inside a group, products by name. */
export const reorderSchema = z.object({ groups: z.array(reorderGroupSchema) });
export type Reorder = z.infer<typeof reorderSchema>;
