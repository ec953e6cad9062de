import type { ReorderGroup } from '@mostrador/shared';
import type { PurchaseDraft } from './purchase-form';

/** 'Crear compra' of a reorder group: its supplier, and each product at the suggested quantity and last cost. */
export function draftFromGroup(group: ReorderGroup): PurchaseDraft {
  return {
    supplier: group.supplier ? { id: group.supplier.id, name: group.supplier.name } : null,
    lines: group.items.map((item) => ({
      product: {
        id: item.productId,
        name: item.name,
        units: item.units,
        sellsByWeight: item.sellsByWeight,
        lastCost: item.lastCost,
      },
      quantity: item.suggested,
      unitCost: item.lastCost,
    })),
  };
}
