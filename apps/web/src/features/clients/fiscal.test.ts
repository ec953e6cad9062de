import { describe, expect, it } from 'vitest';
import { fiscalOptions } from './fiscal';

const codes = (options: Array<{ value: string }>) => options.map((o) => o.value);

describe('fiscalOptions', () => {
  it('offers every régimen until the RFC is valid, then those of its kind of person', () => {
    const all = codes(fiscalOptions('', null, null).regimes);
    expect(all).toContain('601');
    expect(all).toContain('612');
    expect(codes(fiscalOptions('EKU9003173C8', null, null).regimes)).toEqual(all);

    const moral = codes(fiscalOptions('eku9003173c9', null, null).regimes);
    expect(moral).toContain('601');
    expect(moral).not.toContain('612');
    const fisica = codes(fiscalOptions('CACX7605101P8', null, null).regimes);
    expect(fisica).toContain('612');
    expect(fisica).not.toContain('601');
    // The general public's RFC takes any régimen.
    expect(codes(fiscalOptions('XAXX010101000', null, null).regimes)).toEqual(all);
  });

  it('keeps the chosen régimen among the options even when it no longer suits', () => {
    expect(codes(fiscalOptions('CACX7605101P8', '601', null).regimes)).toContain('601');
  });

  it('offers the usos de CFDI the régimen allows, with the chosen one', () => {
    const { regimes, uses } = fiscalOptions('EKU9003173C9', '601', 'G03');
    expect(regimes.find((r) => r.value === '601')?.label).toBe('601 — General de Ley Personas Morales');
    expect(codes(uses)).toContain('G03');
    // Honorarios médicos are a persona física's deduction.
    expect(codes(uses)).not.toContain('D01');
    expect(codes(fiscalOptions('', '601', 'D01').uses)).toContain('D01');
    expect(codes(fiscalOptions('', '612', null).uses)).toContain('D01');
  });
});
