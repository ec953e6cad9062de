// Row types of every table (columns in camelCase; the database uses snake_case through
// Kysely's CamelCasePlugin). Instants are epoch milliseconds, money integer centavos, quantities
// integer thousandths, flags 0/1 integers: the same representation on SQLite and PostgreSQL.
import type {
  AuthorizationKind,
  CashMovementType,
  GlobalPeriodicity,
  InvoiceKind,
  InvoiceStatus,
  InventoryReason,
  IvaRate,
  LateEntryKind,
  PaymentMethod,
  PaymentMode,
  PaymentReason,
  ReceiptState,
  Role,
} from '@mostrador/shared';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  role: Role;
  passwordHash: string;
  /** A Manager's or Admin's supervisor PIN, hashed like the password; null while unset. */
  pinHash: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** '16', '8', '0' or 'exento'. */
  ivaRate: Generated<IvaRate>;
  /** IEPS as a rate, millionths (26.5 % → 265 000); null for none or a cuota. */
  iepsRatePpm: number | null;
  /** IEPS as a cuota per unit, millionths of a peso; null for none or a rate. */
  iepsQuotaMicros: number | null;
  /** c_ClaveProdServ (8 digits). */
  satProductCode: Generated<string>;
  /** c_ClaveUnidad. */
  satUnitCode: Generated<string>;
  /** 0/1: saved since taxes came in (the 'Revisa los impuestos' banner counts the 0s). */
  taxesReviewed: Generated<number>;
  /** Weighted average cost per unit, millionths of a peso; null while unknown. */
  averageCostMicros: ColumnType<number | null, number | null | undefined, number | null>;
  /** What the last purchase paid per unit, millionths of a peso. */
  lastCostMicros: ColumnType<number | null, number | null | undefined, number | null>;
  /** Free text the profit report groups by; null: 'Sin categoría'. */
  category: ColumnType<string | null, string | null | undefined, string | null>;
  /** The supplier of its last purchase (the lista de compras groups by it). */
  lastSupplierId: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A line's taxes as sold: the rates it was split with and the split (base + IEPS + IVA = its amount). */
interface LineTaxColumns {
  ivaRate: Generated<IvaRate>;
  iepsRatePpm: number | null;
  iepsQuotaMicros: number | null;
  baseCents: Generated<number>;
  iepsCents: Generated<number>;
  ivaCents: Generated<number>;
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
  /** Normalised (upper case, no spaces or dashes); null: invoiced as the general public. */
  rfc: string | null;
  /** Razón social as the SAT registers it, upper case. */
  legalName: string | null;
  /** c_RegimenFiscal ('601', '612'…). */
  taxRegime: string | null;
  /** The domicilio fiscal's postal code (5 digits). */
  taxZipCode: string | null;
  /** c_UsoCFDI; null: G03. */
  cfdiUse: string | null;
  invoiceEmail: string | null;
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
  /** Σ of its returns' amounts (receipt_returns), kept with them: the net total is total − returned. */
  returnedCents: Generated<number>;
  createdAt: number;
  updatedAt: number;
  /** The Admin or Manager who let this credit sale take the client over their limit. */
  overLimitAuthorizedBy?: number | null;
}

/** A return (devolución) of some of a receipt's lines. */
export interface ReceiptReturnsTable {
  id: Generated<number>;
  receiptId: number;
  /** Who recorded it. */
  userId: number;
  /** How the refund went back. */
  method: PaymentMethod;
  reason: string;
  /** Σ of its lines' amounts. */
  amountCents: number;
  /** The money given back: the REMOVE payment `paymentId` (none when the balance took it all). */
  refundCents: number;
  paymentId: number | null;
  authorizedBy: number | null;
  createdAt: number;
}

export interface ReceiptReturnItemsTable extends LineTaxColumns {
  returnId: number;
  /** The receipt line. */
  itemId: number;
  quantityMilli: number;
  amountCents: number;
}

