import { type LowStockItem, SHOPPING_LIST_COLUMNS } from '@mostrador/shared';
import { toCsv } from '../spreadsheets/index.js';

/** The 'Lista de compras' as CSV (UTF-8 with BOM, like every export): quantities as plain numbers. */
export function shoppingListCsv(items: readonly LowStockItem[]): Buffer {
  return toCsv({
    title: 'Lista de compras',
    columns: [...SHOPPING_LIST_COLUMNS],
    rows: items.map((item) => [
      item.cuid,
      item.name,
      item.unit,
      item.stock,
      item.minStock,
      item.soldLast30Days,
      item.suggested,
    ]),
  });
}
