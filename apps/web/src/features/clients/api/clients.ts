import {
  CLIENT_RECEIPTS_LIMIT_MAX,
  type Client,
  type ClientDetails,
  compareClientsByName,
  type EditClientInput,
  type RegisterClientInput,
} from '@mostrador/shared';
import {
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { es } from '../../../i18n/es';
import { api } from '../../../lib/api';
import { clientKeys, receiptKeys } from '../../../lib/query-keys';

/** Enabled clients, by name (GET /client/list; leaving the page cancels the call). */
export const clientsQuery = queryOptions({
  queryKey: clientKeys.list(),
  queryFn: async ({ signal }) => (await api.get<{ clients: Client[] }>('/client/list', { signal })).data.clients,
});

export function useClients() {
  return useQuery(clientsQuery);
}

export const clientDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.details(id),
    queryFn: async ({ signal }) => {
      if (!Number.isInteger(id) || id <= 0) throw new Error(es.clients.detail.idRequired);
      return (await api.get<ClientDetails>(`/client/details/${id}`, { signal })).data;
    },
  });

export function useClientDetails(id: number) {
  return useQuery({ ...clientDetailsQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

/**
 * The client's older receipts, one page per call, after the details' first page (`firstCursor`).
 * Nothing is fetched until `enabled` (the user asked for more); a new first page (after a sale)
 * starts over, so the pages always continue the details on screen.
 */
export function useOlderClientReceipts(id: number, firstCursor: string | null, enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: [...clientKeys.details(id), 'older', firstCursor] as const,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get<ClientDetails>(`/client/details/${id}`, {
          params: { receiptsLimit: CLIENT_RECEIPTS_LIMIT_MAX, receiptsCursor: pageParam },
          signal,
        })
      ).data,
    initialPageParam: firstCursor ?? '',
    getNextPageParam: (last) => last.receiptsNextCursor ?? undefined,
    enabled: enabled && firstCursor !== null,
  });
  const receipts = useMemo(() => query.data?.pages.flatMap((page) => page.receipts) ?? [], [query.data]);
  const lastPage = query.data?.pages.at(-1);
  return {
    receipts,
    /** More pages wait on the server (the first page's cursor until this loads anything). */
    hasMore: firstCursor !== null && (lastPage === undefined || lastPage.receiptsNextCursor !== null),
    isLoading: query.isFetching,
    isError: query.isError,
    loadMore: () => (query.data ? void query.fetchNextPage() : undefined),
  };
}

/** Puts the answer into the cached list at once (the receipt form selects a new client right away). */
function updateCachedList(queryClient: QueryClient, change: (clients: Client[]) => Client[]) {
  queryClient.setQueryData<Client[]>(clientsQuery.queryKey, (clients) => clients && change(clients));
}

/** Shows the server's answer at once in the cached list and details, then refetches in the background. */
function storeClient(queryClient: QueryClient, client: Client, change: (clients: Client[]) => Client[]) {
  updateCachedList(queryClient, change);
  queryClient.setQueryData<ClientDetails>(clientKeys.details(client.id), (details) =>
    details ? { ...details, ...client } : details,
  );
  void queryClient.invalidateQueries({ queryKey: clientKeys.all });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterClientInput) => (await api.post<Client>('/client/register', input)).data,
    onSuccess: (client) =>
      storeClient(queryClient, client, (clients) => [...clients, client].sort(compareClientsByName)),
  });
}

export function useEditClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EditClientInput) => (await api.post<Client>('/client/edit', input)).data,
    onSuccess: (client) => {
      storeClient(queryClient, client, (clients) =>
        clients.map((c) => (c.id === client.id ? client : c)).sort(compareClientsByName),
      );
      // Receipts show the client's name too.
      void queryClient.invalidateQueries({ queryKey: receiptKeys.all });
    },
  });
}

export function useDisableClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<Client>('/client/disable', { id })).data,
    onSuccess: (client) => storeClient(queryClient, client, (clients) => clients.filter((c) => c.id !== client.id)),
  });
}
