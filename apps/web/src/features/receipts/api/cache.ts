import type { ListReceiptsResponse, Receipt } from '@mostrador/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { clientKeys, productKeys, receiptKeys } from '../../../lib/query-keys';

/**
 * After a receipt changed on the server: show the new copy at once wherever it is cached, then
 * refresh the lists (it may now fall outside a filter) and what the change touched elsewhere
 * (stock after a sale or a cancellation; the client's receipts).
 */
export function storeReceipt(queryClient: QueryClient, receipt: Receipt, { touchedStock }: { touchedStock: boolean }) {
  queryClient.setQueryData(receiptKeys.detail(receipt.id), receipt);
  queryClient.setQueriesData<InfiniteData<ListReceiptsResponse>>({ queryKey: receiptKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) =>
            page.data.some((r) => r.id === receipt.id)
              ? { ...page, data: page.data.map((r) => (r.id === receipt.id ? receipt : r)) }
              : page,
          ),
        }
      : data,
  );
  void queryClient.invalidateQueries({ queryKey: receiptKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: clientKeys.all });
  if (touchedStock) void queryClient.invalidateQueries({ queryKey: productKeys.all });
}
