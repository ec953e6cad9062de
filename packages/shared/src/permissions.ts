// The one table of who may do what. The server enforces it on every endpoint; the web
// menu, route guards and action menus read it. Admin may do everything; Manager everything but
// users and the voice assistant; Seller sells, prints, and lists and registers clients.

export const ROLES = ['Admin', 'Manager', 'Seller'] as const;
export type Role = (typeof ROLES)[number];

export const FEATURES = [
  'canManageUsers',
  'canManageProducts',
  'canManageClients',
  'canManageReceipts',
  'canManageInventory',
  'canViewReports',
  'canGenerateReports',
  'canViewAnalytics',
] as const;
export type Feature = (typeof FEATURES)[number];

const MANAGER_FEATURES: readonly Feature[] = FEATURES.filter((f) => f !== 'canManageUsers');

export const ROLE_FEATURES: Readonly<Record<Role, readonly Feature[]>> = {
  Admin: FEATURES,
  Manager: MANAGER_FEATURES,
  Seller: ['canManageReceipts'],
};

export const PAGE_LEVELS = {
  Private: ['Admin'],
  Protected: ['Admin', 'Manager'],
  Public: ['Admin', 'Manager', 'Seller'],
} as const satisfies Record<string, readonly Role[]>;
export type PageLevel = keyof typeof PAGE_LEVELS;

