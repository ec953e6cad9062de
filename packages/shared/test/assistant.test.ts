import { describe, expect, it } from 'vitest';
import {
  createReceiptToolArgsSchema,
  createReceiptToolDefinition,
  ephemeralKeyBodySchema,
  isModelUnavailableError,
  modelUnavailableMessage,
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

describe('an unavailable voice model', () => {
  it('is recognised by model_not_found or a refused session model, and by nothing else', () => {
    const provider = (code: string | null, param: string | null = null) => ({
      message: 'The model `gpt-4o-realtime-preview` does not exist or you do not have access to it.',
      type: 'invalid_request_error',
      code,
      param,
    });
    expect(isModelUnavailableError(provider('model_not_found'))).toBe(true);
    expect(isModelUnavailableError(provider('invalid_value', 'session.model'))).toBe(true);
    expect(isModelUnavailableError(provider('invalid_value', 'session.audio.output.voice'))).toBe(false);
    expect(isModelUnavailableError(provider('invalid_api_key'))).toBe(false);
    for (const other of [null, undefined, 'model_not_found', 42, {}])
      expect(isModelUnavailableError(other)).toBe(false);
  });

  it('names the model and the variable, and suggests the generally available model', () => {
    expect(modelUnavailableMessage('gpt-4o-realtime-preview')).toBe(
      'El modelo de voz "gpt-4o-realtime-preview" no existe, fue retirado por el proveedor o tu cuenta no tiene ' +
        'acceso a él. Cambia la variable REALTIME_MODEL (por ejemplo, a gpt-realtime) y reinicia Mostrador.',
    );
    expect(modelUnavailableMessage('gpt-realtime')).toBe(
      'El modelo de voz "gpt-realtime" no existe, fue retirado por el proveedor o tu cuenta no tiene acceso a él. ' +
        'Cambia la variable REALTIME_MODEL por uno disponible y reinicia Mostrador.',
    );
    expect(modelUnavailableMessage(null)).toMatch(/^El modelo de voz configurado no existe.*REALTIME_MODEL/);
  });
});
