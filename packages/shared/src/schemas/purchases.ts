import { z } from 'zod';
import { hasAtMostFourDecimals, lineCostCents } from '../costs.js';
import { pesosToCents } from '../money.js';
import { pesosToMicros } from '../taxes.js';
import { isYmd } from '../dates.js';
import { hasAtMostThreeDecimals, toMilli } from '../quantities.js';
import {
  idSchema,
  isoDateTimeSchema,
  isPositiveQuantity,
  MAX_NAME,
  MAX_TEXT,
  optionalText,
  requiredText,
} from './common.js';
import { MAX_PRICE, MAX_STOCK_CHANGE } from './products.js';
import { supplierSchema, SUPPLIER_MESSAGES } from './suppliers.js';
import { rfcSchema } from './taxes.js';
import { userRefSchema } from './supervisors.js';

// The purchases contract (issue 37; docs/decisions/099-purchases-and-costs.md): a delivery from
// a supplier (compra). Its stock comes in through ADD logs naming it, and its costs feed each
// product's weighted average. Costs are pesos with up to four decimals on the way in; amounts
// and totals are pesos (centavos).

export const PURCHASE_PAID = ['contado', 'crédito'] as const;
export type PurchasePaid = (typeof PURCHASE_PAID)[number];

export const MAX_PURCHASE_LINES = 200;
export const MAX_INVOICE_FOLIO = 40;
export const MAX_SUPPLIER_CODE = 60;
/** Purchases per page of GET /purchase/list. */
export const PURCHASE_PAGE_SIZE = 50;

export const PURCHASE_MESSAGES = {
  supplierRequired: 'Indica el proveedor de la compra.',
  supplierTwice: 'Indica el proveedor una sola vez: supplierId o supplier, no ambos.',
  supplierRfc: 'El RFC del proveedor es obligatorio.',
  date: 'La fecha debe tener la forma AAAA-MM-DD.',
  futureDate: 'La fecha de la compra no puede ser posterior a hoy.',
  items: 'La compra debe tener al menos un producto.',
  itemsMax: `La compra admite como máximo ${MAX_PURCHASE_LINES} renglones.`,
  quantity: 'La cantidad debe ser un número mayor a 0, con hasta 3 decimales.',
  quantityMax: `La cantidad no puede ser mayor a ${MAX_STOCK_CHANGE.toLocaleString('es-MX')}.`,
  unitCost: 'El costo unitario debe ser un número mayor o igual a 0, con hasta 4 decimales.',
  unitCostMax: `El costo unitario no puede ser mayor a $${MAX_PRICE.toLocaleString('es-MX')}.`,
  paid: "La forma de pago debe ser 'contado' o 'crédito'.",
  fromDrawerCredit: 'Solo una compra de contado se paga con el efectivo de la caja.',
  fromDrawer: 'Pagado con la caja debe ser verdadero o falso.',
  cfdiUuid: 'El UUID del CFDI no es válido.',
  cfdiUuidTaken: (uuid: string, purchaseId: number) => `El CFDI ${uuid} ya se registró en la compra #${purchaseId}.`,
  notFound: (id: number) => `La compra #${id} no existe.`,
  alreadyCancelled: (id: number) => `La compra #${id} ya está cancelada.`,
  belowZero: (productName: string, stock: string) =>
    `No se puede cancelar la compra: el stock de ${productName} quedaría en ${stock}.`,
  drawerNote: (id: number, supplierName: string) => `Compra #${id} a ${supplierName}`,
  drawerCancelNote: (id: number, supplierName: string) => `Cancelación de la compra #${id} a ${supplierName}`,
  noDrawerTotal: 'Una compra de $0.00 no se paga con la caja.',
  totalMax: `El total de la compra no puede ser mayor a $${MAX_PRICE.toLocaleString('es-MX')}.`,
} as const;

const ymdSchema = (message: string) => z.string({ error: message }).refine(isYmd, message);

