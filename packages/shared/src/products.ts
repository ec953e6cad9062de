// The Products screen's rules: low stock, search by name or code, the three sorts; and what makes
// two product codes the same.
import { LOW_STOCK_THRESHOLD } from './enums.js';
import type { Product } from './schemas/products.js';
import { normalizeForSearch } from './text.js';
import { lazily } from './lazy.js';

export const PRODUCT_SORTS = ['name', 'stock', 'recent'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Stock at or below the product's own minimum (10 when it has none) is low. */
export function isLowStock(stockQuantity: number, minStock?: number | null): boolean {
  return stockQuantity <= (minStock ?? LOW_STOCK_THRESHOLD);
}

/** A product code as stored: Unicode NFKC (full-width 'ＡＢ１' is 'AB1'), trimmed. */
export function normalizeProductCode(code: string): string {
  return code.normalize('NFKC').trim();
}

/** What makes two codes the same: 'ab-1' and 'AB-1' are one code (unique, and found either way). */
export function productCodeKey(code: string): string {
  return normalizeProductCode(code).toLowerCase();
}

export interface ProductCounts {
  total: number;
  lowStock: number;
}

/** What the low-stock rule reads of a product (lists without minStock use the default). */
type Stocked = Pick<Product, 'stockQuantity'> & Partial<Pick<Product, 'minStock'>>;

export function countProducts(products: readonly Stocked[]): ProductCounts {
  let lowStock = 0;
  for (const product of products) if (isLowStock(product.stockQuantity, product.minStock)) lowStock++;
  return { total: products.length, lowStock };
}

type Listed = Stocked & Pick<Product, 'id' | 'name' | 'cuid' | 'createdAt'>;

const collator = lazily(() => new Intl.Collator('es-MX', { sensitivity: 'base', numeric: true }));

const byName = (a: Listed, b: Listed) =>
  collator().compare(a.name, b.name) || collator().compare(a.cuid, b.cuid) || a.id - b.id;

export const PRODUCT_COMPARATORS: Record<ProductSort, (a: Listed, b: Listed) => number> = {
  /** Name A-Z (accents and case ignored, numbers in numeric order). */
  name: byName,
  /** Stock high to low, then by name. */
  stock: (a, b) => b.stockQuantity - a.stockQuantity || byName(a, b),
  /** Newest first. */
  recent: (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id,
};

export interface ProductQuery {
  search?: string;
  sort?: ProductSort;
  lowStockOnly?: boolean;
}

/**
 * A catalogue prepared once per fetch (normalized search keys, the three orders), so that each
 * keystroke is a single pass of substring checks over an already sorted list.
 */
export interface ProductCatalog<P extends Listed> {
  products: readonly P[];
  select(query: ProductQuery): P[];
}

export function prepareCatalog<P extends Listed>(products: readonly P[]): ProductCatalog<P> {
  const keys = new Map<P, string>();
  const times = new Map<P, number>();
  for (const product of products) {
    keys.set(product, normalizeForSearch(`${product.name} ${product.cuid}`));
    times.set(product, Date.parse(product.createdAt));
  }
  const comparators: Record<ProductSort, (a: P, b: P) => number> = {
    ...PRODUCT_COMPARATORS,
    recent: (a, b) => (times.get(b) ?? 0) - (times.get(a) ?? 0) || b.id - a.id,
  };
  const orders = new Map<ProductSort, P[]>();
  const ordered = (sort: ProductSort) => {
    let list = orders.get(sort);
    if (!list) {
      // Each order is computed on first use only, then reused for every keystroke.
      list = [...products].sort(comparators[sort]);
      orders.set(sort, list);
    }
    return list;
  };

  return {
    products,
    select({ search = '', sort = 'name', lowStockOnly = false }) {
      const words = normalizeForSearch(search).split(/\s+/).filter(Boolean);
      return ordered(sort).filter(
        (product) =>
          (!lowStockOnly || isLowStock(product.stockQuantity, product.minStock)) &&
          words.every((word) => (keys.get(product) ?? '').includes(word)),
      );
    },
  };
}

/** One-off form of the same rule: matches name or code, accent- and case-insensitive. */
export function selectProducts<P extends Listed>(products: readonly P[], query: ProductQuery): P[] {
  return prepareCatalog(products).select(query);
}
