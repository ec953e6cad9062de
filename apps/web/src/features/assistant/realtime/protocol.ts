// The voice session's wire protocol as plain data: what the browser sends on the 'oai-events'
// data channel and how it reads what comes back. No WebRTC here, so it is
// unit-tested directly; useRealtimeSession does the connecting.
import {
  type Client,
  clientFullName,
  createReceiptToolDefinition,
  isModelUnavailableError,
  modelUnavailableMessage,
  type Product,
  REALTIME_TURN_DETECTION,
} from '@mostrador/shared';
import { es } from '../../../i18n/es';

export const DATA_CHANNEL_LABEL = 'oai-events';
/** A STUN server for connectivity (host candidates still work without it). */
export const ICE_SERVERS: RTCIceServer[] = [{ urls: 'stun:stun.l.google.com:19302' }];
/** Where the provider takes the SDP offer when the server does not say (OpenAI's GA endpoint). */
export const DEFAULT_SDP_URL = 'https://api.openai.com/v1/realtime/calls';
/** The instructions list at most this many products and clients (the model's context is finite). */
export const MAX_LISTED = 500;

export interface EphemeralKey {
  key: string;
  sdpUrl: string;
  /** The model the key is bound to, to name it if the provider does not have it; null when not said. */
  model: string | null;
}

/**
 * The answer is a string, or carries client_secret.value, or ephemeral_key; anything else fails
 * with 'No ephemeral token in response'. Our server also says where to post the SDP offer (sdpUrl).
 */
export function readEphemeralKey(data: unknown): EphemeralKey {
  const record = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const nested = record.client_secret as { value?: unknown } | null | undefined;
  const key =
    typeof data === 'string'
      ? data
      : typeof nested?.value === 'string'
        ? nested.value
        : typeof record.ephemeral_key === 'string'
          ? record.ephemeral_key
          : '';
  if (!key.trim()) throw new Error(es.assistant.errors.noToken);
  const sdpUrl = typeof record.sdpUrl === 'string' && record.sdpUrl ? record.sdpUrl : DEFAULT_SDP_URL;
  const model = typeof record.model === 'string' && record.model ? record.model : null;
  return { key: key.trim(), sdpUrl, model };
}

/** The provider's `{ error }` in a JSON body, if the body is one. */
function providerErrorIn(body: string): unknown {
  try {
    return (JSON.parse(body) as { error?: unknown } | null)?.error;
  } catch {
    return undefined;
  }
}

/**
 * Why the provider refused the SDP offer: the model it does not have, named with the setting to
 * change, or else 'SDP exchange failed: {status} {body}'.
 */
export function sdpRefusalMessage(status: number, body: string, model: string | null): string {
  return isModelUnavailableError(providerErrorIn(body))
    ? modelUnavailableMessage(model)
    : es.assistant.errors.sdpFailed(status, body);
}

/** A name as one line of the instructions: no line breaks that could pass for a rule. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function listed<T>(items: readonly T[], line: (item: T) => string, what: string): string {
  const lines = items.slice(0, MAX_LISTED).map((item) => `- ${line(item)}`);
  if (items.length > MAX_LISTED) lines.push(`- (${items.length - MAX_LISTED} ${what} más no aparecen en esta lista)`);
  return lines.length ? lines.join('\n') : '- (ninguno)';
}

/** The session's Spanish instructions, with the catalogue and the clients so spoken names resolve to ids. */
export function buildInstructions(products: readonly Product[], clients: readonly Client[]): string {
  const enabledClients = clients.filter((client) => client.isEnabled !== false);
  return [
    'Eres el asistente de voz de Mostrador, el sistema de remisiones (notas de venta) de una tienda en Monterrey.',
    'Hablas español de México, con frases cortas y amables.',
    'Tu tarea: escuchar la venta que dicta la persona y llamar a la herramienta create_receipt con esos datos.',
    'La herramienta solo abre el formulario de nueva remisión; la persona lo revisa y lo confirma.',
    'Nunca digas que la venta ya quedó registrada.',
    '',
    'Reglas:',
    '- Usa solo los ids de las listas de abajo. Si un producto o cliente no está o hay varios parecidos, pregunta.',
    '- Las cantidades son enteras, en las unidades del producto. El precio es por unidad, en pesos; si no lo dicen, pregúntalo.',
    '- Forma de pago: Cash (efectivo, de contado) con state Paid; Credit (crédito, fiado) con state Pending.',
    '- El crédito necesita un cliente de la lista.',
    '- Omite la fecha salvo que la digan; si la dicen, usa AAAA-MM-DD.',
    '- Si la herramienta responde con un error, corrige los datos y vuelve a llamarla.',
    '- Si la persona quiere cambiar algo después, vuelve a llamar a la herramienta con la remisión completa.',
    '',
    'Productos (id · código · nombre · unidades):',
    listed(products, (p) => `${p.id} · ${oneLine(p.cuid)} · ${oneLine(p.name)} · ${oneLine(p.units)}`, 'productos'),
    '',
    'Clientes (id · nombre):',
    listed(enabledClients, (c) => `${c.id} · ${oneLine(clientFullName(c) ?? '')}`, 'clientes'),
  ].join('\n');
}

