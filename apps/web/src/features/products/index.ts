// What other features use of products: the catalogue (the receipt form, the assistant) and its
// query keys (a sale or a cancellation changes stock).
export { useProducts } from './api/products';
export { productKeys } from './api/keys';
