// The composition root: every service is built here, once per database, and handed what it
// needs by hand. The app decorates the result as `app.services` (routes read it), and
// `npm run demo` and the benchmarks build the same set. A module never builds another's service:
// what one module may ask of another is that service's public methods, passed in below.
import { randomBytes } from 'node:crypto';
import { compileScaleLabelFormat, pesosToCents } from '@mostrador/shared';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import { transactionRunnerFor } from './db/transactions.js';
import type { Clock } from './lib/clock.js';
import { createAssistantService } from './modules/assistant/assistant.service.js';
import { createCashService } from './modules/cash/cash.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createClientsService } from './modules/clients/clients.service.js';
import { createCreditService } from './modules/credit/credit.service.js';
import { createHealthService } from './modules/health/health.service.js';
import { createPrintingService } from './modules/printing/printing.service.js';
import { createProductsService } from './modules/products/products.service.js';
import { createReceiptsService } from './modules/receipts/receipts.service.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { createSessionsService } from './modules/sessions/sessions.service.js';
import { createUsersService } from './modules/users/users.service.js';
import { createBackupsService } from './modules/backups/backups.service.js';
import { createExportService } from './modules/spreadsheets/export.service.js';
import { createImportService } from './modules/spreadsheets/import.service.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { createSupervisorsService } from './modules/supervisors/supervisors.service.js';
import { createSettingsService } from './modules/settings/index.js';
import { createFiscalService } from './modules/fiscal/index.js';
import { createInvoicingService, pacFromConfig } from './modules/invoicing/index.js';
import { autofacturaInvoicingOf, createAutofacturaService } from './modules/autofactura/index.js';
import { createSuppliersService } from './modules/suppliers/suppliers.service.js';
import { createPurchasesService } from './modules/purchases/purchases.service.js';
import { createReorderService } from './modules/reorder/reorder.service.js';
import { createPurchasesCfdiService } from './modules/purchases-cfdi/index.js';

export interface ServicesDeps {
  database: Database;
  config: Config;
  /** Every service reads the time here; the demo moves it to the moment of each action. */
  clock?: Clock;
  /**
   * Signs shared statement links and the tickets' autofactura links (the server passes its JWT
   * secret). Without it a random one: the demo and the benchmarks share no links that must
   * outlive the process.
   */
  secret?: string;
}

export function createServices({
  database,
  config,
  clock = Date.now,
  secret = randomBytes(32).toString('base64url'),
}: ServicesDeps) {
  const { db, dialect } = database;
  // One runner per database, given to every service that writes: on SQLite, writes waiting
  // together commit together (group commit), whichever service they come from.
  const transact = transactionRunnerFor(database);

  // SQLite: one server process owns the file, so a live session's check can be remembered.
  const sessions = createSessionsService({ db, cache: dialect === 'sqlite' });
  // The shop's settings (identity, public address, drawer and counter rules), read by many.
  const settings = createSettingsService({ db, dialect, transact, clock, config });
  const users = createUsersService({ db, transact, clock, config, sessions });
  const cash = createCashService({
    db,
    dialect,
    transact,
    clock,
    cashRequiresShift: async (executor) => (await settings.current(executor)).cashRequiresShift,
  });
  const credit = createCreditService({
    db,
    transact,
    clock,
    secret,
    cash,
    settings,
  });
  const supervisors = createSupervisorsService({ db, transact, clock });
  const receipts = createReceiptsService({
    db,
    dialect,
    transact,
    clock,
    sessions,
    credit,
    cash,
    supervisors,
    sellerReceipts: config.SELLER_RECEIPTS,
    // The shop's sellerReturnLimit (Configuración; SELLER_RETURN_LIMIT its first-start default).
    sellerReturnLimitCents: async (executor) => pesosToCents((await settings.current(executor)).sellerReturnLimit),
    openPriceFloor: async () => (await settings.current()).openPriceFloor,
  });
  const reports = createReportsService({ db, transact, clock, cash, settings });
  const fiscal = createFiscalService({ db, transact, clock, config });
  const invoicing = createInvoicingService({
    db,
    transact,
    clock,
    config,
    fiscal,
    settings,
    pac: pacFromConfig(config),
  });
  // The customer's own invoice by the ticket's link; printing asks it for that link.
  const autofactura = createAutofacturaService({
    secret,
    clock,
    config,
    receipts,
    settings,
    fiscal,
    invoicing: autofacturaInvoicingOf(invoicing),
  });
  const dashboard = createDashboardService({ db, clock, credit, reports, settings });
  return {
    health: createHealthService({ dialect, transact, clock }),
    settings,
    fiscal,
    invoicing,
    autofactura,
    users,
    sessions,
    auth: createAuthService({ db, transact, clock, config, users, sessions }),
    products: createProductsService({
      db,
      transact,
      clock,
      uploadDir: config.UPLOAD_DIR,
      scaleLabelFormat: compileScaleLabelFormat(config.SCALE_LABEL_FORMAT),
    }),
    clients: createClientsService({
      db,
      transact,
      clock,
      receipts,
      credit,
      defaultCreditLimitCents: pesosToCents(config.DEFAULT_CREDIT_LIMIT),
    }),
    receipts,
    supervisors,
    printing: createPrintingService({ config, receipts, settings, credit, autofactura }),
    reports,
    assistant: createAssistantService({ config }),
    credit,
    cash,
    backups: createBackupsService({ database, config, clock }),
    exports: createExportService({ db }),
    imports: createImportService({ db, transact, clock }),
    dashboard,
    // The lista de compras grouped by last supplier ('Crear compra', 'Pedir por WhatsApp').
    reorder: createReorderService({ db, dashboard }),
    suppliers: createSuppliersService({ db, transact, clock }),
    purchases: createPurchasesService({ db, transact, clock, cash }),
    purchasesCfdi: createPurchasesCfdiService({ db }),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The application's services (built by createServices); routes call these and nothing else. */
    services: Services;
  }
}
