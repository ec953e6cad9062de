// The create-receipt form as data: its values, the assistant's prefill, the SPEC 5 rules and
// the payload it sends. No React here, so the rules are unit-tested directly.
import {
  BUSINESS_TIME_ZONE,
  businessNowLocalTimestamp,
  type CreateReceiptInput,
  CREDIT_NEEDS_CLIENT,
  dayjs,
  hasAtMostTwoDecimals,
  isLocalTimestamp,
  isYmd,
  MAX_QUANTITY,
  MAX_RECEIPT_ITEMS,
  MAX_RECEIPT_TOTAL_CENTS,
  type PaymentMode,
  pesosToCents,
  type ReceiptState,
  totalsFromCents,
} from '@mostrador/shared';
import { z } from 'zod';
import { es } from '../../i18n/es';

/** SPEC 3 client id placeholders of the receipt form. */
export const CLIENT_UNSPECIFIED = -2;
export const CLIENT_CREATE_NEW = -1;

/** SPEC 3 "Assistant receipt prefill": what the voice assistant hands to the create form. */
export interface ReceiptPrefill {
  clientId: number | null;
  paymentMode: PaymentMode;
  /** Accepted for the assistant's sake; a new receipt's state follows from its payment mode. */
  state?: ReceiptState;
  /** YYYY-MM-DD, a local timestamp, or an ISO instant; null means now. */
  date: string | null;
  items: Array<{ isEnabled: boolean; productId: number | null; quantity: number; price: number; isValid: boolean }>;
}

export interface ReceiptFormItem {
  /** Stable React key of the row. */
  key: string;
  isEnabled: boolean;
  /** Select value: the product id as a string. */
  productId: string | null;
  /** NumberInput values: a number, or '' while empty. */
  quantity: number | string;
  price: number | string;
  /** Marked by the assistant as not understood: a person must look at it. */
  needsReview: boolean;
}

export interface ReceiptFormValues {
  /** Select value: a client id, or a placeholder (-2 unspecified, -1 create new). */
  clientId: string;
  paymentMode: PaymentMode;
  /** Mantine's date-time value, YYYY-MM-DD HH:mm:ss, Monterrey wall time. */
  date: string;
  printReceipt: boolean;
  items: ReceiptFormItem[];
}

let rowCounter = 0;
const rowKey = () => `row-${++rowCounter}`;

export function emptyReceiptItem(): ReceiptFormItem {
  return { key: rowKey(), isEnabled: true, productId: null, quantity: 1, price: '', needsReview: false };
}

/** SPEC 4: printing defaults to on for Credit. */
export const printDefaultFor = (mode: PaymentMode) => mode === 'Credit';

const toPickerValue = (localTimestamp: string) => localTimestamp.slice(0, 19).replace('T', ' ');

