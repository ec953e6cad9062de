import { describe, expect, it } from 'vitest';
import {
  addProduct,
  lineAmountCents,
  linesFromDraft,
  NO_LINES,
  type PurchaseFormValues,
  type PurchaseProduct,
  purchaseBody,
  purchaseProblem,
  purchaseTotalCents,
  removeLine,
  updateLine,
} from './purchase-form';

const frijol: PurchaseProduct = { id: 1, name: 'Frijol', units: 'pza', sellsByWeight: false, lastCost: 12.4 };
const queso: PurchaseProduct = { id: 2, name: 'Queso', units: 'kg', sellsByWeight: true, lastCost: null };
const values: PurchaseFormValues = {
  supplierId: 7,
  date: '2026-11-27',
  invoiceFolio: '  A-123 ',
  paid: 'contado',
  fromDrawer: true,
  note: '',
};

describe('the purchase lines', () => {
  it('adds a new product at its last cost, and the same code again onto its line', () => {
    const first = addProduct(NO_LINES, frijol, null);
    expect(first.index).toBe(0);
    expect(first.state.lines).toEqual([{ key: 1, product: frijol, quantity: 1, unitCost: 12.4 }]);
    const again = addProduct(first.state, frijol, 3);
    expect(again.index).toBe(0);
    expect(again.state.lines).toHaveLength(1);
    expect(again.state.lines[0]!.quantity).toBe(4);
    const other = addProduct(again.state, queso, 0.75);
    expect(other.index).toBe(1);
    expect(other.state.lines[1]).toEqual({ key: 2, product: queso, quantity: 0.75, unitCost: null });
  });

  it('adds fractions in thousandths, never in floating point', () => {
    let state = addProduct(NO_LINES, queso, 0.1).state;
    state = addProduct(state, queso, 0.2).state;
    expect(state.lines[0]!.quantity).toBe(0.3);
  });

  it('computes each amount as the server rounds it: quantity × cost, half up to the centavo', () => {
    const line = (quantity: number | null, unitCost: number | null) => ({ key: 1, product: queso, quantity, unitCost });
    expect(lineAmountCents(line(3, 12.4))).toBe(3720);
    // 1.255 kg × $10.0125 = $12.5656875 → $12.57
    expect(lineAmountCents(line(1.255, 10.0125))).toBe(1257);
    // 0.005 × $1 = half a centavo → 1 centavo (half up)
    expect(lineAmountCents(line(0.005, 1))).toBe(1);
    expect(lineAmountCents(line(2, 0))).toBe(0);
    expect(lineAmountCents(line(null, 5))).toBeNull();
    expect(lineAmountCents(line(1, 1.23456))).toBeNull();
    expect(lineAmountCents({ key: 1, product: frijol, quantity: 1.5, unitCost: 2 })).toBeNull();
  });

  it('totals the amounts that can be computed', () => {
    let state = addProduct(NO_LINES, frijol, 3).state; // 3 × 12.40 = 37.20
    state = addProduct(state, queso, 1.255).state; // no cost yet
    expect(purchaseTotalCents(state.lines)).toBe(3720);
    state = updateLine(state, 2, { unitCost: 10.0125 });
    expect(purchaseTotalCents(state.lines)).toBe(3720 + 1257);
    state = removeLine(state, 1);
    expect(purchaseTotalCents(state.lines)).toBe(1257);
  });

  it('starts from a draft: its lines at their quantities and costs, the last cost when the draft has none', () => {
    const { lines, nextKey } = linesFromDraft({
      supplier: { id: 7, name: 'Abarrotes del Norte' },
      lines: [
        { product: frijol, quantity: 8, unitCost: null },
        { product: queso, quantity: 2, unitCost: 95.5 },
      ],
    });
    expect(lines.map((l) => [l.key, l.product.name, l.quantity, l.unitCost])).toEqual([
      [1, 'Frijol', 8, 12.4],
      [2, 'Queso', 2, 95.5],
    ]);
    expect(nextKey).toBe(3);
  });
});

describe('sending the purchase', () => {
  it('names what is missing first: the supplier, a line, then the first wrong line', () => {
    const lines = addProduct(NO_LINES, queso, 1).state.lines;
    expect(purchaseProblem({ ...values, supplierId: null }, lines)).toBe('Indica el proveedor de la compra.');
    expect(purchaseProblem(values, [])).toBe('La compra debe tener al menos un producto.');
    expect(purchaseProblem(values, lines)).toBe(
      'Queso: El costo unitario debe ser un número mayor o igual a 0, con hasta 4 decimales.',
    );
    const fraction = addProduct(NO_LINES, frijol, 1.5).state.lines;
    expect(purchaseProblem(values, fraction)).toMatch(/^Frijol: /);
  });

  it('builds the body of POST /purchase/create: folio trimmed, empty note left out, the drawer only for contado', () => {
    const lines = addProduct(NO_LINES, frijol, 3).state.lines;
    expect(purchaseProblem(values, lines)).toBeNull();
    expect(purchaseBody(values, lines)).toEqual({
      supplierId: 7,
      date: '2026-11-27',
      invoiceFolio: 'A-123',
      items: [{ productId: 1, quantity: 3, unitCost: 12.4 }],
      paid: 'contado',
      fromDrawer: true,
    });
    expect(purchaseBody({ ...values, paid: 'crédito', note: ' 30 días ', invoiceFolio: '' }, lines)).toEqual({
      supplierId: 7,
      date: '2026-11-27',
      items: [{ productId: 1, quantity: 3, unitCost: 12.4 }],
      paid: 'crédito',
      fromDrawer: false,
      note: '30 días',
    });
  });
});
