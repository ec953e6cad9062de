import type {
  AddInventoryBody,
  AdjustInventoryBody,
  CreateProductBody,
  EditProductBody,
  Product,
  RemoveInventoryBody,
} from '@mostrador/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { productsQuery } from './products';

/** Create and edit are multipart (SPEC 7): the fields as text plus the optional `image` file. */
function toFormData(fields: Record<string, string | number>, image: File | null) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (image) form.append('image', image, image.name);
  return form;
}

/** Every successful change refreshes the list (SPEC 7). */
function useProductMutation<Input>(call: (input: Input) => Promise<Product>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQuery.queryKey }),
  });
}

export function useCreateProduct() {
  return useProductMutation(
    async ({ image, ...fields }: CreateProductBody & { image: File | null }) =>
      (await api.post<Product>('/product/create', toFormData(fields, image))).data,
  );
}

export function useEditProduct() {
  return useProductMutation(
    async ({ image, ...fields }: EditProductBody & { image: File | null }) =>
      (await api.post<Product>('/product/edit', toFormData(fields, image))).data,
  );
}

export type StockChange =
  | { kind: 'add'; body: AddInventoryBody }
  | { kind: 'waste'; body: RemoveInventoryBody }
  | { kind: 'adjust'; body: AdjustInventoryBody };

const STOCK_CHANGE_PATHS: Record<StockChange['kind'], string> = {
  add: '/product/addInventory',
  waste: '/product/removeInventory',
  adjust: '/product/adjustInventory',
};

/** Add inventory (ADD), register waste (MERMA) or adjust (ADJUSTMENT); answers the updated product. */
export function useStockChange() {
  return useProductMutation(
    async ({ kind, body }: StockChange) => (await api.post<Product>(STOCK_CHANGE_PATHS[kind], body)).data,
  );
}