/** A CFDI's folio fiscal (UUID), upper case as the SAT prints it. */
export const cfdiUuidSchema = z
  .string({ error: PURCHASE_MESSAGES.cfdiUuid })
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/, PURCHASE_MESSAGES.cfdiUuid);

const quantitySchema = z
  .number({ error: PURCHASE_MESSAGES.quantity })
  .finite(PURCHASE_MESSAGES.quantity)
  .refine(hasAtMostThreeDecimals, PURCHASE_MESSAGES.quantity)
  .refine(isPositiveQuantity, PURCHASE_MESSAGES.quantity)
  .refine((v) => v <= MAX_STOCK_CHANGE, PURCHASE_MESSAGES.quantityMax);

/** A unit cost in pesos: ≥ 0, at most four decimals, at most MAX_PRICE. */
export const unitCostSchema = z
  .number({ error: PURCHASE_MESSAGES.unitCost })
  .finite(PURCHASE_MESSAGES.unitCost)
  .refine((v) => v >= 0, PURCHASE_MESSAGES.unitCost)
  .refine((v) => v <= MAX_PRICE, PURCHASE_MESSAGES.unitCostMax)
  .refine(hasAtMostFourDecimals, PURCHASE_MESSAGES.unitCost);

export const purchaseItemInputSchema = z.strictObject({
  productId: idSchema,
  quantity: quantitySchema,
  unitCost: unitCostSchema,
  /** The supplier's own code for the product (their NoIdentificacion): remembered for that supplier. */
  supplierCode: optionalText(MAX_SUPPLIER_CODE),
});
export type PurchaseItemInput = z.input<typeof purchaseItemInputSchema>;

/** A supplier named by a CFDI's Emisor: found by RFC, or created with this name. */
export const purchaseSupplierInputSchema = z.strictObject({
  name: requiredText(SUPPLIER_MESSAGES.name, MAX_NAME),
  rfc: z.preprocess((v) => (v === undefined || v === null ? undefined : v), rfcSchema),
});

/**
 * POST /purchase/create. Exactly one of supplierId and supplier. `date` is the Monterrey day of the
 * delivery (today when left out; never after today). `fromDrawer`: a contado purchase paid with
 * the cash of the buyer's open drawer shift (a Salida).
 */
export const createPurchaseBodySchema = z
  .strictObject({
    supplierId: idSchema.optional(),
    supplier: purchaseSupplierInputSchema.optional(),
    date: ymdSchema(PURCHASE_MESSAGES.date).optional(),
    invoiceFolio: optionalText(MAX_INVOICE_FOLIO),
    cfdiUuid: z
      .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), cfdiUuidSchema.nullish())
      .transform((v) => v ?? null),
    items: z
      .array(purchaseItemInputSchema, { error: PURCHASE_MESSAGES.items })
      .min(1, PURCHASE_MESSAGES.items)
      .max(MAX_PURCHASE_LINES, PURCHASE_MESSAGES.itemsMax),
    paid: z.enum(PURCHASE_PAID, { error: PURCHASE_MESSAGES.paid }),
    fromDrawer: z.boolean({ error: PURCHASE_MESSAGES.fromDrawer }).default(false),
    note: optionalText(MAX_TEXT, { multiline: true }),
  })
  .superRefine((body, ctx) => {
    if (body.supplierId === undefined && body.supplier === undefined) {
      ctx.addIssue({ code: 'custom', message: PURCHASE_MESSAGES.supplierRequired, path: ['supplierId'] });
    }
    if (body.supplierId !== undefined && body.supplier !== undefined) {
      ctx.addIssue({ code: 'custom', message: PURCHASE_MESSAGES.supplierTwice, path: ['supplier'] });
    }
    // Lines already refused (1e308, a negative cost) have no total to check: their own issues say why.
    const lines = body.items.filter((item) => quantitySchema.safeParse(item.quantity).success);
    const totalCents = lines.reduce(
      (sum, item) =>
        unitCostSchema.safeParse(item.unitCost).success
          ? sum + lineCostCents(toMilli(item.quantity), pesosToMicros(item.unitCost))
          : sum,
      0,
    );
    if (totalCents > pesosToCents(MAX_PRICE)) {
      ctx.addIssue({ code: 'custom', message: PURCHASE_MESSAGES.totalMax, path: ['items'] });
    }
    if (body.fromDrawer && body.paid !== 'contado') {
      ctx.addIssue({ code: 'custom', message: PURCHASE_MESSAGES.fromDrawerCredit, path: ['fromDrawer'] });
    }
  });
