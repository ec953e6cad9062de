import type { CfdiDraft } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import { chosenProducts, lineAmountCents, missingProducts, prefillOf, purchaseBody } from './draft-review';

const line = (over: Partial<CfdiDraft['lines'][number]> = {}): CfdiDraft['lines'][number] => ({
  supplierCode: 'SAB-045',
  description: 'Papas fritas con sal 45 g',
  quantity: 30,
  units: 'Pieza',
  unitCost: 14.904,
  ivaRate: '16',
  satProductCode: '50202306',
  satUnitCode: 'H87',
  match: null,
  ...over,
});

const draft = (over: Partial<CfdiDraft> = {}): CfdiDraft => ({
  fileName: 'FA4521.xml',
  supplier: { id: null, rfc: 'XIA190128J61', name: 'XENON INDUSTRIAL ARTICLES' },
  invoiceFolio: 'FA-4521',
  cfdiUuid: 'A1B2C3D4-0000-4000-8000-0000000033AA',
  date: '2026-11-26',
  alreadyImported: false,
  total: 100,
  lines: [
    line({ supplierCode: '7501055300075', match: { productId: 7, productName: 'Coca-Cola', by: 'barcode' } }),
    line(),
  ],
  ...over,
});

describe('a supplier draft under review', () => {
  it('takes the match, then the pick over it; a line without either is missing', () => {
    expect(chosenProducts(draft(), new Map())).toEqual([7, null]);
    expect(missingProducts(chosenProducts(draft(), new Map()))).toBe(1);
    expect(
      chosenProducts(
        draft(),
        new Map([
          [0, 9],
          [1, 12],
        ]),
      ),
    ).toEqual([9, 12]);
  });

  it('becomes purchase/create with the new supplier by name and RFC, the UUID, the folio and the codes', () => {
    expect(purchaseBody(draft(), [7, null], 'crédito')).toBeNull();
    expect(purchaseBody(draft(), [7, 12], 'contado')).toEqual({
      supplier: { name: 'XENON INDUSTRIAL ARTICLES', rfc: 'XIA190128J61' },
      date: '2026-11-26',
      invoiceFolio: 'FA-4521',
      cfdiUuid: 'A1B2C3D4-0000-4000-8000-0000000033AA',
      paid: 'contado',
      items: [
        { productId: 7, quantity: 30, unitCost: 14.904, supplierCode: '7501055300075' },
        { productId: 12, quantity: 30, unitCost: 14.904, supplierCode: 'SAB-045' },
      ],
    });
    const known = purchaseBody(
      draft({
        supplier: { id: 3, rfc: 'XIA190128J61', name: 'X' },
        invoiceFolio: null,
        lines: [line({ supplierCode: null })],
      }),
      [12],
      'crédito',
    );
    expect(known).toEqual({
      supplierId: 3,
      date: '2026-11-26',
      cfdiUuid: 'A1B2C3D4-0000-4000-8000-0000000033AA',
      paid: 'crédito',
      items: [{ productId: 12, quantity: 30, unitCost: 14.904 }],
    });
  });

  it("prefills a new product from the line: the shop's unit for the SAT key", () => {
    expect(prefillOf(line())).toEqual({
      name: 'Papas fritas con sal 45 g',
      cuid: 'SAB-045',
      units: 'pza',
      ivaRate: '16',
      satProductCode: '50202306',
      satUnitCode: 'H87',
    });
    expect(
      prefillOf(line({ satUnitCode: 'KGM', units: 'Kilogramo', ivaRate: null, supplierCode: null })),
    ).toMatchObject({
      cuid: '',
      units: 'kg',
    });
    expect(prefillOf(line({ satUnitCode: 'XUN', units: 'Unidad' })).units).toBe('unidad');
  });

  it('shows the line amount as purchase/create stores it', () => {
    expect(lineAmountCents({ quantity: 24, unitCost: 9.9871 })).toBe(23969);
    expect(lineAmountCents({ quantity: 2.5, unitCost: 38.4 })).toBe(9600);
  });
});
