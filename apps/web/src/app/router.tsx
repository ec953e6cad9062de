import { businessToday, meetsRequirement, PAGE_ACCESS, type PageKey, receiptListParams } from '@mostrador/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { dashboardQuery } from '../features/dashboard/api/dashboard';
import { receiptListQuery } from '../features/receipts/api/list-receipts';
import { readReceiptFilterParams } from '../features/receipts/filter-params';
import { sessionStore } from '../lib/api';
import { appFilesRequested } from '../lib/app-files';
import { loadOrReloadOnce } from '../lib/chunk-reload';
import { nextTask } from '../lib/next-task';
import { queryClient } from '../lib/query-client';
import { RequireAccess } from './guards/RequireAccess';
import { RequireAuth } from './guards/RequireAuth';
import { AppLayout } from './layout/AppLayout';
import NotFoundPage from './routes/NotFoundPage';
import { RouteError } from './routes/RouteError';

type PageModule = { default: ComponentType };

/**
 * A page loaded on first visit (keeps the initial bundle small), behind its guard if any.
 * `prefetch` starts the page's first request while its code downloads.
 */
function page(
  load: () => Promise<PageModule>,
  access?: PageKey,
  prefetch?: () => unknown,
): Pick<RouteObject, 'lazy' | 'ErrorBoundary'> {
  return {
    ErrorBoundary: RouteError,
    lazy: async () => {
      // The first request and then the code's download each start in a task of their own: inside
      // the router's start they made that task (on a phone already a long one) much longer
      // (docs/benchmarks.md).
      await nextTask();
      void prefetch?.();
      await nextTask();
      await appFilesRequested();
      const loaded = await loadOrReloadOnce(load, pendingDestination).catch(() => null);
      if (!loaded) return { Component: RouteError };
      const { default: Page } = loaded;
      return {
        Component: access
          ? () => (
              <RequireAccess page={access}>
                <Page />
              </RequireAccess>
            )
          : Page,
      };
    },
  };
}

/** The address of the navigation in progress, if any. */
function pendingDestination(): string | null {
  const next = router?.state.navigation.location;
  return next ? `${next.pathname}${next.search}${next.hash}` : null;
}

/** The receipts the list first asks for: today's, or the days a reloaded or shared address names. */
async function prefetchReceipts() {
  if (!sessionStore.get()) return;
  // Today's date makes the app's first Intl formatter, a long task on a phone (ICU's first one, of
  // any locale or zone, is the costly one; docs/benchmarks.md): the request starts in the next
  // task, so neither makes the other longer.
  const today = businessToday();
  await nextTask();
  const { filter } = readReceiptFilterParams(new URLSearchParams(window.location.search), today);
  void queryClient.prefetchInfiniteQuery(receiptListQuery(receiptListParams(filter)));
}

/** The Panel's answer (the last 30 days), asked for while the page's code downloads. */
function prefetchDashboard() {
  const session = sessionStore.get();
  if (!session || !meetsRequirement(session.user.role, PAGE_ACCESS.dashboard)) return;
  void queryClient.prefetchQuery(dashboardQuery(null));
}

/**
 * What a top-level route shows while the first address's lazy page loads: nothing, as React Router
 * shows without one (index.html's splash stays until the page paints), but said, so the router
 * does not warn that it is missing.
 */
const firstLoad = { HydrateFallback: () => null } satisfies Pick<RouteObject, 'HydrateFallback'>;

const receiptsPage = page(() => import('./routes/ReceiptsPage'), 'receipts', prefetchReceipts);
const receiptDetailPage = page(() => import('./routes/ReceiptDetailPage'));

// The route table: /login, a shared statement (/estado-de-cuenta, by signed link) and a ticket's
// autofactura (/factura/:token, by the signed link its QR carries) are public;
// every other page sits in the signed-in layout behind its page guard; /reciepts/:id is a kept
// misspelling of /receipts/:id; anything else is Not Found.
export const routes: RouteObject[] = [
  { path: '/login', ...page(() => import('./routes/LoginPage')), ...firstLoad },
  { path: '/estado-de-cuenta', ...page(() => import('./routes/SharedStatementPage')), ...firstLoad },
  { path: '/factura/:token', ...page(() => import('./routes/AutofacturaPage')), ...firstLoad },
  {
    Component: RequireAuth,
    ...firstLoad,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: AppLayout,
        children: [
          { index: true, ...receiptsPage },
          { path: 'receipts', ...receiptsPage },
          { path: 'receipts/:id', ...receiptDetailPage },
          { path: 'reciepts/:id', ...receiptDetailPage },
          { path: 'products', ...page(() => import('./routes/ProductsPage'), 'products') },
          { path: 'reports', ...page(() => import('./routes/ReportsPage'), 'reports') },
          { path: 'facturas', ...page(() => import('./routes/InvoicesPage'), 'invoices') },
          { path: 'clients', ...page(() => import('./routes/ClientsPage'), 'clients') },
          { path: 'clients/:id', ...page(() => import('./routes/ClientDetailPage')) },
          { path: 'users', ...page(() => import('./routes/UsersPage'), 'users') },
          { path: 'assistant', ...page(() => import('./routes/AssistantPage'), 'assistant') },
          { path: 'backups', ...page(() => import('./routes/BackupsPage'), 'backups') },
          { path: 'dashboard', ...page(() => import('./routes/DashboardPage'), 'dashboard', prefetchDashboard) },
          { path: 'vender', ...page(() => import('./routes/CounterPage'), 'counter') },
          { path: 'caja', ...page(() => import('./routes/CashPage'), 'cash') },
          { path: 'configuracion', ...page(() => import('./routes/SettingsPage'), 'settings') },
          { path: 'proveedores', ...page(() => import('./routes/SuppliersPage'), 'suppliers') },
          { path: 'compras', ...page(() => import('./routes/PurchasesPage'), 'purchases') },
          { path: 'compras/nueva', ...page(() => import('./routes/NewPurchasePage'), 'purchases') },
          { path: 'compras/reponer', ...page(() => import('./routes/ReorderPage'), 'purchases') },
          { path: 'compras/:id', ...page(() => import('./routes/PurchaseDetailPage'), 'purchases') },
          { path: 'compras/xml', ...page(() => import('./routes/PurchaseXmlPage'), 'purchases') },
        ],
      },
    ],
  },
  { path: '*', Component: NotFoundPage },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's router, made on first call. Making it matches the address and starts loading the first
 * page, a noticeable task on a phone (docs/benchmarks.md): main.tsx calls it in a task of its own,
 * after the entry's evaluation (the longest task on a phone) instead of inside it.
 */
export function appRouter() {
  router ??= createBrowserRouter(routes);
  return router;
}
