import type { LookupProductResponse } from '@mostrador/shared';
import type { QueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { api } from '../../../lib/api';
import { productKeys } from '../../../lib/query-keys';

/** A code that may be scanned again soon: its answer is reused for a minute (a sale refreshes it). */
const LOOKUP_FRESH_MS = 60_000;

/**
 * GET /product/lookup?code=: the product with that barcode or code, or the product and weight of a
 * scale label. Null when nothing matches (the server's 404), so the caller can search by name.
 */
export function lookupProduct(queryClient: QueryClient, code: string): Promise<LookupProductResponse | null> {
  return queryClient.fetchQuery({
    queryKey: productKeys.lookup(code),
    staleTime: LOOKUP_FRESH_MS,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<LookupProductResponse>('/product/lookup', { params: { code }, signal })).data;
      } catch (error) {
        if (isAxiosError(error) && error.response?.status === 404) return null;
        throw error;
      }
    },
  });
}
