import { describe, expect, it } from 'vitest';
import { initialReceiptFormValues } from '../../receipts';
import { runTool } from './tool';

const catalogue = { productIds: new Set([10, 11, 12]), clientIds: new Set([7]) };
const call = (args: unknown, name = 'create_receipt') =>
  runTool(name, typeof args === 'string' ? args : JSON.stringify(args), catalogue);

describe('runTool (create_receipt)', () => {
  it('turns good arguments into the receipt form prefill', () => {
    const result = call({
      clientId: 7,
      paymentMode: 'Credit',
      state: 'Pending',
      date: '2026-11-20',
      items: [
        { productId: 10, quantity: 3, price: 12.5 },
        { productId: 12, quantity: 1, price: 200 },
      ],
    });
    expect(result.output).toMatchObject({ ok: true });
    expect(result.output).not.toHaveProperty('linesToReview');
    expect(result.prefill).toEqual({
      clientId: 7,
      paymentMode: 'Credit',
      state: 'Pending',
      date: '2026-11-20',
      items: [
        { isEnabled: true, productId: 10, quantity: 3, price: 12.5, isValid: true },
        { isEnabled: true, productId: 12, quantity: 1, price: 200, isValid: true },
      ],
    });
  });

  it('keeps lines it cannot trust but marks them for review, and says which', () => {
    const result = call({
      paymentMode: 'Cash',
      state: 'Paid',
      items: [
        { productId: 99, quantity: 1, price: 5 },
        { productId: 10, quantity: 0, price: 5 },
        { productId: 11, quantity: 2.0005, price: 5 },
        { productId: 12, quantity: 2 },
        { productId: 12, quantity: 2, price: 0.001 },
        { productId: null, quantity: 1, price: 5 },
        { productId: 10, quantity: 4, price: 9.99 },
      ],
    });
    expect(result.output).toMatchObject({ ok: true, linesToReview: [1, 2, 3, 4, 5, 6] });
    const items = result.prefill!.items;
    expect(items.map((i) => i.isValid)).toEqual([false, false, false, false, false, false, true]);
    expect(items[0]!.productId).toBeNull();
    expect(items[3]!.price).toBeNaN();
    expect(result.prefill!.clientId).toBeNull();
    expect(result.prefill!.date).toBeNull();

    // The form shows them flagged, with the empty price left for a person.
    const form = initialReceiptFormValues(result.prefill);
    expect(form.items.map((i) => i.needsReview)).toEqual([true, true, true, true, true, true, false]);
    expect(form.items[3]!.price).toBe('');
    expect(form.items[6]).toMatchObject({ productId: '10', quantity: 4, price: 9.99 });
  });

  it('drops a client id that is not in the list and tells the model credit needs one', () => {
    const result = call({
      clientId: 404,
      paymentMode: 'Credit',
      state: 'Pending',
      items: [{ productId: 10, quantity: 1, price: 1 }],
    });
    expect(result.prefill!.clientId).toBeNull();
    expect(result.output).toMatchObject({ ok: true, unknownClientId: 404, clientRequired: true });
  });

  it("answers 'Invalid arguments JSON' and opens nothing for arguments that are not JSON", () => {
    const result = call('{"paymentMode": "Cash", items: [');
    expect(result).toEqual({ output: { ok: false, error: 'Invalid arguments JSON' } });
  });

  it("answers 'Unknown tool: {name}' for any other tool", () => {
    expect(call({}, 'delete_everything')).toEqual({ output: { ok: false, error: 'Unknown tool: delete_everything' } });
  });

  it('refuses arguments of the wrong shape with the reason, so the model can try again', () => {
    const missing = call({ state: 'Paid', items: [{ productId: 10, quantity: 1, price: 1 }] });
    expect(missing.prefill).toBeUndefined();
    expect(missing.output.ok).toBe(false);
    expect(String(missing.output.error)).toMatch(/^Invalid arguments: paymentMode/);

    const extra = call({
      paymentMode: 'Cash',
      state: 'Paid',
      items: [{ productId: 10, quantity: 1, price: 1 }],
      total: 1,
    });
    expect(extra.prefill).toBeUndefined();
    expect(String(extra.output.error)).toContain('total');

    const noItems = call({ paymentMode: 'Cash', state: 'Paid', items: [] });
    expect(noItems.prefill).toBeUndefined();
    const badState = call({ paymentMode: 'Cash', state: 'Done', items: [{ productId: 10, quantity: 1, price: 1 }] });
    expect(String(badState.output.error)).toMatch(/^Invalid arguments: state/);
  });
});
