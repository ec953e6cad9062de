import type { PaymentMethod, PaymentReason } from '@mostrador/shared';
import type { InventoryLogRow, PaymentRow, ReceiptItemRow, ReceiptRow } from './schema.js';

// The rows a sale or a payment writes, built in one place for both databases: SQLite inserts them
// through Kysely, PostgreSQL's sale hands them whole to mostrador_sell_set (sql/), which inserts
// them with json_populate_record and lists no columns. A new column of receipts or payments is
// added here (and in schema.ts); nothing else names the columns of a sale's insert.

export type NewReceiptRow = Omit<ReceiptRow, 'id'>;
export type NewReceiptItemRow = Omit<ReceiptItemRow, 'id' | 'receiptId'>;
export type NewPaymentRow = Omit<PaymentRow, 'id'>;

export function newReceiptRow(receipt: {
  state: ReceiptRow['state'];
  paymentMode: ReceiptRow['paymentMode'];
  clientId: number | null;
  userId: number;
  date: number;
  totalCents: number;
  at: number;
  overLimitAuthorizedBy: number | null;
}): NewReceiptRow {
  const { at, ...rest } = receipt;
  return { ...rest, returnedCents: 0, createdAt: at, updatedAt: at };
}

/** A payment as every flow writes it (a sale's Contado, a settlement, a refund, an abono…). */
export function newPaymentRow(payment: {
  receiptId: number;
  amountCents: number;
  note: string;
  userId: number;
  createdAt: number;
  reason?: PaymentReason;
  method: PaymentMethod;
  /** The acting user's open cash shift, or null. */
  shiftId: number | null;
  /** A cash sale in Efectivo: what the client handed over, when the counter said. */
  receivedCents?: number | null;
}): NewPaymentRow {
  return { reason: 'ADD', receivedCents: null, ...payment, isEnabled: 1, cancelledAt: null, cancelledBy: null };
}

/** The part of a SALE/RETURN inventory log every product of the change shares. */
export type LogCommon = Pick<InventoryLogRow, 'receiptId' | 'userId' | 'reason' | 'userName' | 'note' | 'createdAt'>;

/** A row's keys as the database's columns (what the CamelCasePlugin does to Kysely queries). */
export function columnsOf(row: object): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) columns[columnOf(key)] = value;
  return columns;
}

/** Column names by key, worked out once each: a sale's payload converts every key of every row. */
const columnNames = new Map<string, string>();
function columnOf(key: string): string {
  let column = columnNames.get(key);
  if (column === undefined) {
    column = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    columnNames.set(key, column);
  }
  return column;
}
