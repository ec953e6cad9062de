import { z } from 'zod';
import { isoDateTimeSchema, MAX_NAME, MAX_TEXT, optionalText, requiredText } from './common.js';
import { rfcSchema } from './taxes.js';

// The suppliers contract (issue 37): who the shop buys from. The RFC is optional (a market
// stall has none) and unique where given: a supplier's CFDI finds them again by it.

export const MAX_SUPPLIER_PHONE = 40;

export const SUPPLIER_MESSAGES = {
  name: 'El nombre del proveedor es obligatorio.',
  notFound: (id: number) => `El proveedor #${id} no existe.`,
  rfcTaken: (rfc: string) => `Ya hay un proveedor con el RFC ${rfc}.`,
} as const;

/** A supplier as the API returns it. */
export const supplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rfc: z.string().nullable(),
  phone: z.string().nullable(),
  /** Who to ask for (a salesperson's name). */
  contact: z.string().nullable(),
  notes: z.string().nullable(),
  /** Disabled suppliers leave the list and the purchase form but keep their purchases. */
  isEnabled: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type Supplier = z.infer<typeof supplierSchema>;

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An optional RFC: missing, null or blank are null; anything else must be a valid RFC. */
export const optionalRfcSchema = z.preprocess(blankToNull, rfcSchema.nullish()).transform((v) => v ?? null);

const supplierFields = {
  name: requiredText(SUPPLIER_MESSAGES.name, MAX_NAME),
  rfc: optionalRfcSchema,
  phone: optionalText(MAX_SUPPLIER_PHONE),
  contact: optionalText(MAX_NAME),
  notes: optionalText(MAX_TEXT, { multiline: true }),
};

/** POST /supplier/register: a name; the rest optional (null when left out). */
export const registerSupplierBodySchema = z.strictObject(supplierFields);
export type RegisterSupplierBody = z.infer<typeof registerSupplierBodySchema>;
export type RegisterSupplierInput = z.input<typeof registerSupplierBodySchema>;

/** POST /supplier/edit/{id}: the whole supplier as the form sends it (what is left out becomes null). */
export const editSupplierBodySchema = z.strictObject(supplierFields);
export type EditSupplierBody = z.infer<typeof editSupplierBodySchema>;
export type EditSupplierInput = z.input<typeof editSupplierBodySchema>;

/** GET /supplier/list: enabled suppliers, by name. */
export const supplierListResponseSchema = z.object({ suppliers: z.array(supplierSchema) });
export type SupplierListResponse = z.infer<typeof supplierListResponseSchema>;
