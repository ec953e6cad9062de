import { businessToday, type PageKey, receiptListParams } from '@mostrador/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { receiptListQuery } from '../features/receipts/api/list-receipts';
import { readReceiptFilterParams } from '../features/receipts/filter-params';
import { sessionStore } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { RequireAccess } from './guards/RequireAccess';
import { RequireAuth } from './guards/RequireAuth';
import { AppLayout } from './layout/AppLayout';
import LoginPage from './routes/LoginPage';
import NotFoundPage from './routes/NotFoundPage';

type PageModule = { default: ComponentType };

/**
 * A page loaded on first visit (keeps the initial bundle small), behind its guard if any.
 * `prefetch` starts the page's first request while its code downloads.
 */
function page(load: () => Promise<PageModule>, access?: PageKey, prefetch?: () => void): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      prefetch?.();
      const { default: Page } = await load();
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

/** The receipts the list first asks for: today's, or the days a reloaded or shared address names. */
function prefetchReceipts() {
  if (!sessionStore.get()) return;
  const { filter } = readReceiptFilterParams(new URLSearchParams(window.location.search), businessToday());
  void queryClient.prefetchInfiniteQuery(receiptListQuery(receiptListParams(filter)));
}

const receiptsPage = page(() => import('./routes/ReceiptsPage'), 'receipts', prefetchReceipts);
const receiptDetailPage = page(() => import('./routes/ReceiptDetailPage'));

// The route table: /login is public; every other page sits in the signed-in layout behind its
// page guard; /reciepts/:id is a kept misspelling of /receipts/:id; anything else is Not Found.
export const routes: RouteObject[] = [
  { path: '/login', Component: LoginPage },
  {
    Component: RequireAuth,
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
          { path: 'clients', ...page(() => import('./routes/ClientsPage'), 'clients') },
          { path: 'clients/:id', ...page(() => import('./routes/ClientDetailPage')) },
          { path: 'users', ...page(() => import('./routes/UsersPage'), 'users') },
          { path: 'assistant', ...page(() => import('./routes/AssistantPage'), 'assistant') },
          { path: 'dashboard', ...page(() => import('./routes/DashboardPage')) },
          { path: 'vender', ...page(() => import('./routes/CounterPage'), 'counter') },
        ],
      },
    ],
  },
  { path: '*', Component: NotFoundPage },
];

export const router = createBrowserRouter(routes);
