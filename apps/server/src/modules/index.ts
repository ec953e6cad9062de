import type { RoutesPlugin } from '../lib/types.js';
import assistantRoutes from './assistant/assistant.routes.js';
import authRoutes from './auth/auth.routes.js';
import clientsRoutes from './clients/clients.routes.js';
import creditRoutes from './credit/credit.routes.js';
import healthRoutes from './health/health.routes.js';
import printingRoutes from './printing/printing.routes.js';
import productsRoutes from './products/products.routes.js';
import receiptsRoutes from './receipts/receipts.routes.js';
import reportsRoutes from './reports/reports.routes.js';
import usersRoutes from './users/users.routes.js';
import cashRoutes from './cash/cash.routes.js';
import backupsRoutes from './backups/backups.routes.js';
import spreadsheetsRoutes from './spreadsheets/spreadsheets.routes.js';
import dashboardRoutes from './dashboard/dashboard.routes.js';
import supervisorsRoutes from './supervisors/supervisors.routes.js';
import settingsRoutes from './settings/settings.routes.js';
import fiscalRoutes from './fiscal/fiscal.routes.js';
import invoicingRoutes from './invoicing/invoicing.routes.js';
import autofacturaRoutes from './autofactura/autofactura.routes.js';
import suppliersRoutes from './suppliers/suppliers.routes.js';
import purchasesRoutes from './purchases/purchases.routes.js';
import reorderRoutes from './reorder/reorder.routes.js';
import purchasesCfdiRoutes from './purchases-cfdi/purchases-cfdi.routes.js';

/** Every feature's routes; app.ts mounts them under /api. */
export const featureRoutes: RoutesPlugin[] = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  productsRoutes,
  clientsRoutes,
  receiptsRoutes,
  printingRoutes,
  reportsRoutes,
  assistantRoutes,
  creditRoutes,
  cashRoutes,
  backupsRoutes,
  spreadsheetsRoutes,
  dashboardRoutes,
  supervisorsRoutes,
  settingsRoutes,
  fiscalRoutes,
  invoicingRoutes,
  autofacturaRoutes,
  suppliersRoutes,
  purchasesRoutes,
  reorderRoutes,
  purchasesCfdiRoutes,
];
