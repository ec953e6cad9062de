// Row types of every table (columns in camelCase; the database uses snake_case through
// Kysely's CamelCasePlugin). Instants are epoch milliseconds, money integer centavos, quantities
// integer thousandths, flags 0/1 integers: the same representation on SQLite and PostgreSQL.
import type {
  CashMovementType,
  InventoryReason,
  LateEntryKind,
  PaymentMethod,
  PaymentMode,
  PaymentReason,
  ReceiptState,
  Role,
} from '@mostrador/shared';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  role: Role;
  passwordHash: string;
  isEnabled: Generated<number>;
  createdAt: number;
  updatedAt: number;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  userId: number;
  /** Every token descended from one login shares a family; reuse revokes the family. */
  familyId: string;
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  rotatedAt: number | null;
  revokedAt: number | null;
}

/** One sign-in: its access tokens carry the id (`sid`), its refresh tokens are the family of that id. */
export interface SessionsTable {
  id: string;
  userId: number;
  createdAt: number;
  revokedAt: number | null;
}

/** Sign-in attempts in the current window: `account:<e-mail>|<address>` or `address:<address>`. */
export interface LoginThrottlesTable {
  key: string;
  attempts: number;
  windowStartedAt: number;
}

export interface ProductsTable {
  id: Generated<number>;
  cuid: string;
  /** productCodeKey(cuid): NFKC, trimmed, lower case; unique, and what lookups match. */
  cuidKey: string;
  name: string;
  units: string;
  /** Stock in thousandths of the unit. */
  stockMilli: Generated<number>;
  /** Precio de venta in centavos; null when the seller types it. */
  priceCents: number | null;
  wholesalePriceCents: number | null;
  /** From this quantity (thousandths) up the wholesale price applies. */
  wholesaleMinMilli: number | null;
  /** EAN/UPC digits, unique. */
  barcode: string | null;
  /** Its own low-stock threshold in thousandths; null for the default. */
  minStockMilli: number | null;
  /** 0/1: sold in fractions of its unit. */
  sellsByWeight: Generated<number>;
  imagePath: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface ClientsTable {
  id: Generated<number>;
  firstName: string;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  isEnabled: Generated<number>;
  createdAt: number;
  updatedAt: number;
  /** Null: no limit. */
  creditLimitCents: Generated<number | null>;
  /** Days a credit sale has before it is overdue (plazo). */
  creditDays: Generated<number>;
}

export interface ReceiptsTable {
  id: Generated<number>;
  state: ReceiptState;
  paymentMode: PaymentMode;
  clientId: number | null;
  /** The seller. */
  userId: number;
  /** The sale's instant (from the form's Monterrey wall time). */
  date: number;
  /** Σ price × quantity of the items, fixed at creation. */
  totalCents: number;
  createdAt: number;
  updatedAt: number;
  /** The Admin or Manager who let this credit sale take the client over their limit. */
  overLimitAuthorizedBy?: number | null;
}

export interface ReceiptItemsTable {
  id: Generated<number>;
  receiptId: number;
  productId: number;
  /** Name and units as sold, so later product edits do not rewrite old receipts. */
  productName: string;
  units: string;
  /** Thousandths of the unit. */
  quantityMilli: number;
  /** The unit price used (typed, wholesale or the product's). */
  priceCents: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  receiptId: number;
  amountCents: number;
  reason: PaymentReason;
  isEnabled: Generated<number>;
  note: string | null;
  userId: number | null;
  createdAt: number;
  cancelledAt: number | null;
  cancelledBy: number | null;
  /** Efectivo, Tarjeta or Transferencia; only Efectivo moves the drawer. */
  method: Generated<PaymentMethod>;
  /** The acting user's open cash shift when the payment was made; null without one. */
  shiftId: Generated<number | null>;
}

/** A user's cash drawer shift. The figures are written at the close (null while it is open). */
export interface CashShiftsTable {
  id: Generated<number>;
  userId: number;
  openedAt: number;
  closedAt: number | null;
  openingFloatCents: number;
  cashSalesCents: number | null;
  cashPaymentsCents: number | null;
  cashRefundsCents: number | null;
  entradasCents: number | null;
  salidasCents: number | null;
  expectedCents: number | null;
  countedCents: number | null;
  /** counted − expected. */
  differenceCents: number | null;
  /** The count by denomination as JSON, when the close gave one. */
  countsJson: string | null;
  /** Net enabled payments per method at the close, JSON { Efectivo, Tarjeta, Transferencia } in centavos. */
  byMethodJson: string | null;
}

export interface CashMovementsTable {
  id: Generated<number>;
  shiftId: number;
  type: CashMovementType;
  amountCents: number;
  note: string;
  userId: number;
  createdAt: number;
}

export interface InventoryLogsTable {
  id: Generated<number>;
  productId: number;
  receiptId: number | null;
  userId: number | null;
  reason: InventoryReason;
  /** Thousandths, signed; the stock before and after, in thousandths too. */
  deltaMilli: number;
  stockBeforeMilli: number;
  stockAfterMilli: number;
  productName: string;
  userName: string;
  note: string | null;
  createdAt: number;
}

export interface CashCountReportsTable {
  id: Generated<number>;
  /** The Monterrey day the cut covers, YYYY-MM-DD. */
  date: string;
  /** The cut as JSON (inventory, sales, pending, totals: cutDataSchema in packages/shared). */
  data: string;
  userId: number | null;
  createdAt: number;
}

export interface IdempotencyKeysTable {
  userId: number;
  key: string;
  operation: string;
  requestHash: string;
  statusCode: number;
  responseBody: string;
  createdAt: number;
}

/** One row, rewritten by the health check to prove the database takes writes. */
export interface HealthProbeTable {
  id: number;
  checkedAt: number;
}

/** Something recorded into a day that already had a cut; its next cut lists it (reportedInCutId). */
export interface LateEntriesTable {
  id: Generated<number>;
  /** The Monterrey day whose cut it changes, YYYY-MM-DD. */
  day: string;
  kind: LateEntryKind;
  receiptId: number;
  /** The payment, for PAYMENT and PAYMENT_CANCELLED. */
  paymentId: number | null;
  /** The sale's total, or the payment's amount, centavos. */
  amountCents: number;
  userId: number | null;
  createdAt: number;
  /** The cut that listed it; null until the day's next cut. */
  reportedInCutId: number | null;
}

/** A shared statement link: the signed public link names its row (credit/statement-link.ts). */
export interface StatementLinksTable {
  id: Generated<number>;
  clientId: number;
  /** The statement's period, Monterrey days YYYY-MM-DD. */
  fromDay: string;
  toDay: string;
  createdAt: number;
  /** Who made it; null once that user is gone. */
  createdBy: number | null;
  expiresAt: number;
  /** Set by 'Revocar enlace': the link answers 410 from then on. */
  revokedAt: number | null;
  revokedBy: number | null;
}

export interface DB {
  users: UsersTable;
  refreshTokens: RefreshTokensTable;
  sessions: SessionsTable;
  loginThrottles: LoginThrottlesTable;
  products: ProductsTable;
  clients: ClientsTable;
  receipts: ReceiptsTable;
  receiptItems: ReceiptItemsTable;
  payments: PaymentsTable;
  cashShifts: CashShiftsTable;
  cashMovements: CashMovementsTable;
  inventoryLogs: InventoryLogsTable;
  cashCountReports: CashCountReportsTable;
  idempotencyKeys: IdempotencyKeysTable;
  healthProbe: HealthProbeTable;
  lateEntries: LateEntriesTable;
  statementLinks: StatementLinksTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type ProductRow = Selectable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type ClientRow = Selectable<ClientsTable>;
export type ReceiptRow = Selectable<ReceiptsTable>;
export type ReceiptItemRow = Selectable<ReceiptItemsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type CashShiftRow = Selectable<CashShiftsTable>;
export type CashMovementRow = Selectable<CashMovementsTable>;
export type InventoryLogRow = Selectable<InventoryLogsTable>;
export type CashCountReportRow = Selectable<CashCountReportsTable>;
export type LateEntryRow = Selectable<LateEntriesTable>;
