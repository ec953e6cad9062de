// The domain's enumerations (receipt states, payment modes, payment and inventory reasons) and
// their es-MX labels and colours.

export const RECEIPT_STATES = ['Pending', 'Paid', 'Cancelled'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];
export const RECEIPT_STATE_LABELS: Record<ReceiptState, string> = {
  Pending: 'Pendiente',
  Paid: 'Pagado',
  Cancelled: 'Cancelado',
};
export const RECEIPT_STATE_COLORS: Record<ReceiptState, string> = {
  Pending: 'yellow',
  Paid: 'green',
  Cancelled: 'red',
};

export const PAYMENT_MODES = ['Cash', 'Credit'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  Cash: 'Efectivo',
  Credit: 'Crédito',
};

/** A payment row either adds to what was paid or (REMOVE) subtracts from it. */
export const PAYMENT_REASONS = ['ADD', 'REMOVE'] as const;
export type PaymentReason = (typeof PAYMENT_REASONS)[number];

export const INVENTORY_REASONS = ['SALE', 'ADD', 'RETURN', 'REMOVE', 'MERMA', 'ADJUSTMENT'] as const;
export type InventoryReason = (typeof INVENTORY_REASONS)[number];
export const INVENTORY_REASON_LABELS: Record<InventoryReason, string> = {
  ADD: 'Entrada',
  RETURN: 'Devolución',
  REMOVE: 'Devolución',
  MERMA: 'Merma',
  SALE: 'Venta',
  ADJUSTMENT: 'Ajuste',
};
export const INVENTORY_REASON_COLORS: Record<InventoryReason, string> = {
  SALE: 'green',
  ADD: 'blue',
  RETURN: 'red',
  REMOVE: 'red',
  MERMA: 'purple',
  ADJUSTMENT: 'gray',
};

/** Stock at or below this shows the red 'Bajo stock' badge. */
export const LOW_STOCK_THRESHOLD = 10;

/**
 * What can be recorded into a day after its cut: a sale dated into it, the cancellation of one of
 * its sales, a payment, a payment's cancellation. The day's next cut lists them.
 */
export const LATE_ENTRY_KINDS = ['SALE', 'CANCELLED', 'PAYMENT', 'PAYMENT_CANCELLED', 'RETURN'] as const;
export type LateEntryKind = (typeof LATE_ENTRY_KINDS)[number];
export const LATE_ENTRY_WORDS: Readonly<Record<LateEntryKind, string>> = {
  SALE: 'Venta',
  CANCELLED: 'Cancelación',
  PAYMENT: 'Pago',
  PAYMENT_CANCELLED: 'Pago cancelado',
  RETURN: 'Devolución',
};

/** How a payment was made. Only Efectivo moves the cash drawer. */
export const PAYMENT_METHODS = ['Efectivo', 'Tarjeta', 'Transferencia'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What a payment, an abono or a sale's initial payment is when the request names no method. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'Efectivo';

/** Cash put into (Entrada) or taken out of (Salida) the drawer during a shift. */
export const CASH_MOVEMENT_TYPES = ['Entrada', 'Salida'] as const;
export type CashMovementType = (typeof CASH_MOVEMENT_TYPES)[number];

/** A closed shift's count against the expected cash: more (Sobrante), less (Faltante) or equal. */
export const CASH_RESULTS = ['Sobrante', 'Faltante', 'Exacto'] as const;
export type CashResult = (typeof CASH_RESULTS)[number];
export const CASH_RESULT_COLORS: Record<CashResult, string> = {
  Sobrante: 'blue',
  Faltante: 'red',
  Exacto: 'green',
};

/** What an authorisation lets through. */
export const AUTHORIZATION_KINDS = ['OVER_LIMIT', 'BELOW_PRICE', 'CANCEL', 'RETURN'] as const;
export type AuthorizationKind = (typeof AUTHORIZATION_KINDS)[number];

/** What each kind authorised, as the receipt shows it ('Autorizado por Mario (cancelación)'). */
export const AUTHORIZATION_KIND_LABELS: Readonly<Record<AuthorizationKind, string>> = {
  OVER_LIMIT: 'venta sobre el límite de crédito',
  BELOW_PRICE: 'precio menor al del producto',
  CANCEL: 'cancelación',
  RETURN: 'devolución',
};
