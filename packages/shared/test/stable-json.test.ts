import { describe, expect, it } from 'vitest';
import { stableJson } from '../src/stable-json.js';

describe('stableJson', () => {
  it('writes the same text whatever the order of the keys, at every depth', () => {
    const a = { items: [{ quantity: '2', productId: 7 }], payment: { method: 'efectivo', amount: 10 } };
    const b = { payment: { amount: 10, method: 'efectivo' }, items: [{ productId: 7, quantity: '2' }] };
    expect(stableJson(a)).toBe(stableJson(b));
    expect(stableJson(a)).toBe(
      '{"items":[{"productId":7,"quantity":"2"}],"payment":{"amount":10,"method":"efectivo"}}',
    );
  });

  it('leaves out undefined members but keeps null ones, and keeps the order of arrays', () => {
    expect(stableJson({ b: undefined, a: null })).toBe('{"a":null}');
    expect(stableJson([3, 1, 2])).toBe('[3,1,2]');
    expect(stableJson([2, 1])).not.toBe(stableJson([1, 2]));
  });

  it('writes a lone undefined as null, as JSON does in an array', () => {
    expect(stableJson(undefined)).toBe('null');
    expect(stableJson('Café "Mostrador"')).toBe('"Café \\"Mostrador\\""');
  });
});
