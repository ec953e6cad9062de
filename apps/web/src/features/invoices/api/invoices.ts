import type {
  InvoiceCancelBody,
  InvoiceCreateInput,
  InvoiceGlobalBody,
  InvoiceListQuery,
  InvoiceSummary,
  PendingComplements,
  PendingGlobal,
} from '@mostrador/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { getStatus } from '../../../lib/errors';
import { clientKeys, receiptKeys } from '../../../lib/query-keys';
import { isNotConfigured } from '../not-configured';
import { invoiceKeys } from './keys';

/**
 * The app's rule (once, on a 5xx or no answer), except 'not configured': that stays so until
 * someone sets it up, and the screen says so at once.
 */
const retryUnlessNotConfigured = (failures: number, error: unknown) =>
  failures < 1 && !isNotConfigured(error) && (getStatus(error) ?? 500) >= 500;

const PENDING_POLL_MS = 10_000;

/** GET /invoice/list?from&to&status&clientId: the invoices, newest first. */
export function useInvoices(query: InvoiceListQuery, enabled = true) {
  return useQuery({
    queryKey: invoiceKeys.list(query),
    queryFn: async ({ signal }) => (await api.get<InvoiceSummary[]>('/invoice/list', { params: query, signal })).data,
    placeholderData: keepPreviousData,
    enabled,
    retry: retryUnlessNotConfigured,
    // The server retries a 'Por timbrar' invoice within 30 s: the list shows how that went.
    refetchInterval: (q) => (q.state.data?.some((invoice) => invoice.status === 'pending') ? PENDING_POLL_MS : false),
  });
}

/** GET /invoice/pendingGlobal: the closed periods with unbilled public sales (Admin and Manager). */
export function usePendingGlobal(enabled = true) {
  return useQuery({
    queryKey: invoiceKeys.pendingGlobal(),
    queryFn: async ({ signal }) => (await api.get<PendingGlobal>('/invoice/pendingGlobal', { signal })).data,
    enabled,
    retry: retryUnlessNotConfigured,
  });
}

/** GET /invoice/pendingComplements: abonos to PPD invoices whose complemento is not stamped yet. */
export function usePendingComplements(enabled = true) {
  return useQuery({
    queryKey: invoiceKeys.pendingComplements(),
    queryFn: async ({ signal }) => (await api.get<PendingComplements>('/invoice/pendingComplements', { signal })).data,
    enabled,
    retry: retryUnlessNotConfigured,
  });
}

/**
 * What an invoicing write changes: the invoices, the pending periods, the receipts' invoiceable
 * state, and a client's fiscal data typed on the spot (saved to the client).
 */
function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    void queryClient.invalidateQueries({ queryKey: receiptKeys.all });
    void queryClient.invalidateQueries({ queryKey: clientKeys.all });
  };
}

/** POST /invoice/create: answers the invoice, 'stamped' or still 'pending' (retried by the server). */
export function useCreateInvoice() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async (body: InvoiceCreateInput) => (await api.post<InvoiceSummary>('/invoice/create', body)).data,
    onSettled: refresh,
  });
}

/** POST /invoice/global { from, to, periodicity }. */
export function useIssueGlobal() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async (body: InvoiceGlobalBody) => (await api.post<InvoiceSummary>('/invoice/global', body)).data,
    onSettled: refresh,
  });
}

/** POST /invoice/cancel { id, motive, replacementUuid? }: answers the invoice ('cancelled' or 'cancelling'). */
export function useCancelInvoice() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async (body: InvoiceCancelBody) => (await api.post<InvoiceSummary>('/invoice/cancel', body)).data,
    onSettled: refresh,
  });
}

/** POST /invoice/retry/{id}: sends the same sealed XML again ('Reintentar'). */
export function useRetryInvoice() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<InvoiceSummary>(`/invoice/retry/${id}`)).data,
    onSettled: refresh,
  });
}

/** POST /invoice/shareLink { id }: a signed download link (null without the shop's public address). */
export function useInvoiceShareLink() {
  return useMutation({
    mutationFn: async (id: number) => (await api.post<{ url: string | null }>('/invoice/shareLink', { id })).data,
  });
}