export interface ReceiptItemsTable extends LineTaxColumns {
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
  /** The SAT keys it was sold under (null only on lines older than taxes whose product is gone). */
  satProductCode: string | null;
  satUnitCode: string | null;
  /** The product's average cost per unit when sold (millionths of a peso); null: 'sin costo'. */
  unitCostMicros: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** A cash sale in Efectivo: what the client handed over (the ticket's Recibido), when the counter said. */
  receivedCents?: number | null;
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
  /** The purchase whose entry (ADD) or cancellation (REMOVE) this is. */
  purchaseId: ColumnType<number | null, number | null | undefined, number | null>;
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

export interface ReceiptAuthorizationsTable {
  id: Generated<number>;
  receiptId: number;
  kind: AuthorizationKind;
  /** The Manager or Admin who authorised. */
  authorizedBy: number;
  /** The cashier whose request it let through. */
  userId: number;
  createdAt: number;
}

/** The shop's settings, one row (id 1); a null column was never saved (the environment's default applies). */
export interface ShopSettingsTable {
  id: number;
  businessName: string | null;
  address: string | null;
  phone: string | null;
  rfc: string | null;
  ticketFooter: string | null;
  publicUrl: string | null;
  cashRequiresShift: number | null;
  blindCount: number | null;
  sellerReturnLimitCents: number | null;
  openPriceFloorCents: number | null;
  logo: Buffer | null;
  logoType: string | null;
  version: Generated<number>;
  updatedAt: number | null;
  updatedBy: number | null;
}

/** The shop's fiscal identity and its CSD: one row (id 1). */
export interface BusinessFiscalTable {
  id: number;
  rfc: string | null;
  legalName: string | null;
  taxRegime: string | null;
  zipCode: string | null;
  series: Generated<string>;
  nextFolio: Generated<number>;
  /** c_Periodicidad of the shop's factura global: '01' diaria … '04' mensual. */
  globalPeriodicity: Generated<GlobalPeriodicity>;
  /** The notas de crédito's own series and next folio (decision 098). */
  creditSeries: Generated<string>;
  creditNextFolio: Generated<number>;
  /** The complementos de pago's own series and gap-free folio (decision 097). */
  paymentSeries: Generated<string>;
  paymentNextFolio: Generated<number>;
  /** 'payment': a complemento per abono (default); 'monthly': one a month per client (not yet issued so). */
  paymentComplements: Generated<'payment' | 'monthly'>;
  /** The CSD's certificate, DER (public data). */
  csdCertificate: Buffer | null;
  csdCertificateNumber: string | null;
  csdRfc: string | null;
  csdValidFrom: number | null;
  csdValidTo: number | null;
  /** The private key and its password, sealed (modules/fiscal/fiscal.crypto.ts); never in clear. */
  csdKeySealed: Buffer | null;
  updatedAt: number | null;
  updatedBy: number | null;
}

/** A CFDI 4.0 issued by the shop: of chosen receipts, or the factura global of a period. */
export interface InvoicesTable {
  id: Generated<number>;
  kind: InvoiceKind;
  series: string;
  /** Taken from business_fiscal.next_folio in the transaction that wrote this row: never reused. */
  folio: number;
  status: InvoiceStatus;
  /** The TFD's UUID once stamped. */
  uuid: string | null;
  /** The CFDI's Fecha. */
  issuedAt: number;
  stampedAt: number | null;
  clientId: number | null;
  receiverRfc: string;
  receiverName: string;
  receiverRegime: string;
  receiverZip: string;
  cfdiUse: string;
  paymentMethod: 'PUE' | 'PPD';
  paymentForm: string;
  subtotalCents: number;
  iepsCents: number;
  ivaCents: number;
  totalCents: number;
  /** The sealed CFDI, sent byte for byte on every attempt. */
  sealedXml: string;
  /** The stamped CFDI exactly as the PAC returned it. */
  stampedXml: string | null;
  satCertificateNumber: string | null;
  /** The PAC's message of the refusal or of the last failed attempt. */
  pacMessage: string | null;
  attempts: Generated<number>;
  /** When the background job may send it again (pending only). */
  nextAttemptAt: number | null;
  globalPeriodicity: string | null;
  /** A factura global's Monterrey days, YYYY-MM-DD. */
  globalFrom: string | null;
  globalTo: string | null;
  cancelMotive: string | null;
  replacementUuid: string | null;
  cancelRequestedAt: number | null;
  cancelledAt: number | null;
  /** The SAT's acknowledgement of the cancellation, as the PAC returned it. */
  cancelAcuse: string | null;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A receipt in an invoice; released (released_at) when the invoice is refused or cancelled. */
export interface InvoiceReceiptsTable {
  invoiceId: number;
  receiptId: number;
  releasedAt: number | null;
}

/** A nota de crédito (an invoices row of kind 'credit'): the invoice it relates and its cause. */
export interface CreditNotesTable {
  invoiceId: number;
  relatedInvoiceId: number;
  receiptId: number;
  /** The return it credits; null when it credits the receipt's cancellation. */
  returnId: number | null;
}

/** A payment (abono) stated by a complemento de pago; released when the complemento is cancelled. */
export interface PaymentComplementPaymentsTable {
  invoiceId: number;
  paymentId: number;
  releasedAt: number | null;
}

/** A complemento's DoctoRelacionado: the invoice paid, its parcialidad and saldos in centavos. */
export interface PaymentComplementDocumentsTable {
  invoiceId: number;
  relatedInvoiceId: number;
  installment: number;
  previousBalanceCents: number;
  paidCents: number;
  remainingCents: number;
  releasedAt: number | null;
}

export interface SuppliersTable {
  id: Generated<number>;
  name: string;
  /** Normalised like a client's; unique where given. */
  rfc: string | null;
  phone: string | null;
  contact: string | null;
  notes: string | null;
  isEnabled: Generated<number>;
  createdAt: number;
  updatedAt: number;
}

export type PurchasePaid = 'contado' | 'crédito';

export interface PurchasesTable {
  id: Generated<number>;
  supplierId: number;
  date: number;
  invoiceFolio: string | null;
  /** The supplier CFDI's UUID (upper case) when it came from one; unique. */
  cfdiUuid: string | null;
  paid: PurchasePaid;
  note: string | null;
  /** Σ of its lines' amounts. */
  totalCents: number;
  userId: number;
  /** The drawer's Salida that paid it. */
  cashMovementId: number | null;
  createdAt: number;
  cancelledAt: number | null;
  cancelledBy: number | null;
}

export interface PurchaseItemsTable {
  id: Generated<number>;
  purchaseId: number;
  productId: number;
  productName: string;
  units: string;
  quantityMilli: number;
  /** Cost per unit, millionths of a peso (IVA apart; IEPS included). */
  unitCostMicros: number;
  amountCents: number;
  /** The supplier's own code (NoIdentificacion) for the line, when known. */
  supplierCode: string | null;
}

export interface SupplierProductCodesTable {
  supplierId: number;
  codeKey: string;
  productId: number;
  updatedAt: number;
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
  receiptAuthorizations: ReceiptAuthorizationsTable;
  receiptReturns: ReceiptReturnsTable;
  receiptReturnItems: ReceiptReturnItemsTable;
  shopSettings: ShopSettingsTable;
  businessFiscal: BusinessFiscalTable;
  invoices: InvoicesTable;
  invoiceReceipts: InvoiceReceiptsTable;
  creditNotes: CreditNotesTable;
  paymentComplementPayments: PaymentComplementPaymentsTable;
  paymentComplementDocuments: PaymentComplementDocumentsTable;
  suppliers: SuppliersTable;
  purchases: PurchasesTable;
  purchaseItems: PurchaseItemsTable;
  supplierProductCodes: SupplierProductCodesTable;
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
export type ReceiptReturnRow = Selectable<ReceiptReturnsTable>;
export type ReceiptReturnItemRow = Selectable<ReceiptReturnItemsTable>;
export type ShopSettingsRow = Selectable<ShopSettingsTable>;
export type BusinessFiscalRow = Selectable<BusinessFiscalTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
