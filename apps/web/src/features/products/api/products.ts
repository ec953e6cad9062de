import type { Product, ProductListResponse } from '@mostrador/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { productKeys } from '../../../lib/query-keys';

/** The whole catalogue (GET /product/list). Other features (receipts, assistant) read it too. */
export const productsQuery = queryOptions({
  queryKey: productKeys.list(),
  queryFn: async ({ signal }): Promise<Product[]> =>
    (await api.get<ProductListResponse>('/product/list', { signal })).data.products,
});

export function useProducts() {
  return useQuery(productsQuery);
}
