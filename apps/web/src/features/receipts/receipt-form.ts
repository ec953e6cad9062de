// The create-receipt form as data: its values, the assistant's prefill, its rules and the payload
// it sends. No React here, so the rules are unit-tested directly.
import {
  addPaymentBodySchema,
  belowPriceFloor,
  belowPriceMessage,
  BUSINESS_TIME_ZONE,
  businessNowLocalTimestamp,
  type CreateReceiptInput,
  createReceiptBodySchema,
  dayjs,
  isBelowPaymentMinimum,
  isLocalTimestamp,
  isYmd,
  PAYMENT_MINIMUM_MESSAGE,
  type LinePrice,
  linePrice,
  lineTotalFromPesos,
  missingPriceMessage,
  type PaymentMethod,
  type PaymentMode,
  type PricedProduct,
  pesosToCents,
  quantityProblem,
  receiptItemInputSchema,
  type ReceiptState,
} from '@mostrador/shared';
import { z } from 'zod';
import { es } from '../../i18n/es';

/** The client select's placeholders: no client given (-2), and create a new one (-1). */
export const CLIENT_UNSPECIFIED = -2;
export const CLIENT_CREATE_NEW = -1;

/** What the voice assistant hands to the create form. */
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
  /** NumberInput values: a number, or '' while empty. An empty price means the product's own. */
  quantity: number | string;
  price: number | string;
  /** Marked by the assistant as not understood: a person must look at it. */
  needsReview: boolean;
}

export interface ReceiptFormValues {
  /** Select value: a client id, or a placeholder (-2 unspecified, -1 create new). */
  clientId: string;
  paymentMode: PaymentMode;
  /** 'Forma de pago' of a Cash sale (Efectivo, Tarjeta, Transferencia); not sent for Credit. */
  paymentMethod: PaymentMethod;
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

/** Printing defaults to on for a credit sale (the client takes a copy of what they owe). */
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
      paymentMethod: 'Efectivo',
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
    paymentMethod: 'Efectivo',
    date: prefillDateValue(prefill.date, now),
    printReceipt: printDefaultFor(prefill.paymentMode),
    items: items.length ? items : [emptyReceiptItem()],
  };
}

const asNumber = (value: number | string): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** What the form needs of a product: its prices and whether it takes fractions. */
export type FormProduct = PricedProduct & { sellsByWeight: boolean };

/**
 * The unit price a row sells at: the typed price, else the product's (its wholesale price from the
 * wholesale quantity up): the shared rule the server applies. Null when there is none yet.
 */
export function rowPrice(
  item: Pick<ReceiptFormItem, 'quantity' | 'price'>,
  product: FormProduct | undefined,
): LinePrice | null {
  const typed = asNumber(item.price);
  if (!product) return typed === null ? null : { price: typed, source: 'typed' };
  return linePrice(product, asNumber(item.quantity) ?? 0, typed);
}

/** Price × quantity of a row in centavos, or 0 while the row does not meet the item rules yet. */
export function lineTotalCents(item: Pick<ReceiptFormItem, 'quantity' | 'price'>, product?: FormProduct): number {
  const quantity = receiptItemInputSchema.shape.quantity.safeParse(item.quantity);
  const used = rowPrice(item, product);
  const price = receiptItemInputSchema.shape.price.safeParse(used?.price);
  if (!quantity.success || !price.success || price.data == null) return 0;
  return lineTotalFromPesos(price.data, quantity.data);
}

/** The grand total of the enabled rows, in centavos (integer sums only). */
export function formTotalCents(
  values: { items: ReadonlyArray<Pick<ReceiptFormItem, 'isEnabled' | 'productId' | 'quantity' | 'price'>> },
  products: ReadonlyMap<number, FormProduct> = new Map(),
): number {
  return values.items.reduce(
    (sum, item) => (item.isEnabled ? sum + lineTotalCents(item, products.get(Number(item.productId))) : sum),
    0,
  );
}

export const isRealClient = (clientId: string) => Number(clientId) > 0;

/**
 * The form's rules: the shared create-receipt contract (the rules and messages the server
 * applies) run over the body the form would send, plus what needs the catalogue or only the form
 * knows: a product picked from it, whole quantities for a product sold by the piece, a price when
 * the product has none, no price below the product's when `mayPriceBelow` is false (the form
 * leaves it true: a Seller's lower price is sent, and the server asks for a supervisor), a
 * client still in the list (`knownClientIds`; a prefill may name a stale id) and the lines the
 * assistant flagged. The form's own checks come first, so a field with two problems shows the one
 * about the form.
 */
