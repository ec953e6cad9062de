import type { Supplier } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import { filterSuppliers } from './search';

const supplier = (id: number, fields: Partial<Supplier>): Supplier => ({
  id,
  name: `Proveedor ${id}`,
  rfc: null,
  phone: null,
  contact: null,
  notes: null,
  isEnabled: true,
  createdAt: '2026-11-27T18:00:00.000Z',
  ...fields,
});

const list = [
  supplier(1, { name: 'Lácteos La Vaquita', phone: '(81) 8765-4321' }),
  supplier(2, { name: 'Abarrotes del Norte', rfc: 'EKU9003173C9', contact: 'Don Memo' }),
];

describe('filterSuppliers', () => {
  it('finds by name without accents or case, by RFC and by contact', () => {
    expect(filterSuppliers(list, 'lacteos').map((s) => s.id)).toEqual([1]);
    expect(filterSuppliers(list, 'eku9003').map((s) => s.id)).toEqual([2]);
    expect(filterSuppliers(list, 'memo norte').map((s) => s.id)).toEqual([2]);
  });

  it('finds a phone typed with or without its spaces and dashes', () => {
    expect(filterSuppliers(list, '87654321').map((s) => s.id)).toEqual([1]);
    expect(filterSuppliers(list, '8765-4321').map((s) => s.id)).toEqual([1]);
  });

  it('lists everyone for an empty search and no one for a word nobody has', () => {
    expect(filterSuppliers(list, '  ')).toHaveLength(2);
    expect(filterSuppliers(list, 'ferretería')).toEqual([]);
  });
});