/** The prefill's date as the form's value: a day keeps the current time, an instant is read in Monterrey. */
export function prefillDateValue(date: string | null | undefined, now: number = Date.now()): string {
  const current = businessNowLocalTimestamp(now);
  if (!date) return toPickerValue(current);
  const trimmed = date.trim();
  if (isYmd(trimmed)) return `${trimmed} ${current.slice(11, 19)}`;
  if (isLocalTimestamp(trimmed)) {
    const [day, time = ''] = trimmed.split('T');
    return `${day} ${`${time.slice(0, 8)}:00`.slice(0, 8)}`;
  }
  const instant = dayjs(trimmed);
  if (instant.isValid()) return toPickerValue(instant.tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DDTHH:mm:ss'));
  return toPickerValue(current);
}

export function initialReceiptFormValues(prefill?: ReceiptPrefill | null, now: number = Date.now()): ReceiptFormValues {
  if (!prefill) {
    return {
      clientId: String(CLIENT_UNSPECIFIED),
      paymentMode: 'Cash',
      date: prefillDateValue(null, now),
      printReceipt: printDefaultFor('Cash'),
      items: [emptyReceiptItem()],
    };
  }
  const items = prefill.items.map<ReceiptFormItem>((item) => ({
    key: rowKey(),
    isEnabled: item.isEnabled,
    productId: item.productId !== null && item.productId > 0 ? String(item.productId) : null,
    quantity: Number.isFinite(item.quantity) ? item.quantity : '',
    price: Number.isFinite(item.price) ? item.price : '',
    needsReview: !item.isValid,
  }));
  return {
    clientId: String(prefill.clientId !== null && prefill.clientId > 0 ? prefill.clientId : CLIENT_UNSPECIFIED),
    paymentMode: prefill.paymentMode === 'Credit' ? 'Credit' : 'Cash',
    date: prefillDateValue(prefill.date, now),
    printReceipt: printDefaultFor(prefill.paymentMode),
    items: items.length ? items : [emptyReceiptItem()],
  };
}

const asNumber = (value: number | string): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Price × quantity of a row in centavos, or 0 while the row is incomplete. */
export function lineTotalCents(item: Pick<ReceiptFormItem, 'quantity' | 'price'>): number {
  const quantity = asNumber(item.quantity);
  const price = asNumber(item.price);
  if (quantity === null || price === null || !Number.isInteger(quantity) || quantity <= 0 || price <= 0) return 0;
  return totalsFromCents([{ quantity, priceCents: pesosToCents(price) }], []).totalCents;
}

/** The grand total of the enabled rows, in centavos (integer sums only). */
export function formTotalCents(values: {
  items: ReadonlyArray<Pick<ReceiptFormItem, 'isEnabled' | 'quantity' | 'price'>>;
}): number {
  const items = values.items
    .filter((item) => item.isEnabled && lineTotalCents(item) > 0)
    .map((item) => ({ quantity: item.quantity as number, priceCents: pesosToCents(item.price as number) }));
  return totalsFromCents(items, []).totalCents;
}

export const isRealClient = (clientId: string) => Number(clientId) > 0;

/**
 * SPEC 5 rules over the form, with a message on the field that breaks each. With
 * `knownClientIds`, a chosen client must be one of them (a prefill may name a stale id).
 */
export function receiptFormSchema(knownProductIds: ReadonlySet<number>, knownClientIds?: ReadonlySet<number>) {
  const m = es.receipts.create.errors;
  const item = z.object({
    isEnabled: z.boolean(),
    productId: z.string().nullable(),
    quantity: z.union([z.number(), z.string()]),
    price: z.union([z.number(), z.string()]),
    needsReview: z.boolean(),
  });
  return z
    .object({
      clientId: z.string(),
      paymentMode: z.enum(['Cash', 'Credit']),
      date: z.string(),
      printReceipt: z.boolean(),
      items: z.array(item),
    })
    .superRefine((values, ctx) => {
      if (values.paymentMode === 'Credit' && !isRealClient(values.clientId)) {
        ctx.addIssue({ code: 'custom', path: ['clientId'], message: CREDIT_NEEDS_CLIENT });
      } else if (knownClientIds && isRealClient(values.clientId) && !knownClientIds.has(Number(values.clientId))) {
        ctx.addIssue({ code: 'custom', path: ['clientId'], message: es.receipts.create.clientNotFound });
      }
      if (!isLocalTimestamp(values.date.trim().replace(' ', 'T'))) {
        ctx.addIssue({ code: 'custom', path: ['date'], message: m.date });
      }
      const enabled = values.items.filter((i) => i.isEnabled);
      if (enabled.length === 0) ctx.addIssue({ code: 'custom', path: ['items'], message: m.atLeastOne });
      if (enabled.length > MAX_RECEIPT_ITEMS) {
        ctx.addIssue({
          code: 'custom',
          path: ['items'],
          message: `Máximo ${MAX_RECEIPT_ITEMS} productos por remisión.`,
        });
      }
      values.items.forEach((row, index) => {
        if (!row.isEnabled) return;
        const at = (field: string) => ['items', index, field];
        if (row.productId === null || row.productId === '') {
          ctx.addIssue({ code: 'custom', path: at('productId'), message: m.product });
        } else if (!knownProductIds.has(Number(row.productId))) {
          ctx.addIssue({ code: 'custom', path: at('productId'), message: m.unknownProduct });
        }
        const quantity = asNumber(row.quantity);
        if (quantity === null || !Number.isInteger(quantity) || quantity <= 0 || quantity > MAX_QUANTITY) {
          ctx.addIssue({ code: 'custom', path: at('quantity'), message: m.quantity });
        }
        const price = asNumber(row.price);
        if (price === null || price <= 0 || !hasAtMostTwoDecimals(price)) {
          ctx.addIssue({ code: 'custom', path: at('price'), message: m.price });
        }
        if (row.needsReview) ctx.addIssue({ code: 'custom', path: at('needsReview'), message: m.review });
      });
      if (formTotalCents(values) > MAX_RECEIPT_TOTAL_CENTS) {
        ctx.addIssue({
          code: 'custom',
          path: ['items'],
          message: 'El total de la remisión no puede exceder $10,000,000.00.',
        });
      }
    });
}

/** SPEC 3 create payload: clientId left out when unspecified, only enabled rows, zone-less date. */
export type ReceiptFormBody = CreateReceiptInput & {
  clientId?: number;
  items: Array<{ productId: number; quantity: number; price: number }>;
};

export function toCreateReceiptBody(values: ReceiptFormValues): ReceiptFormBody {
  const clientId = Number(values.clientId);
  return {
    ...(clientId > 0 ? { clientId } : {}),
    paymentMode: values.paymentMode,
    items: values.items
      .filter((item) => item.isEnabled)
      .map((item) => ({
        productId: Number(item.productId),
        quantity: Number(item.quantity),
        price: Number(item.price),
      })),
    date: values.date.trim().replace(' ', 'T').slice(0, 19),
    printReceipt: values.printReceipt,
  };
}

/** SPEC 5 payment amount: at least 1, at most two decimals, and no more than the balance. */
export function paymentAmountError(amount: number | string, balanceCents: number): string | null {
  const t = es.receipts.payment;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 1 || !hasAtMostTwoDecimals(amount)) {
    return t.amountMin;
  }
  if (pesosToCents(amount) > balanceCents) return t.amountMax;
  return null;
}
