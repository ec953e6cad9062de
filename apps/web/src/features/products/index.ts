// What other features use of products: the catalogue (the receipt form, the assistant, the
// counter's search by name) and the lookup by code (the counter). Its query keys, which a sale or
// a cancellation refreshes, are in lib/query-keys.ts.
import { lazyDialog } from '../../lib/lazy-dialog';

export { useProducts } from './api/products';
export { lookupProduct } from './api/lookup';
export type { ProductPrefill } from './components/ProductModal';
// The product form, for a screen that creates a product on the way (a supplier's XML line). It
// validates with the shared schemas, so its code loads when it is first shown: the counter, which
// imports this module for the lookup, loads no schemas to start (docs/decisions/103).
export const ProductModal = lazyDialog(() => import('./components/ProductModal').then((m) => m.ProductModal));