export type CreatePurchaseBody = z.infer<typeof createPurchaseBodySchema>;
export type CreatePurchaseInput = z.input<typeof createPurchaseBodySchema>;

const purchaseSupplierRefSchema = supplierSchema.pick({ id: true, name: true, rfc: true });

export const purchaseItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  /** The product's name and units when it was bought. */
  productName: z.string(),
  units: z.string(),
  quantity: z.number(),
  /** Pesos, up to four decimals, as entered. */
  unitCost: z.number(),
  /** quantity × unitCost rounded half up to the centavo, pesos. */
  amount: z.number(),
  supplierCode: z.string().nullable(),
});
export type PurchaseItem = z.infer<typeof purchaseItemSchema>;

const purchaseHeaderFields = {
  id: z.number().int(),
  supplier: purchaseSupplierRefSchema,
  /** The delivery's Monterrey day, YYYY-MM-DD. */
  date: z.string(),
  invoiceFolio: z.string().nullable(),
  cfdiUuid: z.string().nullable(),
  paid: z.enum(PURCHASE_PAID),
  /** Paid with the cash of a drawer shift (a Salida). */
  fromDrawer: z.boolean(),
  note: z.string().nullable(),
  /** Σ of the lines' amounts, pesos. */
  total: z.number(),
  user: userRefSchema,
  createdAt: isoDateTimeSchema,
  cancelledAt: isoDateTimeSchema.nullable(),
  cancelledBy: userRefSchema.nullable(),
};

/** POST /purchase/create (201), GET /purchase/details/{id}, POST /purchase/cancel/{id}. */
export const purchaseSchema = z.object({ ...purchaseHeaderFields, items: z.array(purchaseItemSchema) });
export type Purchase = z.infer<typeof purchaseSchema>;

/** One purchase of GET /purchase/list: its header and how many lines it has. */
export const purchaseSummarySchema = z.object({ ...purchaseHeaderFields, itemCount: z.number().int() });
export type PurchaseSummary = z.infer<typeof purchaseSummarySchema>;

const PAGE_MESSAGE = 'page debe ser un número mayor o igual a 1.';

/** GET /purchase/list: newest first, PURCHASE_PAGE_SIZE a page; from/to are Monterrey days. */
export const listPurchasesQuerySchema = z
  .strictObject({
    from: ymdSchema(PURCHASE_MESSAGES.date).optional(),
    to: ymdSchema(PURCHASE_MESSAGES.date).optional(),
    supplierId: idSchema.optional(),
    page: z.coerce
      .number({ error: PAGE_MESSAGE })
      .int(PAGE_MESSAGE)
      .min(1, PAGE_MESSAGE)
      .max(1_000_000, PAGE_MESSAGE)
      .default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'La fecha inicial no puede ser posterior a la final.',
    path: ['to'],
  });
export type ListPurchasesQuery = z.input<typeof listPurchasesQuerySchema>;

export const listPurchasesResponseSchema = z.object({
  purchases: z.array(purchaseSummarySchema),
  /** How many purchases match, across every page. */
  total: z.number().int(),
});
export type ListPurchasesResponse = z.infer<typeof listPurchasesResponseSchema>;
