// What other features use of products: the catalogue (the receipt form, the assistant, the
// counter's search by name) and the lookup by code (the counter). Its query keys, which a sale or
// a cancellation refreshes, are in lib/query-keys.ts.
export { useProducts } from './api/products';
export { lookupProduct } from './api/lookup';
