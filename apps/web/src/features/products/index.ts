// What other features use of products: the catalogue (the receipt form, the assistant, the
// counter's search by name), the lookup by code (the counter) and its query keys (a sale or a
// cancellation changes stock).
export { useProducts } from './api/products';
export { lookupProduct } from './api/lookup';
export { productKeys } from './api/keys';
