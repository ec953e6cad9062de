import { describe, expect, it } from 'vitest';
import { countProducts, isLowStock, prepareCatalog, selectProducts } from '../src/products.js';
import {
  addInventoryBodySchema,
  adjustInventoryBodySchema,
  createProductBodySchema,
  editProductBodySchema,
  removeInventoryBodySchema,
} from '../src/schemas/products.js';

const product = (id: number, name: string, cuid: string, stockQuantity: number, createdAt: string) => ({
  id,
  name,
  cuid,
  stockQuantity,
  createdAt,
});

const catalogue = [
  product(1, 'Ácido cítrico', 'AC-10', 25, '2026-11-01T10:00:00.000Z'),
  product(2, 'azúcar morena', 'AZ-2', 10, '2026-11-03T10:00:00.000Z'),
  product(3, 'Aceite de oliva', 'OL-77', 11, '2026-11-02T10:00:00.000Z'),
  product(4, 'Piñón', 'PN-1', 0, '2026-11-03T10:00:00.000Z'),
  product(5, 'Café 10 kg', 'CF-10', 40, '2026-10-01T10:00:00.000Z'),
  product(6, 'Café 9 kg', 'CF-9', 40, '2026-10-02T10:00:00.000Z'),
];
const ids = (list: { id: number }[]) => list.map((p) => p.id);

describe('low stock', () => {
  it('is stock at or below 10', () => {
    expect(isLowStock(10)).toBe(true);
    expect(isLowStock(0)).toBe(true);
    expect(isLowStock(11)).toBe(false);
  });

  it('counts the whole catalogue and the low ones', () => {
    expect(countProducts(catalogue)).toEqual({ total: 6, lowStock: 2 });
    expect(countProducts([])).toEqual({ total: 0, lowStock: 0 });
  });
});

describe('selectProducts', () => {
  it('sorts by name A-Z ignoring accents and case, numbers in numeric order', () => {
    expect(ids(selectProducts(catalogue, { sort: 'name' }))).toEqual([3, 1, 2, 6, 5, 4]);
  });

  it('sorts by stock high to low, ties by name', () => {
    expect(ids(selectProducts(catalogue, { sort: 'stock' }))).toEqual([6, 5, 1, 3, 2, 4]);
  });

  it('sorts most recent first, ties by newest id', () => {
    expect(ids(selectProducts(catalogue, { sort: 'recent' }))).toEqual([4, 2, 3, 1, 6, 5]);
  });

  it('finds by name or code, accent- and case-insensitive, every word required', () => {
    expect(ids(selectProducts(catalogue, { search: 'ACIDO' }))).toEqual([1]);
    expect(ids(selectProducts(catalogue, { search: 'pinon' }))).toEqual([4]);
    expect(ids(selectProducts(catalogue, { search: 'ol-77' }))).toEqual([3]);
    expect(ids(selectProducts(catalogue, { search: 'cf-1' }))).toEqual([5]);
    expect(ids(selectProducts(catalogue, { search: '  café   kg 9 ' }))).toEqual([6]);
    expect(ids(selectProducts(catalogue, { search: 'cafe leche' }))).toEqual([]);
  });

  it('keeps only low stock when asked, combined with search and sort', () => {
    expect(ids(selectProducts(catalogue, { lowStockOnly: true, sort: 'name' }))).toEqual([2, 4]);
    expect(ids(selectProducts(catalogue, { lowStockOnly: true, search: 'az' }))).toEqual([2]);
  });

  it('a prepared catalogue answers repeated queries without changing its input', () => {
    const input = [...catalogue];
    const prepared = prepareCatalog(input);
    expect(ids(prepared.select({ sort: 'stock' }))).toEqual([6, 5, 1, 3, 2, 4]);
    expect(ids(prepared.select({ sort: 'stock', search: 'cafe' }))).toEqual([6, 5]);
    expect(ids(input)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('product schemas', () => {
  const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('reads multipart strings as numbers and trims text', () => {
    expect(createProductBodySchema.parse({ name: ' Jabón ', cuid: 'JB-1', units: 'pza', stockQuantity: '12' })).toEqual(
      { name: 'Jabón', cuid: 'JB-1', units: 'pza', stockQuantity: 12 },
    );
    expect(editProductBodySchema.parse({ id: '7', name: 'a', cuid: 'b', units: 'c' }).id).toBe(7);
  });

  it('gives the spec messages for edit', () => {
    const result = editProductBodySchema.safeParse({ id: 0, name: ' ', cuid: '', units: '' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'El ID debe ser un número positivo',
      'Nombre del producto es requerido',
      'Código del producto es requerido',
      'Unidades del producto son requeridas',
    ]);
  });

  it('needs an integer stock of at least 0 on create', () => {
    const base = { name: 'a', cuid: 'b', units: 'c' };
    for (const stockQuantity of [-1, 1.5, '', 'x', undefined, null]) {
      expect(first(createProductBodySchema.safeParse({ ...base, stockQuantity }))).toBe(
        'El stock debe ser un número entero mayor o igual a 0',
      );
    }
    expect(createProductBodySchema.parse({ ...base, stockQuantity: 0 }).stockQuantity).toBe(0);
    expect(first(createProductBodySchema.safeParse({ ...base, stockQuantity: 1_000_000_001 }))).toBe(
      'El stock no puede ser mayor a 1,000,000,000',
    );
  });

  it('adds and wastes only positive integers; adjusts any non-zero integer', () => {
    expect(first(addInventoryBodySchema.safeParse({ id: 1, stockToAdd: 0 }))).toBe(
      'La cantidad debe ser un número entero mayor a 0',
    );
    expect(first(removeInventoryBodySchema.safeParse({ id: 1, stockToRemove: -2 }))).toBe(
      'La cantidad debe ser un número entero mayor a 0',
    );
    expect(first(removeInventoryBodySchema.safeParse({ id: 1, stockToRemove: 2.5 }))).toBe(
      'La cantidad debe ser un número entero mayor a 0',
    );
    expect(first(adjustInventoryBodySchema.safeParse({ id: 1, stockToAdjust: 0 }))).toBe(
      'La cantidad debe ser un número entero distinto de 0',
    );
    expect(first(addInventoryBodySchema.safeParse({ id: 1, stockToAdd: 1_000_001 }))).toBe(
      'La cantidad no puede ser mayor a 1,000,000',
    );
    expect(adjustInventoryBodySchema.parse({ id: 1, stockToAdjust: -4 })).toEqual({
      id: 1,
      stockToAdjust: -4,
      note: null,
    });
  });

  it('rejects unknown fields', () => {
    expect(addInventoryBodySchema.safeParse({ id: 1, stockToAdd: 1, extra: true }).success).toBe(false);
  });
});
