import { z } from 'zod';
import { DENOMINATION_KEYS, type DenominationKey, MAX_DENOMINATION_COUNT } from '../cash-drawer.js';
import { isYmd } from '../dates.js';
import { CASH_MOVEMENT_TYPES, CASH_RESULTS, PAYMENT_METHODS } from '../enums.js';
import { idSchema, isoDateTimeSchema, MAX_TEXT, pesosSchema, positivePesos, requiredText } from './common.js';

// The cash drawer contract (turnos de caja). Amounts are pesos on the wire, computed from centavos.

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: 'El método de pago debe ser Efectivo, Tarjeta o Transferencia.',
});
export const cashMovementTypeSchema = z.enum(CASH_MOVEMENT_TYPES, {
  error: 'El tipo de movimiento debe ser Entrada o Salida.',
});

/** POST /cash/open */
export const openShiftBodySchema = z.strictObject({
  openingFloat: pesosSchema.refine((v) => v >= 0, 'El fondo inicial no puede ser negativo.'),
});
export type OpenShiftBody = z.infer<typeof openShiftBodySchema>;

/** POST /cash/movement: cash put into or taken out of the open shift's drawer. */
export const cashMovementBodySchema = z.strictObject({
  type: cashMovementTypeSchema,
  amount: positivePesos('El monto debe ser mayor que 0.'),
  note: requiredText('La nota es obligatoria.', MAX_TEXT),
});
export type CashMovementBody = z.infer<typeof cashMovementBodySchema>;

const DENOMINATION_COUNT_MESSAGE = `Cada cantidad de billetes o monedas debe ser un entero entre 0 y ${MAX_DENOMINATION_COUNT}.`;
const denominationCount = z
  .number({ error: DENOMINATION_COUNT_MESSAGE })
  .int(DENOMINATION_COUNT_MESSAGE)
  .min(0, DENOMINATION_COUNT_MESSAGE)
  .max(MAX_DENOMINATION_COUNT, DENOMINATION_COUNT_MESSAGE);

/**
 * A drawer count: pieces per denomination (see MXN_DENOMINATIONS). Keys are the face value in
 * pesos ("1000" … "20" bills; "10" … "1" and "0.5" coins), except the $20 coin, "m20", told apart
 * from the $20 bill "20". A missing key counts 0; an unknown key is refused.
 */
export const denominationCountsSchema = z.strictObject(
  Object.fromEntries(DENOMINATION_KEYS.map((key) => [key, denominationCount.optional()])) as Record<
    DenominationKey,
    z.ZodOptional<typeof denominationCount>
  >,
  { error: 'El conteo debe indicar cuántos billetes y monedas hay de cada denominación.' },
);

export const CLOSE_NEEDS_ONE_COUNT = 'Indica el total contado o el conteo por denominación (solo uno de los dos).';

/** POST /cash/close: exactly one of countedTotal (pesos) or counted (pieces per denomination). */
export const closeShiftBodySchema = z
  .strictObject({
    countedTotal: pesosSchema.refine((v) => v >= 0, 'El total contado no puede ser negativo.').optional(),
    counted: denominationCountsSchema.optional(),
  })
  .refine((body) => (body.countedTotal === undefined) !== (body.counted === undefined), {
    message: CLOSE_NEEDS_ONE_COUNT,
    path: ['countedTotal'],
  });
export type CloseShiftBody = z.infer<typeof closeShiftBodySchema>;
export type CloseShiftInput = z.input<typeof closeShiftBodySchema>;

export const cashMovementSchema = z.object({
  id: z.number().int(),
  type: cashMovementTypeSchema,
  amount: z.number(),
  note: z.string(),
  createdAt: isoDateTimeSchema,
});
export type CashMovement = z.infer<typeof cashMovementSchema>;

const byMethodShape = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, z.number()])) as Record<
  (typeof PAYMENT_METHODS)[number],
  z.ZodNumber
>;
/** Net enabled payments (ADD − REMOVE) per method, pesos. */
export const byMethodSchema = z.object(byMethodShape);
export type ByMethod = z.infer<typeof byMethodSchema>;

/**
 * A shift. Open: the figures are live (expected so far), counted/difference/result/counts null.
 * Closed: the figures as they were at the close.
 */
export const shiftSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  openedAt: isoDateTimeSchema,
  closedAt: isoDateTimeSchema.nullable(),
  openingFloat: z.number(),
  /** Efectivo received with cash sales (the sale's total, never the change handed back). */
  cashSales: z.number(),
  /** Efectivo abonos (payments added to receipts or a client's account). */
  cashPayments: z.number(),
  /** Efectivo given back (cancelled receipts). */
  cashRefunds: z.number(),
  entradas: z.number(),
  salidas: z.number(),
  /** openingFloat + cashSales + cashPayments − cashRefunds + entradas − salidas. */
  expected: z.number(),
  counted: z.number().nullable(),
  /** counted − expected: positive Sobrante, negative Faltante. */
  difference: z.number().nullable(),
  result: z.enum(CASH_RESULTS).nullable(),
  /** The count by denomination, when the close gave one. */
  counts: denominationCountsSchema.nullable(),
  byMethod: byMethodSchema,
  movements: z.array(cashMovementSchema),
});
export type Shift = z.infer<typeof shiftSchema>;

export const currentShiftResponseSchema = z.object({ shift: shiftSchema.nullable() });
export type CurrentShiftResponse = z.infer<typeof currentShiftResponseSchema>;

export const SHIFTS_PAGE_DEFAULT = 50;
export const SHIFTS_PAGE_MAX = 200;
const ymd = z.string().refine(isYmd, 'La fecha debe tener la forma AAAA-MM-DD.');
const SHIFTS_LIMIT_MESSAGE = `limit debe ser un número entre 1 y ${SHIFTS_PAGE_MAX}.`;

/** GET /cash/list: shifts opened in [from, to] (Monterrey days), newest first, paged. */
export const listShiftsQuerySchema = z
  .strictObject({
    from: ymd.optional(),
    to: ymd.optional(),
    userId: idSchema.optional(),
    limit: z.coerce
      .number({ error: SHIFTS_LIMIT_MESSAGE })
      .int(SHIFTS_LIMIT_MESSAGE)
      .min(1, SHIFTS_LIMIT_MESSAGE)
      .max(SHIFTS_PAGE_MAX, SHIFTS_LIMIT_MESSAGE)
      .default(SHIFTS_PAGE_DEFAULT),
    /** Opaque, from a previous page's nextCursor. */
    cursor: z.string().max(200).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'La fecha inicial no puede ser posterior a la final.',
    path: ['to'],
  });
export type ListShiftsQuery = z.input<typeof listShiftsQuerySchema>;

export const listShiftsResponseSchema = z.object({
  shifts: z.array(shiftSchema),
  nextCursor: z.string().nullable(),
});
export type ListShiftsResponse = z.infer<typeof listShiftsResponseSchema>;

/** GET /cash/openDrawers: the drawers open now, to pick one when cash moves outside your own. */
export const openDrawersResponseSchema = z.object({
  drawers: z.array(
    z.object({
      shiftId: z.number().int(),
      user: z.object({ id: z.number().int(), name: z.string() }),
      openedAt: isoDateTimeSchema,
    }),
  ),
});
export type OpenDrawersResponse = z.infer<typeof openDrawersResponseSchema>;
