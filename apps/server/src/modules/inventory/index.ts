// The inventory module's public entry: the one way stock changes, with its log.
export {
  applyStockChange,
  applyStockChanges,
  INSERT_CHUNK,
  type InitialStock,
  logInitialStock,
  type StockChange,
  type StockChangeResult,
  stockRefusal,
} from './stock.js';
