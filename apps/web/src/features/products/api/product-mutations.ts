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
import { productKeys } from '../../../lib/query-keys';

/** Create and edit are multipart: the fields as text plus the optional `image` file. */
function toFormData(fields: Record<string, string | number | boolean | null | undefined>, image: File | null) {
  const form = new FormData();
  // A blank field is an empty value (null) on the server; a missing one is left out (an edit keeps it).
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(key, value === null ? '' : String(value));
  }
  if (image) form.append('image', image, image.name);
  return form;
}

/** Every successful change refreshes the list. */
function useProductMutation<Input>(call: (input: Input) => Promise<Product>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** Create or edit: the product's fields plus an optional image (a new one replaces the current). */
export type ProductSave =
  | { kind: 'create'; body: CreateProductBody; image: File | null }
  | { kind: 'edit'; body: EditProductBody; image: File | null };

export function useSaveProduct() {
  return useProductMutation(
    async ({ kind, body, image }: ProductSave) =>
      (await api.post<Product>(`/product/${kind}`, toFormData(body, image))).data,
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