export type ClientEvent = { type: string; [key: string]: unknown };

/**
 * Server-side voice-activity detection and the create_receipt tool, in the provider's
 * generally available shape: `type: 'realtime'`, audio settings under `audio`. The model and the
 * voice are fixed by the client secret and never sent here.
 */
export function sessionUpdateEvent(instructions: string): ClientEvent {
  return {
    type: 'session.update',
    session: {
      type: 'realtime',
      instructions,
      audio: { input: { turn_detection: REALTIME_TURN_DETECTION } },
      tools: [createReceiptToolDefinition],
      tool_choice: 'auto',
    },
  };
}

/** The answer to one tool call, then a request for the model to go on. */
export function toolOutputEvents(callId: string, output: unknown): ClientEvent[] {
  return [
    {
      type: 'conversation.item.create',
      item: { type: 'function_call_output', call_id: callId, output: JSON.stringify(output) },
    },
    { type: 'response.create' },
  ];
}

/** Typed text, as a user message, then a request for a response. */
export function inputTextEvents(text: string): ClientEvent[] {
  return [
    {
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
    },
    { type: 'response.create' },
  ];
}

/** What the session does with a message from the provider. */
export type ServerMessage =
  | { kind: 'toolCall'; callId: string; name: string; arguments: string }
  | { kind: 'assistantText'; text: string }
  | { kind: 'userText'; text: string }
  | { kind: 'providerError'; text: string }
  /** The provider does not have the session's model (it was retired, or the key has no access). */
  | { kind: 'modelUnavailable' }
  | { kind: 'other'; type: string };

/** An error the provider reported on the data channel, as the session acts on it. */
function providerProblem(error: unknown): ServerMessage {
  if (isModelUnavailableError(error)) return { kind: 'modelUnavailable' };
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return { kind: 'providerError', text: (typeof message === 'string' && message.trim()) || 'error' };
}

export function readServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!event || typeof event !== 'object' || typeof event.type !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  switch (event.type) {
    case 'response.function_call_arguments.done':
      return {
        kind: 'toolCall',
        callId: text(event.call_id),
        name: text(event.name),
        arguments: typeof event.arguments === 'string' ? event.arguments : '',
      };
    case 'response.output_audio_transcript.done':
      return text(event.transcript) ? { kind: 'assistantText', text: text(event.transcript) } : null;
    case 'response.output_text.done':
      return text(event.text) ? { kind: 'assistantText', text: text(event.text) } : null;
    case 'conversation.item.input_audio_transcription.completed':
      return text(event.transcript) ? { kind: 'userText', text: text(event.transcript) } : null;
    case 'error':
      return providerProblem(event.error);
    case 'response.done': {
      // A response that failed says why under status_details (e.g. a model the key cannot use).
      const response = event.response as { status?: unknown; status_details?: { error?: unknown } } | undefined;
      if (response?.status !== 'failed') return { kind: 'other', type: event.type };
      return providerProblem(response.status_details?.error);
    }
    default:
      return { kind: 'other', type: event.type };
  }
}
