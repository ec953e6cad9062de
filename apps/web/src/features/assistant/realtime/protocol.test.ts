import { type Client, createReceiptToolDefinition, type Product } from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import {
  buildInstructions,
  DEFAULT_SDP_URL,
  inputTextEvents,
  MAX_LISTED,
  readEphemeralKey,
  readServerMessage,
  sdpRefusalMessage,
  sessionUpdateEvent,
  toolOutputEvents,
} from './protocol';

const product = (id: number, name: string, cuid = `P-${id}`, units = 'piezas'): Product => ({
  id,
  name,
  cuid,
  units,
  stockQuantity: 5,
  price: null,
  wholesalePrice: null,
  wholesaleMinQuantity: null,
  barcode: null,
  minStock: null,
  sellsByWeight: false,
  imageUrl: null,
  createdAt: '2026-11-21T00:00:00.000Z',
  ivaRate: '16',
  iepsRate: null,
  iepsPerUnit: null,
  satProductCode: '01010101',
  satUnitCode: 'H87',
  taxesReviewed: true,
  category: null,
});
const client = (id: number, firstName: string, lastName: string | null, isEnabled = true): Client => ({
  id,
  firstName,
  lastName,
  phone: null,
  email: null,
  address: null,
  isEnabled,
  creditLimit: null,
  creditDays: 30,
  balance: 0,
  overdue: 0,
  createdAt: '2026-11-21T00:00:00.000Z',
  rfc: null,
  legalName: null,
  taxRegime: null,
  taxZipCode: null,
  cfdiUse: null,
  invoiceEmail: null,
});

describe('readEphemeralKey', () => {
  it('accepts a string, client_secret.value or ephemeral_key', () => {
    expect(readEphemeralKey('ek_texto')).toEqual({ key: 'ek_texto', sdpUrl: DEFAULT_SDP_URL, model: null });
    expect(
      readEphemeralKey({
        client_secret: { value: 'ek_anidada' },
        model: 'gpt-realtime',
        sdpUrl: 'http://127.0.0.1:9/v1/realtime/calls',
      }),
    ).toEqual({
      key: 'ek_anidada',
      sdpUrl: 'http://127.0.0.1:9/v1/realtime/calls',
      model: 'gpt-realtime',
    });
    expect(readEphemeralKey({ ephemeral_key: 'ek_plana' }).key).toBe('ek_plana');
  });

  it("fails with 'No ephemeral token in response' otherwise", () => {
    for (const answer of [null, {}, '', { client_secret: {} }, { client_secret: null }, { ephemeral_key: 3 }, 42]) {
      expect(() => readEphemeralKey(answer)).toThrow('No ephemeral token in response');
    }
  });
});

describe('buildInstructions', () => {
  it('lists products (id, code, name, units) and enabled clients (id, full name) in Spanish', () => {
    const text = buildInstructions(
      [product(12, 'Clavo 2"', 'CLV-2', 'cajas'), product(13, 'Tornillo\nlargo')],
      [client(7, 'Juan', 'Pérez'), client(8, 'Ana', null), client(9, 'Oculto', 'Deshabilitado', false)],
    );
    expect(text).toContain('create_receipt');
    expect(text).toContain('- 12 · CLV-2 · Clavo 2" · cajas');
    expect(text).toContain('- 13 · P-13 · Tornillo largo · piezas');
    expect(text).toContain('- 7 · Juan Pérez');
    expect(text).toContain('- 8 · Ana');
    expect(text).not.toContain('Oculto');
    expect(text).toMatch(/Nunca digas que la venta ya quedó registrada/);
  });

  it('caps long lists and says how many were left out', () => {
    const many = Array.from({ length: MAX_LISTED + 3 }, (_, i) => product(i + 1, `Producto ${i + 1}`));
    const text = buildInstructions(many, []);
    expect(text).toContain(`- ${MAX_LISTED} · `);
    expect(text).not.toContain(`- ${MAX_LISTED + 1} · `);
    expect(text).toContain('(3 productos más no aparecen en esta lista)');
    expect(text).toContain('Clientes (id · nombre):\n- (ninguno)');
  });
});

