import { z } from 'zod';
import { PAYMENT_MODES, RECEIPT_STATES } from '../enums.js';
import { MAX_RECEIPT_ITEMS, paymentModeSchema, receiptStateSchema } from './receipts.js';

// The voice assistant's contract: what getEphemeralKey answers, and
// the create_receipt tool the model may call, both as the JSON schema the provider is given and
// as the zod schema the browser checks the model's arguments with.

/** POST /api/getEphemeralKey takes no input (an empty JSON object at most). */
export const ephemeralKeyBodySchema = z.strictObject({}).nullish();

/**
 * The short-lived client secret, in the provider's own shape (`client_secret.value`), also as
 * `ephemeral_key`, with the model it is bound to and where the browser posts its SDP offer.
 */
export const ephemeralKeyResponseSchema = z.object({
  client_secret: z.object({
    value: z.string(),
    /** Epoch seconds, as the provider gives it; null when it did not say. */
    expires_at: z.number().nullable(),
  }),
  ephemeral_key: z.string(),
  model: z.string(),
  /** POST the SDP offer here with `Authorization: Bearer <ephemeral key>`. */
  sdpUrl: z.string(),
});
export type EphemeralKeyResponse = z.infer<typeof ephemeralKeyResponseSchema>;

export const ASSISTANT_NOT_CONFIGURED = 'El asistente de voz no está configurado.';
export const ASSISTANT_PROVIDER_TIMEOUT = 'El proveedor de voz no respondió.';

/** The provider's generally available realtime model: preview models are retired in turn. */
export const DEFAULT_REALTIME_MODEL = 'gpt-realtime';

/** The provider detects the end of each turn itself (set when the secret is made and in every session.update). */
export const REALTIME_TURN_DETECTION = { type: 'server_vad' } as const;

/**
 * Whether a provider error (`{ code, param, message, type }`) says the model itself is the
 * problem: it does not exist, was retired, or this key has no access to it. The provider says so
 * with `model_not_found`, or by refusing the value of the session's `model`.
 */
export function isModelUnavailableError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, param } = error as { code?: unknown; param?: unknown };
  return code === 'model_not_found' || param === 'model' || param === 'session.model';
}

/** What the Admin reads when the model is unavailable: which model, and which setting to change. */
export function modelUnavailableMessage(model: string | null): string {
  const which = model ? `El modelo de voz "${model}"` : 'El modelo de voz configurado';
  const instead =
    model === DEFAULT_REALTIME_MODEL ? ' por uno disponible' : ` (por ejemplo, a ${DEFAULT_REALTIME_MODEL})`;
  return (
    `${which} no existe, fue retirado por el proveedor o tu cuenta no tiene acceso a él. ` +
    `Cambia la variable REALTIME_MODEL${instead} y reinicia Mostrador.`
  );
}

export const CREATE_RECEIPT_TOOL = 'create_receipt';

/**
 * The create_receipt tool as the provider receives it: paymentMode, state and items
 * required, nothing else allowed. Ids come from the catalogue in the session instructions.
 */
export const createReceiptToolDefinition = {
  type: 'function',
  name: CREATE_RECEIPT_TOOL,
  description:
    'Abre el formulario de nueva remisión con los datos dictados para que una persona los revise y la ' +
    'confirme. No vende nada por sí misma. Usa solo ids de productos y clientes de las listas de las instrucciones.',
  parameters: {
    type: 'object',
    properties: {
      clientId: {
        type: ['integer', 'null'],
        description: 'Id del cliente de la lista; null si no se indicó. Obligatorio para Credit.',
      },
      paymentMode: { type: 'string', enum: [...PAYMENT_MODES], description: 'Cash (Efectivo) o Credit (Crédito).' },
      state: {
        type: 'string',
        enum: [...RECEIPT_STATES],
        description: 'Paid si se paga de contado, Pending si queda a crédito, Cancelled solo si se pide.',
      },
      date: {
        type: ['string', 'null'],
        description: 'Fecha de la venta AAAA-MM-DD o AAAA-MM-DDTHH:mm:ss (hora de Monterrey); null para ahora.',
      },
      items: {
        type: 'array',
        minItems: 1,
        description: 'Los productos vendidos.',
        items: {
          type: 'object',
          properties: {
            productId: { type: 'integer', description: 'Id del producto de la lista.' },
            quantity: {
              type: 'number',
              exclusiveMinimum: 0,
              description:
                'Cantidad en las unidades del producto: entera, o con hasta 3 decimales si se vende a granel.',
            },
            price: { type: 'number', exclusiveMinimum: 0, description: 'Precio unitario en pesos.' },
          },
          required: ['productId', 'quantity', 'price'],
          additionalProperties: false,
        },
      },
    },
    required: ['paymentMode', 'state', 'items'],
    additionalProperties: false,
  },
} as const;

/**
 * The model's arguments as the browser accepts them. The outer shape is strict (a wrong one is
 * answered with an error so the model can try again); the values of each item are checked
 * against the catalogue afterwards, and a line that does not fit is marked for a person to fix
 * rather than refused, so one misheard product does not lose the whole dictation.
 */
export const createReceiptToolArgsSchema = z.strictObject({
  clientId: z.number().int().nullable().optional(),
  paymentMode: paymentModeSchema,
  state: receiptStateSchema,
  date: z.string().max(40).nullable().optional(),
  items: z
    .array(
      z.strictObject({
        productId: z.number().int().nullable(),
        quantity: z.number(),
        price: z.number().optional(),
      }),
    )
    .min(1, 'Agrega al menos un producto.')
    .max(MAX_RECEIPT_ITEMS, `Máximo ${MAX_RECEIPT_ITEMS} productos por remisión.`),
});
export type CreateReceiptToolArgs = z.infer<typeof createReceiptToolArgsSchema>;
