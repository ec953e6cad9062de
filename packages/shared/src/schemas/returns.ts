import { z } from 'zod';
import { hasAtMostThreeDecimals } from '../quantities.js';
import { paymentMethodSchema } from './cash.js';
import { idSchema, isoDateTimeSchema, isPositiveQuantity, MAX_TEXT, requiredText } from './common.js';
import { supervisorCredentialsSchema } from './supervisors.js';

// The returns contract (devoluciones by line). Amounts are pesos on the wire, quantities in the
// product's units with at most three decimals.

const RETURN_QUANTITY_MESSAGE = 'La cantidad a devolver debe ser un número mayor que 0, con hasta 3 decimales.';
export const MAX_RETURN_LINES = 200;

export const returnItemInputSchema = z.strictObject({
  /** The receipt line (receipt item id). */
  itemId: idSchema,
  quantity: z
    .number({ error: RETURN_QUANTITY_MESSAGE })
    .max(1_000_000, 'La cantidad es demasiado grande.')
    .positive(RETURN_QUANTITY_MESSAGE)
    .refine(hasAtMostThreeDecimals, RETURN_QUANTITY_MESSAGE)
    .refine(isPositiveQuantity, RETURN_QUANTITY_MESSAGE),
});

/** POST /receipt/return */
export const returnReceiptBodySchema = z.strictObject({
  receiptId: idSchema,
  items: z
    .array(returnItemInputSchema, { error: 'Indica al menos una cantidad a devolver.' })
    .min(1, 'Indica al menos una cantidad a devolver.')
    .max(MAX_RETURN_LINES, `Máximo ${MAX_RETURN_LINES} líneas por devolución.`)
    .refine((items) => new Set(items.map((i) => i.itemId)).size === items.length, 'Cada línea va una sola vez.'),
  /** How the money goes back (when any does): default Efectivo. */
  method: paymentMethodSchema.default('Efectivo'),
  reason: requiredText('El motivo de la devolución es obligatorio.', MAX_TEXT),
  /** The open drawer an Efectivo refund goes through when the user has none of their own (cash.drawerFor). */
  shiftId: idSchema.optional(),
  /** A Manager's or Admin's credentials, when the return is beyond what the cashier may do alone. */
  supervisor: supervisorCredentialsSchema.optional(),
});
export type ReturnReceiptBody = z.infer<typeof returnReceiptBodySchema>;
export type ReturnReceiptInput = z.input<typeof returnReceiptBodySchema>;

/** One line of a return, as a receipt shows it. */
export const receiptReturnItemSchema = z.object({
  itemId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  units: z.string(),
  quantity: z.number(),
  /** What the returned quantity was worth, pesos. */
  amount: z.number(),
});

/** A return of a receipt: who, when, why, what, and the money that went back. */
export const receiptReturnSchema = z.object({
  id: z.number().int(),
  createdAt: isoDateTimeSchema,
  user: z.object({ id: z.number().int(), name: z.string() }),
  method: paymentMethodSchema,
  reason: z.string(),
  /** Σ of its lines, pesos: what the receipt's net total went down by. */
  amount: z.number(),
  /** The money given back (the balance of a credit receipt goes down first), pesos. */
  refund: z.number(),
  /** The supervisor who authorised it, when one did. */
  authorizedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  items: z.array(receiptReturnItemSchema),
});
export type ReceiptReturn = z.infer<typeof receiptReturnSchema>;