describe('data channel events', () => {
  it('session.update: instructions, server VAD and the create_receipt tool', () => {
    const event = sessionUpdateEvent('hola');
    expect(event).toEqual({
      type: 'session.update',
      session: {
        type: 'realtime',
        instructions: 'hola',
        audio: { input: { turn_detection: { type: 'server_vad' } } },
        tools: [createReceiptToolDefinition],
        tool_choice: 'auto',
      },
    });
    const tool = (event.session as { tools: Array<typeof createReceiptToolDefinition> }).tools[0]!;
    expect(tool.name).toBe('create_receipt');
    expect(tool.parameters.required).toEqual(['paymentMode', 'state', 'items']);
    expect(tool.parameters.additionalProperties).toBe(false);
    expect(tool.parameters.properties.items.items.additionalProperties).toBe(false);
  });

  it('tool output then response.create', () => {
    expect(toolOutputEvents('call_1', { ok: false, error: 'Invalid arguments JSON' })).toEqual([
      {
        type: 'conversation.item.create',
        item: {
          type: 'function_call_output',
          call_id: 'call_1',
          output: '{"ok":false,"error":"Invalid arguments JSON"}',
        },
      },
      { type: 'response.create' },
    ]);
  });

  it('typed text as an input_text message then response.create', () => {
    expect(inputTextEvents('dos cajas')).toEqual([
      {
        type: 'conversation.item.create',
        item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'dos cajas' }] },
      },
      { type: 'response.create' },
    ]);
  });

  it('reads the provider events the session acts on', () => {
    const done = JSON.stringify({
      type: 'response.function_call_arguments.done',
      call_id: 'call_9',
      name: 'create_receipt',
      arguments: '{"a":1}',
    });
    expect(readServerMessage(done)).toEqual({
      kind: 'toolCall',
      callId: 'call_9',
      name: 'create_receipt',
      arguments: '{"a":1}',
    });
    expect(
      readServerMessage(JSON.stringify({ type: 'response.output_audio_transcript.done', transcript: ' Listo ' })),
    ).toEqual({
      kind: 'assistantText',
      text: 'Listo',
    });
    expect(readServerMessage(JSON.stringify({ type: 'error', error: { message: 'mal' } }))).toEqual({
      kind: 'providerError',
      text: 'mal',
    });
    expect(readServerMessage(JSON.stringify({ type: 'session.updated' }))).toEqual({
      kind: 'other',
      type: 'session.updated',
    });
    // The retired beta's event names are not read as what the model said.
    expect(readServerMessage(JSON.stringify({ type: 'response.audio_transcript.done', transcript: 'x' }))).toEqual({
      kind: 'other',
      type: 'response.audio_transcript.done',
    });
    expect(readServerMessage('no es json')).toBeNull();
    expect(readServerMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe('a model the provider does not have', () => {
  const modelNotFound = {
    type: 'invalid_request_error',
    code: 'model_not_found',
    message: 'The model `gpt-4o-realtime-preview` does not exist or you do not have access to it.',
  };
  const named =
    'El modelo de voz "gpt-4o-realtime-preview" no existe, fue retirado por el proveedor o tu cuenta no tiene ' +
    'acceso a él. Cambia la variable REALTIME_MODEL (por ejemplo, a gpt-realtime) y reinicia Mostrador.';

  it('refusing the SDP offer is told in Spanish with the model and REALTIME_MODEL; other refusals as the spec says', () => {
    const body = JSON.stringify({ error: modelNotFound });
    expect(sdpRefusalMessage(403, body, 'gpt-4o-realtime-preview')).toBe(named);
    expect(sdpRefusalMessage(404, body, null)).toMatch(/^El modelo de voz configurado no existe/);
    expect(sdpRefusalMessage(401, '{"error":{"code":"invalid_api_key"}}', 'gpt-realtime')).toBe(
      'SDP exchange failed: 401 {"error":{"code":"invalid_api_key"}}',
    );
    expect(sdpRefusalMessage(403, 'forbidden', 'gpt-realtime')).toBe('SDP exchange failed: 403 forbidden');
  });

  it('on the data channel, as an error event or a failed response', () => {
    expect(readServerMessage(JSON.stringify({ type: 'error', error: modelNotFound }))).toEqual({
      kind: 'modelUnavailable',
    });
    const failed = (error: object) =>
      JSON.stringify({
        type: 'response.done',
        response: { status: 'failed', status_details: { type: 'failed', error } },
      });
    expect(readServerMessage(failed(modelNotFound))).toEqual({ kind: 'modelUnavailable' });
    expect(readServerMessage(failed({ type: 'server_error', message: 'Algo falló' }))).toEqual({
      kind: 'providerError',
      text: 'Algo falló',
    });
    expect(readServerMessage(JSON.stringify({ type: 'response.done', response: { status: 'completed' } }))).toEqual({
      kind: 'other',
      type: 'response.done',
    });
  });
});
