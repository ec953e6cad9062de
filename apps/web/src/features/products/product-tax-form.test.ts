import { TAX_MESSAGES, TAX_PRESETS } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import { followUnits, presetErrors, presetOf, presetValues, taxFieldValues } from './product-tax-form';

describe('the product form’s taxes', () => {
  it('starts a new product at 16 % without IEPS, 01010101, a piece', () => {
    expect(taxFieldValues()).toEqual({
      ivaRate: '16',
      iepsRate: '',
      iepsPerUnit: '',
      satProductCode: '01010101',
      satUnitCode: 'H87',
    });
    expect(presetOf(taxFieldValues())).toBe('general');
  });

  it('recognises every preset from a product’s taxes, and anything else as custom', () => {
    const product = (ivaRate: '16' | '8' | '0' | 'exento', iepsRate: number | null, iepsPerUnit: number | null) =>
      taxFieldValues({ ivaRate, iepsRate, iepsPerUnit, satProductCode: '01010101', satUnitCode: 'H87' });
    expect(presetOf(product('16', null, null))).toBe('general');
    expect(presetOf(product('0', null, null))).toBe('basicos');
    expect(presetOf(product('0', 8, null))).toBe('botana');
    expect(presetOf(product('16', 26.5, null))).toBe('cerveza');
    expect(presetOf(product('16', null, 1.6451))).toBe('refresco');
    expect(presetOf(product('exento', null, null))).toBe('exento');
    expect(presetOf(product('8', null, null))).toBe('custom');
    expect(presetOf(product('16', 8, null))).toBe('custom');
  });

  it('sets a preset’s values; Refresco keeps a typed cuota and asks for one while empty', () => {
    const current = { ivaRate: '16' as const, iepsRate: '', iepsPerUnit: 1.5 };
    expect(presetValues('cerveza', current)).toEqual({ ivaRate: '16', iepsRate: '26.5', iepsPerUnit: '' });
    expect(presetValues('refresco', current)).toEqual({ ivaRate: '16', iepsRate: '', iepsPerUnit: 1.5 });
    expect(presetValues('custom', current)).toBe(current);
    expect(presetErrors('refresco', { iepsPerUnit: '' })).toEqual({ iepsPerUnit: TAX_MESSAGES.iepsPerUnit });
    expect(presetErrors('refresco', { iepsPerUnit: 1.5 })).toEqual({});
    expect(TAX_PRESETS.map((p) => presetOf(presetValues(p.key, { ...current, iepsPerUnit: 2 })))).toEqual(
      TAX_PRESETS.map((p) => p.key),
    );
  });

  it('moves the SAT unit with the units only while it is still their default', () => {
    expect(followUnits('', 'kg', 'H87')).toBe('KGM');
    expect(followUnits('kg', 'litro', 'KGM')).toBe('LTR');
    expect(followUnits('kg', 'caja', 'XBO')).toBeNull();
    expect(followUnits('pza', 'bolsa', 'H87')).toBeNull();
    expect(followUnits('kg', 'kg', 'KGM')).toBeNull();
  });
});
