// What other features use of the counter: its search by name (F2) and the code field's syntax
// ('3*código'); the purchase form rings up a delivery the way the counter rings up a sale.
export { ProductSearchModal } from './components/ProductSearchModal';
export { parseCodeEntry, numberValue } from './counter-sale';
