import { describe, expect, it } from 'vitest';
import {
  countProducts,
  isLowStock,
  normalizeProductCode,
  prepareCatalog,
  productCodeKey,
  selectProducts,
} from '../src/products.js';
import {
  addInventoryBodySchema,
  adjustInventoryBodySchema,
  createProductBodySchema,
  editProductBodySchema,
  lookupProductQuerySchema,
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

  it("follows the product's own minimum when it has one", () => {
    expect(isLowStock(2.5, 2.5)).toBe(true);
    expect(isLowStock(2.501, 2.5)).toBe(false);
    expect(isLowStock(10, null)).toBe(true);
    expect(isLowStock(5, 0)).toBe(false);
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

  const noExtras = {
    price: null,
    wholesalePrice: null,
    wholesaleMinQuantity: null,
    barcode: null,
    minStock: null,
    sellsByWeight: false,
  };

  it('reads multipart strings as numbers and trims text', () => {
    expect(createProductBodySchema.parse({ name: ' Jabón ', cuid: 'JB-1', units: 'pza', stockQuantity: '12' })).toEqual(
      { name: 'Jabón', cuid: 'JB-1', units: 'pza', stockQuantity: 12, ...noExtras },
    );
    expect(editProductBodySchema.parse({ id: '7', name: 'a', cuid: 'b', units: 'c' }).id).toBe(7);
  });

  it('reads the selling fields from a form: blanks are null, decimals in decimal notation', () => {
    const form = {
      name: 'Queso Oaxaca',
      cuid: ' ＱＳ－１ ',
      units: 'kg',
      stockQuantity: '12,5',
      price: '189.90',
      wholesalePrice: '175',
      wholesaleMinQuantity: '2.5',
      barcode: '7501055363278',
      minStock: '',
      sellsByWeight: 'true',
    };
    expect(createProductBodySchema.parse(form)).toEqual({
      name: 'Queso Oaxaca',
      cuid: 'QS-1',
      units: 'kg',
      stockQuantity: 12.5,
      price: 189.9,
      wholesalePrice: 175,
      wholesaleMinQuantity: 2.5,
      barcode: '7501055363278',
      minStock: null,
      sellsByWeight: true,
    });
  });

  it('refuses bad selling fields with their own messages', () => {
    const base = { name: 'Jabón', cuid: 'JB', units: 'pza', stockQuantity: 1 };
    const message = (extra: Record<string, unknown>) => first(createProductBodySchema.safeParse({ ...base, ...extra }));
    expect(message({ price: '0' })).toBe('El precio debe ser un número mayor a 0, con hasta 2 decimales');
    expect(message({ price: '1.005' })).toBe('El precio debe ser un número mayor a 0, con hasta 2 decimales');
    expect(message({ price: '1e3' })).toBe('El precio debe ser un número mayor a 0, con hasta 2 decimales');
    expect(message({ barcode: '1234567' })).toBe('El código de barras debe tener de 8 a 14 dígitos.');
    expect(message({ barcode: '7501055363279' })).toBe(
      'El código de barras no es válido: el dígito verificador no coincide.',
    );
    expect(message({ wholesalePrice: 10 })).toBe('Indica desde qué cantidad aplica el precio de mayoreo.');
    expect(message({ wholesaleMinQuantity: 6 })).toBe('Indica el precio de mayoreo.');
    expect(message({ minStock: -1 })).toBe(
      'El stock mínimo debe ser un número mayor o igual a 0, con hasta 3 decimales',
    );
    expect(message({ sellsByWeight: 'quizá' })).toBe('Se vende a granel debe ser verdadero o falso.');
  });

  it('refuses fractions for a product sold by the piece, naming it', () => {
    const base = { name: 'Jabón', cuid: 'JB', units: 'pza', wholesalePrice: 9, wholesaleMinQuantity: 12 };
    const refusal = 'El producto "Jabón" se vende por piezas completas; la cantidad no puede tener decimales.';
    expect(first(createProductBodySchema.safeParse({ ...base, stockQuantity: 1.5 }))).toBe(refusal);
    expect(first(createProductBodySchema.safeParse({ ...base, stockQuantity: 1, wholesaleMinQuantity: 0.5 }))).toBe(
      refusal,
    );
    expect(createProductBodySchema.parse({ ...base, stockQuantity: 1.5, sellsByWeight: true }).stockQuantity).toBe(1.5);
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

  it('needs a stock of at least 0 with at most three decimals on create', () => {
    const base = { name: 'a', cuid: 'b', units: 'c', sellsByWeight: true };
    for (const stockQuantity of [-1, 1.0005, '', 'x', '0x10', '1e3', undefined, null]) {
      expect(first(createProductBodySchema.safeParse({ ...base, stockQuantity }))).toBe(
        'El stock debe ser un número mayor o igual a 0, con hasta 3 decimales',
      );
    }
    expect(createProductBodySchema.parse({ ...base, stockQuantity: 0 }).stockQuantity).toBe(0);
    expect(first(createProductBodySchema.safeParse({ ...base, stockQuantity: 1_000_000_001 }))).toBe(
      'El stock no puede ser mayor a 1,000,000,000',
    );
  });

  it('adds and wastes only positive quantities; adjusts any non-zero one (three decimals at most)', () => {
    expect(first(addInventoryBodySchema.safeParse({ id: 1, stockToAdd: 0 }))).toBe(
      'La cantidad debe ser un número mayor a 0, con hasta 3 decimales',
    );
    expect(first(removeInventoryBodySchema.safeParse({ id: 1, stockToRemove: -2 }))).toBe(
      'La cantidad debe ser un número mayor a 0, con hasta 3 decimales',
    );
    expect(first(removeInventoryBodySchema.safeParse({ id: 1, stockToRemove: 2.0005 }))).toBe(
      'La cantidad debe ser un número mayor a 0, con hasta 3 decimales',
    );
    expect(removeInventoryBodySchema.parse({ id: 1, stockToRemove: 0.75 }).stockToRemove).toBe(0.75);
    expect(first(adjustInventoryBodySchema.safeParse({ id: 1, stockToAdjust: 0 }))).toBe(
      'La cantidad debe ser un número distinto de 0, con hasta 3 decimales',
    );
    expect(adjustInventoryBodySchema.parse({ id: 1, stockToAdjust: '-0,25' }).stockToAdjust).toBe(-0.25);
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

describe('product codes', () => {
  it('are NFKC and trimmed, and the same code ignoring case', () => {
    expect(normalizeProductCode(' ＡＢ－１ ')).toBe('AB-1');
    expect(productCodeKey('Ab-1')).toBe(productCodeKey('aB-1'));
    expect(productCodeKey(' ＡＢ－１')).toBe('ab-1');
  });
});

describe('lookup query', () => {
  it('needs a code', () => {
    expect(lookupProductQuerySchema.safeParse({ code: ' ' }).error?.issues[0]?.message).toBe(
      'Escanea o escribe un código.',
    );
    expect(lookupProductQuerySchema.parse({ code: ' 7501 ' })).toEqual({ code: '7501' });
  });
});