/** What a page, menu entry or endpoint needs: a page level, a feature, or both. */
export interface Requirement {
  level?: PageLevel;
  feature?: Feature;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function hasFeature(role: Role | null | undefined, feature: Feature): boolean {
  return !!role && ROLE_FEATURES[role].includes(feature);
}

export function hasLevel(role: Role | null | undefined, level: PageLevel): boolean {
  return !!role && (PAGE_LEVELS[level] as readonly Role[]).includes(role);
}

export function meetsRequirement(role: Role | null | undefined, requirement: Requirement): boolean {
  if (!role) return false;
  if (requirement.level && !hasLevel(role, requirement.level)) return false;
  if (requirement.feature && !hasFeature(role, requirement.feature)) return false;
  return true;
}

/** Pages of the route table and what each needs beyond being signed in. */
export const PAGE_ACCESS = {
  receipts: { level: 'Public', feature: 'canManageReceipts' },
  products: { level: 'Protected' },
  reports: { level: 'Protected' },
  /** 'Facturas': the shop's invoices, the month's XMLs and the factura global. */
  invoices: { level: 'Protected' },
  clients: { level: 'Public', feature: 'canManageClients' },
  users: { level: 'Private' },
  assistant: { feature: 'canManageUsers' },
  counter: { level: 'Public', feature: 'canManageReceipts' },
  backups: { level: 'Private' },
  /** Every role opens, moves and closes its own drawer shift. */
  cash: { level: 'Public' },
  /** Every user's shifts. */
  cashHistory: { level: 'Protected' },
  dashboard: { level: 'Protected', feature: 'canViewAnalytics' },
  /** 'Configuración': the shop's identity, public address and rules. */
  settings: { level: 'Private' },
  /** 'Compras' (its list, a purchase, the new-purchase form, the reorder) and 'Proveedores': who buys stock. */
  purchases: { level: 'Protected', feature: 'canManageInventory' },
  suppliers: { level: 'Protected', feature: 'canManageInventory' },
} as const satisfies Record<string, Requirement>;
export type PageKey = keyof typeof PAGE_ACCESS;

/** Receipt action menu and client edit/disable actions: Admin and Manager. */
export const PROTECTED_ACTIONS: Requirement = { level: 'Protected' };

/**
 * Every API operation (path under /api) and what it needs. `null` means public (no token).
 * A route that is not in this table cannot be registered (see the server's access plugin).
 */
export const API_ACCESS = {
  health: null,
  'auth/login': null,
  'auth/refreshToken': null,
  'auth/logout': null,
  'auth/validateToken': {},
  'auth/register': { feature: 'canManageUsers' },
  'user/list': { feature: 'canManageUsers' },
  getEphemeralKey: { feature: 'canManageUsers' },

  'product/list': { feature: 'canManageReceipts' },
  'product/create': { feature: 'canManageProducts' },
  'product/edit': { feature: 'canManageProducts' },
  'product/taxReview': { feature: 'canManageProducts' },
  'product/addInventory': { feature: 'canManageInventory' },
  'product/removeInventory': { feature: 'canManageInventory' },
  'product/adjustInventory': { feature: 'canManageInventory' },

  'client/list': { feature: 'canManageReceipts' },
  'client/details': { feature: 'canManageReceipts' },
  'client/register': { feature: 'canManageReceipts' },
  'client/edit': { feature: 'canManageClients' },
  'client/disable': { feature: 'canManageClients' },

  'receipt/list': { feature: 'canManageReceipts' },
  'receipt/details': { feature: 'canManageReceipts' },
  'receipt/create': { feature: 'canManageReceipts' },
  'receipt/pdf': { feature: 'canManageReceipts' },
  printReceipt: { feature: 'canManageReceipts' },
  // A Seller may cancel with a supervisor's authorisation (the service asks for it); the other
  // changes of state stay a Manager's or Admin's.
  'receipt/changeState': { feature: 'canManageReceipts' },
  'receipt/addPayment': { level: 'Protected', feature: 'canManageReceipts' },
  'receipt/cancelPayment': { level: 'Protected', feature: 'canManageReceipts' },
  // Every role; a Seller's return is held to returnNeedsSupervisor (returns.ts) by the service.
  'receipt/return': { feature: 'canManageReceipts' },

  'reports/list': { feature: 'canViewReports' },
  'reports/generate': { feature: 'canGenerateReports' },
  'reports/pdf': { feature: 'canViewReports' },

  'client/credit': { feature: 'canManageReceipts' },
  // A Seller takes abonos at the till (the receipts screen's payment menu stays Admin's and Manager's).
  'client/addPayment': { feature: 'canManageReceipts' },
  'client/printAbono': { feature: 'canManageReceipts' },
  'client/abonoPdf': { feature: 'canManageReceipts' },
  'client/statement': { level: 'Protected', feature: 'canManageReceipts' },
  'client/statementPdf': { level: 'Protected', feature: 'canManageReceipts' },
  'client/statementLink': { level: 'Protected', feature: 'canManageReceipts' },
  'client/statementLinks': { level: 'Protected', feature: 'canManageReceipts' },
  'client/revokeStatementLink': { level: 'Protected', feature: 'canManageReceipts' },
  'public/statement': null,
  'reports/receivables': { feature: 'canViewReports' },
  'user/edit': { feature: 'canManageUsers' },
  'user/resetPassword': { feature: 'canManageUsers' },
  'auth/changePassword': {},
  'supervisor/pin': { level: 'Protected' },
  'supervisor/setPin': { level: 'Protected' },
  'supervisor/clearPin': { feature: 'canManageUsers' },
  'product/lookup': { feature: 'canManageReceipts' },
  'printing/settings': { feature: 'canManageReceipts' },

  'backup/list': { level: 'Private' },
  'backup/create': { level: 'Private' },
  'backup/download': { level: 'Private' },
  'data/export': { level: 'Protected' },
  'data/importPreview': { level: 'Protected' },
  'data/import': { level: 'Protected' },

  // Cash drawer: every role works its own shift; other users' shifts are Admin/Manager's.
  'cash/open': { level: 'Public' },
  'cash/movement': { level: 'Public' },
  'cash/close': { level: 'Public' },
  'cash/current': { level: 'Public' },
  'cash/openDrawers': { level: 'Public' },
  'cash/list': { level: 'Protected' },
  'cash/pdf': { level: 'Public' },
  'cash/print': { level: 'Public' },
  'reports/cutsOfDay': { feature: 'canViewReports' },
  'reports/taxes': { feature: 'canViewReports' },
  'reports/taxesCsv': { feature: 'canViewReports' },
  'reports/print': { feature: 'canViewReports' },
  // Profit (issue 37): cost and margin are never a Seller's.
  'report/profit': { level: 'Protected', feature: 'canViewReports' },
  dashboard: { level: 'Protected', feature: 'canViewAnalytics' },
  'dashboard/shoppingList': { level: 'Protected', feature: 'canViewAnalytics' },
  // The lista de compras by supplier, to become a purchase: who buys stock (Admin and Manager).
  'purchase/reorder': { level: 'Protected', feature: 'canManageInventory' },
  // The shop's settings: every signed-in user reads them (tickets print the identity, the counter
  // and the drawer follow the rules); only an Admin changes them. The logo is printed on every
  // ticket and shown on the public statement: public.
  settings: {},
  'settings/update': { level: 'Private' },
  'settings/logo': null,
  // The shop's fiscal identity and its CSD (the seal of its invoices): the Admin's alone.
  'business/fiscal': { level: 'Private' },
  'business/fiscal/update': { level: 'Private' },
  'business/csd': { level: 'Private' },
  // Invoicing is Admin's and Manager's; a Seller may invoice the receipt they just sold
  // (sellerMayInvoice) and read what they invoiced. The CSD stays the Admin's (above).
  'invoice/create': { feature: 'canManageReceipts' },
  'invoice/global': { level: 'Protected' },
  'invoice/cancel': { level: 'Protected' },
  'invoice/retry': { level: 'Protected' },
  'invoice/list': { level: 'Protected' },
  'invoice/details': { feature: 'canManageReceipts' },
  'invoice/xml': { feature: 'canManageReceipts' },
  'invoice/pdf': { feature: 'canManageReceipts' },
  'invoice/zip': { level: 'Protected' },
  'invoice/pendingGlobal': { level: 'Protected' },
  'invoice/pendingComplements': { level: 'Protected' },
  'invoice/shareLink': { level: 'Protected' },
  // A signed link's download (WhatsApp) and the customer's own autofactura: no session.
  'public/invoice': null,
  'public/autofactura': null,
  'public/autofactura/issue': null,

  // Suppliers and purchases (compras): Admin and Manager; a Seller sees no cost.
  'supplier/list': { level: 'Protected', feature: 'canManageInventory' },
  'supplier/register': { level: 'Protected', feature: 'canManageInventory' },
  'supplier/edit': { level: 'Protected', feature: 'canManageInventory' },
  'supplier/disable': { level: 'Protected', feature: 'canManageInventory' },
  'purchase/create': { level: 'Protected', feature: 'canManageInventory' },
  'purchase/list': { level: 'Protected', feature: 'canManageInventory' },
  'purchase/details': { level: 'Protected', feature: 'canManageInventory' },
  'purchase/cancel': { level: 'Protected', feature: 'canManageInventory' },
  // A supplier's CFDI XML read into a purchase draft (nothing written): whoever enters stock.
  'purchase/readCfdi': { level: 'Protected', feature: 'canManageInventory' },
} as const satisfies Record<string, Requirement | null>;
export type ApiOperation = keyof typeof API_ACCESS;

/** How far (either way) from the server's clock a sale's date still counts as "now": a device clock a few minutes off. */
export const SALE_DATE_TOLERANCE_MS = 5 * 60_000;

/** How long after a sale its Seller may still invoice it alone ('the receipt they just sold'). */
export const SELLER_INVOICE_WINDOW_MS = 30 * 60_000;

/**
 * Whether `actor` may invoice these receipts: Admin and Manager always; a Seller only one receipt
 * they sold themselves within SELLER_INVOICE_WINDOW_MS.
 */
export function mayInvoiceReceipts(
  actor: { id: number; role: Role },
  receipts: readonly { userId: number; createdAt: number }[],
  now: number,
): boolean {
  if (hasLevel(actor.role, 'Protected')) return true;
  return (
    receipts.length === 1 &&
    receipts[0]!.userId === actor.id &&
    now - receipts[0]!.createdAt <= SELLER_INVOICE_WINDOW_MS
  );
}

/** Choosing a sale's date (a sale of yesterday written today) is for Admin and Manager; a Seller's sale is dated now. */
export function canChooseSaleDate(role: Role | null | undefined): boolean {
  return hasLevel(role, 'Protected');
}

export const SALE_DATE_FORBIDDEN =
  'Solo un administrador o gerente puede registrar una venta con otra fecha; tus ventas llevan la fecha y hora actuales.';

/**
 * Why this role may not date a sale at `saleAt` when the clock reads `now` (both epoch ms), or
 * null when it may: a Seller's sale must be within the tolerance of now, either way.
 */
export function saleDateRefusal(role: Role | null | undefined, saleAt: number, now: number): string | null {
  if (canChooseSaleDate(role)) return null;
  return Math.abs(saleAt - now) > SALE_DATE_TOLERANCE_MS ? SALE_DATE_FORBIDDEN : null;
}

/** Who may see (PDF, print) a shift: its own user, or an Admin or Manager any shift. */
export function canSeeShift(actor: { id: number; role: Role }, shiftUserId: number): boolean {
  return actor.id === shiftUserId || hasLevel(actor.role, 'Protected');
}

/** Setting a client's credit terms (límite de crédito and plazo): Admin and Manager. */
export function canSetCreditTerms(role: Role | null | undefined): boolean {
  return hasLevel(role, 'Protected');
}

export const CREDIT_TERMS_FORBIDDEN =
  'Solo un administrador o gerente puede fijar el límite de crédito y el plazo de un cliente.';

/**
 * Seeing what clients owe (saldo, vencido) and their credit limit in the client list and a
 * client's details: Admin and Manager. A Seller sees one client's available credit, while selling
 * to that client (GET /client/credit answers them only that).
 */
export function canSeeCreditFigures(role: Role | null | undefined): boolean {
  return hasLevel(role, 'Protected');
}

/**
 * Selling a line below the product's price (or its mayoreo price from the wholesale minimum up):
 * Admin and Manager. A Seller's lower price is refused until a supervisor's authorisation at the
 * till exists.
 */
/** Who authorises at the till what a Seller may not do alone (a supervisor): a Manager or an Admin. */
export function canAuthorize(role: Role | null | undefined): boolean {
  return hasLevel(role, 'Protected');
}

export function canSellBelowPrice(role: Role | null | undefined): boolean {
  return hasLevel(role, 'Protected');
}

/**
 * Which receipts a Seller reads (the shop's SELLER_RECEIPTS setting): their own and every receipt
 * dated today ('own-and-today', the default), or all of them ('all'). Admin and Manager read all.
 */
export const SELLER_RECEIPTS_SCOPES = ['own-and-today', 'all'] as const;
export type SellerReceiptsScope = (typeof SELLER_RECEIPTS_SCOPES)[number];
export const DEFAULT_SELLER_RECEIPTS: SellerReceiptsScope = 'own-and-today';

/** The receipts a user reads: 'all', or 'own-and-today' (their own, plus any dated today). */
export type ReceiptScope = 'all' | 'own-and-today';

export function receiptScopeOf(role: Role | null | undefined, sellerReceipts: SellerReceiptsScope): ReceiptScope {
  return hasLevel(role, 'Protected') ? 'all' : sellerReceipts;
}

export const RECEIPT_OUT_OF_SCOPE = 'Solo puedes ver tus remisiones y las de hoy.';
