import { costToPesos, type LowStockItem, type Reorder, type ReorderGroup } from '@mostrador/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DashboardService } from '../dashboard/dashboard.service.js';
import * as q from './reorder.queries.js';

export interface ReorderDeps {
  db: Kysely<DB>;
  /** The 'Lista de compras': the low-stock rule and the suggested quantity are the dashboard's. */
  dashboard: Pick<DashboardService, 'lowStock'>;
}

const collator = new Intl.Collator('es-MX', { sensitivity: 'base', numeric: true });

/**
 * The products to reorder grouped by the supplier they were last bought from: each group becomes
 * a purchase draft or a WhatsApp order. Groups by supplier name, the products never bought from
 * anyone last; inside a group the shopping list's order (by name).
 */
export function groupBySupplier(items: readonly LowStockItem[], purchases: readonly q.LastPurchaseRow[]): Reorder {
  const lastOf = new Map(purchases.map((row) => [row.productId, row]));
  const groups = new Map<number | null, ReorderGroup>();
  for (const item of items) {
    const last = lastOf.get(item.productId);
    const supplierId = last?.supplierId ?? null;
    let group = groups.get(supplierId);
    if (!group) {
      group = {
        supplier:
          supplierId === null ? null : { id: supplierId, name: last!.supplierName!, phone: last!.supplierPhone },
        items: [],
      };
      groups.set(supplierId, group);
    }
    const lastCostMicros = last?.lastCostMicros ?? null;
    group.items.push({
      productId: item.productId,
      cuid: item.cuid,
      name: item.name,
      units: item.unit,
      sellsByWeight: last?.sellsByWeight ?? false,
      stock: item.stock,
      minStock: item.minStock,
      suggested: item.suggested,
      lastCost: lastCostMicros === null ? null : costToPesos(lastCostMicros),
    });
  }
  const sorted = [...groups.values()].sort((a, b) => {
    if (!a.supplier || !b.supplier) return a.supplier ? -1 : b.supplier ? 1 : 0;
    return collator.compare(a.supplier.name, b.supplier.name) || a.supplier.id - b.supplier.id;
  });
  return { groups: sorted };
}

export function createReorderService({ db, dashboard }: ReorderDeps) {
  return {
    /** GET /purchase/reorder. */
    async list(): Promise<Reorder> {
      const items = await dashboard.lowStock();
      const purchases = await q.findLastPurchases(
        db,
        items.map((item) => item.productId),
      );
      return groupBySupplier(items, purchases);
    },
  };
}

export type ReorderService = ReturnType<typeof createReorderService>;