export function receiptFormSchema(
  products: ReadonlyMap<number, FormProduct & { name: string }>,
  knownClientIds?: ReadonlySet<number>,
  { mayPriceBelow = true }: { mayPriceBelow?: boolean } = {},
) {
  const m = es.receipts.create.errors;
  return z.custom<ReceiptFormValues>().superRefine((values, ctx) => {
    const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (knownClientIds && isRealClient(values.clientId) && !knownClientIds.has(Number(values.clientId))) {
      issue(['clientId'], es.receipts.create.clientNotFound);
    }
    // The body holds the enabled rows only: its item n is the form's row enabledRows[n].
    const enabledRows = values.items.flatMap((item, index) => (item.isEnabled ? [index] : []));
    for (const index of enabledRows) {
      const row = values.items[index]!;
      const product = row.productId ? products.get(Number(row.productId)) : undefined;
      if (!row.productId) issue(['items', index, 'productId'], m.product);
      else if (!product) issue(['items', index, 'productId'], m.unknownProduct);
      if (row.needsReview) issue(['items', index, 'needsReview'], m.review);
      if (!product) continue;
      const quantity = asNumber(row.quantity);
      const fraction = quantity !== null && quantity > 0 ? quantityProblem(product, quantity) : null;
      if (fraction) issue(['items', index, 'quantity'], fraction);
      if (!rowPrice(row, product)) issue(['items', index, 'price'], missingPriceMessage(product.name));
      const floor = mayPriceBelow ? null : belowPriceFloor(product, quantity ?? 0, asNumber(row.price));
      if (floor !== null) issue(['items', index, 'price'], belowPriceMessage(product.name, floor));
    }
    const contract = createReceiptBodySchema.safeParse(toCreateReceiptBody(values));
    for (const { path, message } of contract.error?.issues ?? []) {
      const [field, position, ...rest] = path;
      const isRow = field === 'items' && typeof position === 'number';
      issue(isRow ? ['items', enabledRows[position]!, ...rest] : path, message);
    }
  });
}

/**
 * The create payload: clientId left out when unspecified, only enabled rows (a price only where
 * one was typed: the server prices the others), zone-less date.
 */
export type ReceiptFormBody = CreateReceiptInput & {
  clientId?: number;
  items: Array<{ productId: number; quantity: number; price?: number }>;
};

/**
 * `datedNow`: the sale is dated at the moment it is sent, whatever the form holds (a Seller's
 * sale; choosing another date is for Admin and Manager, canChooseSaleDate).
 */
export function toCreateReceiptBody(
  values: ReceiptFormValues,
  { datedNow = false, now = Date.now() }: { datedNow?: boolean; now?: number } = {},
): ReceiptFormBody {
  const clientId = Number(values.clientId);
  return {
    ...(clientId > 0 ? { clientId } : {}),
    paymentMode: values.paymentMode,
    ...(values.paymentMode === 'Cash' ? { paymentMethod: values.paymentMethod } : {}),
    items: values.items
      .filter((item) => item.isEnabled)
      .map((item) => {
        const price = asNumber(item.price);
        return {
          productId: Number(item.productId),
          // An empty or half-typed number is 0 here, which the item rules refuse with their message.
          quantity: asNumber(item.quantity) ?? 0,
          ...(price === null ? {} : { price }),
        };
      }),
    date: datedNow ? businessNowLocalTimestamp(now) : values.date.trim().replace(' ', 'T').slice(0, 19),
    printReceipt: values.printReceipt,
  };
}

/** A manual payment: the shared amount rule (at least 1, two decimals at most), and no more than the balance. */
export function paymentAmountError(amount: number | string, balanceCents: number): string | null {
  const parsed = addPaymentBodySchema.shape.amount.safeParse(asNumber(amount) ?? 0);
  if (!parsed.success) return parsed.error.issues[0]!.message;
  const amountCents = pesosToCents(parsed.data);
  if (isBelowPaymentMinimum(amountCents, balanceCents)) return PAYMENT_MINIMUM_MESSAGE;
  if (amountCents > balanceCents) return es.receipts.payment.amountMax;
  return null;
}
