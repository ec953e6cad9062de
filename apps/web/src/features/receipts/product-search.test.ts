import { describe, expect, it } from 'vitest';
import { productOptionsFilter } from './product-search';

const products = [
  { id: 1, cuid: '123', barcode: null, name: 'Leche entera' },
  { id: 2, cuid: '12', barcode: null, name: 'Pan dulce' },
  { id: 3, cuid: 'JAB-1', barcode: '7501055300075', name: 'Jabón de barra' },
  { id: 4, cuid: 'AZU-1', barcode: null, name: 'Azúcar 12 kg' },
];
const options = products.map((p) => ({ value: String(p.id), label: `${p.name} · ${p.cuid}` }));
const filter = productOptionsFilter(products);
const search = (text: string, limit = 50) =>
  filter({ options, search: text, limit }).map((o) => 'value' in o && o.value);

describe('the receipt form’s product search', () => {
  it('puts the product whose code is exactly what was typed first, before labels that merely hold it', () => {
    expect(search('12')).toEqual(['2', '1', '4']);
    expect(search('123')).toEqual(['1']);
  });

  it('finds a product by its barcode, which no label shows, and by its code in any case', () => {
    expect(search('7501055300075')).toEqual(['3']);
    expect(search(' jab-1 ')).toEqual(['3']);
  });

  it('otherwise matches every typed word in the label, accents and case aside, up to the limit', () => {
    expect(search('azucar KG')).toEqual(['4']);
    expect(search('jabon barra')).toEqual(['3']);
    expect(search('', 2)).toEqual(['1', '2']);
    expect(search('12', 1)).toEqual(['2']);
    expect(search('arroz')).toEqual([]);
  });
});
