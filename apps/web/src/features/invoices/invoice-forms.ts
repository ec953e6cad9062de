import {
  type Client,
  type GlobalPeriodicity,
  type InvoiceCancelBody,
  type InvoiceCreateInput,
  type InvoiceGlobalBody,
  type InvoiceReceiverInput,
  pesosToCents,
  type Receipt,
} from '@mostrador/shared';

// The invoicing forms' values and the bodies they send, apart from React (unit-tested).

type ClientFiscal = Pick<Client, 'rfc' | 'legalName' | 'taxRegime' | 'taxZipCode' | 'cfdiUse' | 'invoiceEmail'>;

/** Whether the client's saved fiscal data is enough to invoice them (the uso de CFDI defaults to G03). */
export function hasFiscalData(client: ClientFiscal | null | undefined): client is ClientFiscal & {
  rfc: string;
  legalName: string;
  taxRegime: string;
  taxZipCode: string;
} {
  return Boolean(client?.rfc && client.legalName && client.taxRegime && client.taxZipCode);
}

/** The receiver typed on the spot, as its form holds it (a Select's empty value is null). */
export interface ReceiverValues {
  rfc: string;
  legalName: string;
  taxRegime: string | null;
  taxZipCode: string;
  invoiceEmail: string;
}

/** The form starts from what the client already has, if anything. */
export function receiverValuesOf(client: ClientFiscal | null | undefined): ReceiverValues {
  return {
    rfc: client?.rfc ?? '',
    legalName: client?.legalName ?? '',
    taxRegime: client?.taxRegime ?? null,
    taxZipCode: client?.taxZipCode ?? '',
    invoiceEmail: client?.invoiceEmail ?? '',
  };
}

/** The receiver as invoiceReceiverSchema takes it: a blank e-mail is left out; the use goes along (saved too). */
export function receiverOf(values: ReceiverValues, cfdiUse: string | null): InvoiceReceiverInput {
  const email = values.invoiceEmail.trim();
  return {
    rfc: values.rfc,
    legalName: values.legalName,
    taxRegime: values.taxRegime ?? '',
    taxZipCode: values.taxZipCode,
    ...(cfdiUse ? { cfdiUse } : {}),
    ...(email ? { invoiceEmail: email } : {}),
  };
}

export interface InvoiceChoice {
  receiptIds: number[];
  clientId: number | null;
  /** Null when the client's saved fiscal data is used. */
  receiver: ReceiverValues | null;
  /** Null: the client's (or G03). */
  cfdiUse: string | null;
  /** Null: from the receipts' payments (PUE), or 99 with a balance (PPD). */
  paymentForm: string | null;
}

/** POST /invoice/create's body: only what the user chose, so the server's defaults apply to the rest. */
export function createBodyOf(choice: InvoiceChoice): InvoiceCreateInput {
  return {
    receiptIds: choice.receiptIds,
    ...(choice.clientId !== null ? { clientId: choice.clientId } : {}),
    ...(choice.receiver ? { receiver: receiverOf(choice.receiver, choice.cfdiUse) } : {}),
    ...(choice.cfdiUse ? { cfdiUse: choice.cfdiUse } : {}),
    ...(choice.paymentForm ? { paymentForm: choice.paymentForm } : {}),
  };
}

export interface CancelValues {
  motive: string | null;
  replacementUuid: string;
}

/** POST /invoice/cancel's body: the substitute's UUID only goes with motive 01, which needs it. */
export function cancelBodyOf(id: number, values: CancelValues): Partial<InvoiceCancelBody> & { id: number } {
  const uuid = values.replacementUuid.trim();
  return {
    id,
    ...(values.motive ? { motive: values.motive as InvoiceCancelBody['motive'] } : {}),
    ...(values.motive === '01' && uuid ? { replacementUuid: uuid } : {}),
  };
}

export interface GlobalValues {
  from: string | null;
  to: string | null;
  periodicity: string | null;
}

/** POST /invoice/global's body (the schema names what is missing). */
export function globalBodyOf(values: GlobalValues): Partial<InvoiceGlobalBody> {
  return {
    ...(values.from ? { from: values.from.slice(0, 10) } : {}),
    ...(values.to ? { to: values.to.slice(0, 10) } : {}),
    ...(values.periodicity ? { periodicity: values.periodicity as GlobalPeriodicity } : {}),
  };
}

export interface InvoiceTotals {
  subtotal: number;
  ieps: number;
  iva: number;
  total: number;
  /** What returns took back: the invoice covers what was kept. */
  returned: number;
  net: number;
}

/** The chosen receipts' figures, in centavos (added as centavos: pesos would drift). */
export function invoiceTotals(
  receipts: readonly Pick<Receipt, 'subtotal' | 'ieps' | 'iva' | 'total' | 'returned' | 'netTotal'>[],
): InvoiceTotals {
  const sum = (pick: (receipt: (typeof receipts)[number]) => number) =>
    receipts.reduce((cents, receipt) => cents + pesosToCents(pick(receipt)), 0);
  return {
    subtotal: sum((r) => r.subtotal),
    ieps: sum((r) => r.ieps),
    iva: sum((r) => r.iva),
    total: sum((r) => r.total),
    returned: sum((r) => r.returned),
    net: sum((r) => r.netTotal),
  };
}
