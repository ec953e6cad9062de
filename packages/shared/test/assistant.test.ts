import { describe, expect, it } from 'vitest';
import {
  createReceiptToolArgsSchema,
  createReceiptToolDefinition,
  ephemeralKeyBodySchema,
  PAYMENT_MODES,
  RECEIPT_STATES,
} from '../src/index.js';

// The tool as the model sees it (JSON schema) and as the browser checks it (zod) must agree.
describe('create_receipt tool', () => {
  const { parameters } = createReceiptToolDefinition;

  it('requires paymentMode, state and items and allows nothing else', () => {
    expect(parameters.required).toEqual(['paymentMode', 'state', 'items']);
    expect(parameters.additionalProperties).toBe(false);
    expect(parameters.properties.items.items.additionalProperties).toBe(false);
    expect(parameters.properties.paymentMode.enum).toEqual([...PAYMENT_MODES]);
    expect(parameters.properties.state.enum).toEqual([...RECEIPT_STATES]);
  });

  it('describes exactly the fields the zod schema accepts', () => {
    expect(Object.keys(parameters.properties).sort()).toEqual(Object.keys(createReceiptToolArgsSchema.shape).sort());
    const itemShape = createReceiptToolArgsSchema.shape.items.element.shape;
    expect(Object.keys(parameters.properties.items.items.properties).sort()).toEqual(Object.keys(itemShape).sort());
  });

  it('accepts what the JSON schema allows and refuses extra properties', () => {
    const good = { paymentMode: 'Cash', state: 'Paid', items: [{ productId: 1, quantity: 2, price: 10 }] };
    expect(createReceiptToolArgsSchema.safeParse(good).success).toBe(true);
    expect(createReceiptToolArgsSchema.safeParse({ ...good, clientId: null, date: null }).success).toBe(true);
    expect(createReceiptToolArgsSchema.safeParse({ ...good, extra: 1 }).success).toBe(false);
    expect(
      createReceiptToolArgsSchema.safeParse({ ...good, items: [{ productId: 1, quantity: 2, price: 1, name: 'x' }] })
        .success,
    ).toBe(false);
    for (const key of ['paymentMode', 'state', 'items'] as const) {
      const { [key]: _dropped, ...rest } = good;
      expect(createReceiptToolArgsSchema.safeParse(rest).success).toBe(false);
    }
  });
});

describe('getEphemeralKey body', () => {
  it('is empty: nothing, null or {}', () => {
    expect(ephemeralKeyBodySchema.safeParse(undefined).success).toBe(true);
    expect(ephemeralKeyBodySchema.safeParse(null).success).toBe(true);
    expect(ephemeralKeyBodySchema.safeParse({}).success).toBe(true);
    expect(ephemeralKeyBodySchema.safeParse({ model: 'x' }).success).toBe(false);
  });
});
