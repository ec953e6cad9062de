// The create_receipt tool on the browser's side: the model's arguments become the receipt
// form's prefill, and the model gets an output telling it what happened.
import {
  CREATE_RECEIPT_TOOL,
  type CreateReceiptToolArgs,
  createReceiptToolArgsSchema,
  receiptItemInputSchema,
} from '@mostrador/shared';
import { es } from '../../../i18n/es';
import type { ReceiptPrefill } from '../../receipts';

/** The ids the instructions listed: what the model's ids are checked against. */
export interface Catalogue {
  productIds: ReadonlySet<number>;
  clientIds: ReadonlySet<number>;
}

export interface ToolResult {
  /** Sent back to the model as the function call's output (JSON). */
  output: { ok: boolean; [key: string]: unknown };
  /** Present when the receipt form should open with it. */
  prefill?: ReceiptPrefill;
}

/** Arguments → prefill: every line kept, the ones that do not fit the catalogue marked invalid. */
export function toReceiptPrefill(args: CreateReceiptToolArgs, catalogue: Catalogue): ReceiptPrefill {
  const clientId = args.clientId ?? null;
  return {
    clientId: clientId !== null && catalogue.clientIds.has(clientId) ? clientId : null,
    paymentMode: args.paymentMode,
    state: args.state,
    date: args.date?.trim() ? args.date.trim() : null,
    items: args.items.map((item) => {
      const known = item.productId !== null && catalogue.productIds.has(item.productId);
      return {
        isEnabled: true,
        productId: known ? item.productId : null,
        quantity: Number.isFinite(item.quantity) ? item.quantity : Number.NaN,
        price: item.price !== undefined && Number.isFinite(item.price) ? item.price : Number.NaN,
        // The line as the server would take it (the shared item rules), with the price the tool
        // asks for: a line the model left unpriced is for a person to look at.
        isValid: known && item.price !== undefined && receiptItemInputSchema.safeParse(item).success,
      };
    }),
  };
}

const issuesText = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) =>
  issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');

/** Runs one tool call of the model; arguments that are not JSON answer 'Invalid arguments JSON', another tool 'Unknown tool: {name}'. */
export function runTool(name: string, argumentsJson: string, catalogue: Catalogue): ToolResult {
  if (name !== CREATE_RECEIPT_TOOL) return { output: { ok: false, error: es.assistant.tool.unknownTool(name) } };
  let raw: unknown;
  try {
    raw = JSON.parse(argumentsJson);
  } catch {
    return { output: { ok: false, error: es.assistant.tool.invalidJson } };
  }
  const parsed = createReceiptToolArgsSchema.safeParse(raw);
  if (!parsed.success) {
    return { output: { ok: false, error: `Invalid arguments: ${issuesText(parsed.error.issues)}` } };
  }
  const prefill = toReceiptPrefill(parsed.data, catalogue);
  const linesToReview = prefill.items.flatMap((item, index) => (item.isValid ? [] : [index + 1]));
  const unknownClient = parsed.data.clientId != null && prefill.clientId === null;
  return {
    prefill,
    output: {
      ok: true,
      message:
        'Se abrió el formulario de nueva remisión con estos datos. La persona debe revisarlo y confirmarlo; ' +
        'todavía no se ha vendido nada.',
      ...(linesToReview.length ? { linesToReview } : {}),
      ...(unknownClient ? { unknownClientId: parsed.data.clientId } : {}),
      ...(parsed.data.paymentMode === 'Credit' && prefill.clientId === null ? { clientRequired: true } : {}),
    },
  };
}
