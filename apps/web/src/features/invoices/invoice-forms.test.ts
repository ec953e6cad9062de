import {
  INVOICE_MESSAGES,
  invoiceCancelBodySchema,
  invoiceCreateBodySchema,
  invoiceGlobalBodySchema,
  invoiceReceiverSchema,
} from '@mostrador/shared';
import { describe, expect, it } from 'vitest';
import {
  cancelBodyOf,
  createBodyOf,
  globalBodyOf,
  hasFiscalData,
  invoiceTotals,
  receiverOf,
  receiverValuesOf,
} from './invoice-forms';

const typed = {
  rfc: 'xaxx010101000',
  legalName: 'publico en general',
  taxRegime: '616',
  taxZipCode: '64000',
  invoiceEmail: '',
};
const person = {
  rfc: 'GODE561231GR8',
  legalName: 'Emilio González Díaz',
  taxRegime: '612',
  taxZipCode: '64000',
  invoiceEmail: '  Emilio@Example.com ',
};

const messagesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe("the client's saved fiscal data", () => {
  it('is enough with RFC, razón social, régimen and C.P. (the uso defaults to G03)', () => {
    const client = { ...person, cfdiUse: null, invoiceEmail: null };
    expect(hasFiscalData(client)).toBe(true);
    expect(hasFiscalData({ ...client, taxZipCode: null })).toBe(false);
    expect(hasFiscalData(null)).toBe(false);
  });

  it('prefills the typed receiver with what the client has, blanks for the rest', () => {
    expect(
      receiverValuesOf({
        rfc: 'GODE561231GR8',
        legalName: null,
        taxRegime: null,
        taxZipCode: null,
        cfdiUse: null,
        invoiceEmail: null,
      }),
    ).toEqual({ rfc: 'GODE561231GR8', legalName: '', taxRegime: null, taxZipCode: '', invoiceEmail: '' });
  });
});

describe("'Facturar' → POST /invoice/create", () => {
  it("sends only the receipts and the client when the client's data and the defaults are used", () => {
    const body = createBodyOf({ receiptIds: [4, 9], clientId: 3, receiver: null, cfdiUse: null, paymentForm: null });
    expect(body).toEqual({ receiptIds: [4, 9], clientId: 3 });
    expect(invoiceCreateBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends the typed receiver (with the chosen uso, saved too) and the overrides', () => {
    const body = createBodyOf({ receiptIds: [4], clientId: 3, receiver: person, cfdiUse: 'G01', paymentForm: '04' });
    expect(body).toEqual({
      receiptIds: [4],
      clientId: 3,
      receiver: { ...person, invoiceEmail: 'Emilio@Example.com', cfdiUse: 'G01' },
      cfdiUse: 'G01',
      paymentForm: '04',
    });
    const parsed = invoiceCreateBodySchema.parse(body);
    expect(parsed.receiver).toMatchObject({ legalName: 'EMILIO GONZÁLEZ DÍAZ', invoiceEmail: 'emilio@example.com' });
  });

  it('leaves out a blank e-mail and the client of a receipt without one', () => {
    const body = createBodyOf({ receiptIds: [4], clientId: null, receiver: typed, cfdiUse: null, paymentForm: null });
    expect(body).toEqual({
      receiptIds: [4],
      receiver: { rfc: 'xaxx010101000', legalName: 'publico en general', taxRegime: '616', taxZipCode: '64000' },
    });
    expect(invoiceCreateBodySchema.safeParse(body).success).toBe(true);
  });

  it("shows the shared schema's messages for a receiver typed wrong", () => {
    const result = invoiceReceiverSchema.safeParse(
      receiverOf({ rfc: 'GODE561231GR8', legalName: ' ', taxRegime: '601', taxZipCode: '640', invoiceEmail: '' }, null),
    );
    const fields = messagesOf(result).map(([path]) => path);
    expect(fields).toEqual(expect.arrayContaining(['legalName', 'taxZipCode', 'taxRegime']));
    // 601 is a persona moral's régimen: a 13-character RFC may not take it.
    expect(messagesOf(invoiceReceiverSchema.safeParse(receiverOf({ ...person, taxRegime: '601' }, null)))).toEqual([
      ['taxRegime', expect.any(String)],
    ]);
  });

  it('sends a Select left empty as a blank régimen, which the schema names', () => {
    const receiver = receiverOf({ ...person, taxRegime: null }, null);
    expect(receiver.taxRegime).toBe('');
    expect(messagesOf(invoiceReceiverSchema.safeParse(receiver)).map(([path]) => path)).toContain('taxRegime');
  });
});

describe("'Cancelar' → POST /invoice/cancel", () => {
  const UUID = '6f0a2b1c-1234-4abc-9def-0123456789ab';

  it('asks for the motive', () => {
    expect(
      messagesOf(invoiceCancelBodySchema.safeParse(cancelBodyOf(7, { motive: null, replacementUuid: '' }))),
    ).toEqual([['motive', INVOICE_MESSAGES.motive]]);
  });

  it("asks for the substitute's UUID with motive 01, and sends it upper case", () => {
    expect(
      messagesOf(invoiceCancelBodySchema.safeParse(cancelBodyOf(7, { motive: '01', replacementUuid: ' ' }))),
    ).toEqual([['replacementUuid', INVOICE_MESSAGES.replacementUuid]]);
    expect(
      messagesOf(invoiceCancelBodySchema.safeParse(cancelBodyOf(7, { motive: '01', replacementUuid: '123' }))),
    ).toEqual([['replacementUuid', INVOICE_MESSAGES.uuid]]);
    expect(invoiceCancelBodySchema.parse(cancelBodyOf(7, { motive: '01', replacementUuid: ` ${UUID} ` }))).toEqual({
      id: 7,
      motive: '01',
      replacementUuid: UUID.toUpperCase(),
    });
  });

  it('drops a UUID typed before the motive changed from 01', () => {
    expect(cancelBodyOf(7, { motive: '02', replacementUuid: UUID })).toEqual({ id: 7, motive: '02' });
  });
});

describe("'Emitir factura global' by hand → POST /invoice/global", () => {
  it('sends the days and the periodicity', () => {
    const body = globalBodyOf({ from: '2026-11-23', to: '2026-11-29', periodicity: '02' });
    expect(invoiceGlobalBodySchema.parse(body)).toEqual({ from: '2026-11-23', to: '2026-11-29', periodicity: '02' });
  });

  it('names what is missing or out of order', () => {
    expect(
      messagesOf(invoiceGlobalBodySchema.safeParse(globalBodyOf({ from: null, to: '2026-11-29', periodicity: null }))),
    ).toEqual([
      ['from', INVOICE_MESSAGES.dayFormat],
      ['periodicity', INVOICE_MESSAGES.periodicity],
    ]);
    expect(
      messagesOf(
        invoiceGlobalBodySchema.safeParse(globalBodyOf({ from: '2026-11-30', to: '2026-11-29', periodicity: '01' })),
      ),
    ).toEqual([['to', INVOICE_MESSAGES.dateOrder]]);
  });
});

describe("the dialog's totals", () => {
  it('adds the receipts in centavos, exactly', () => {
    const receipt = (total: number, returned = 0) => ({
      subtotal: 86.21,
      ieps: 0,
      iva: 13.79,
      total,
      returned,
      netTotal: Math.round((total - returned) * 100) / 100,
    });
    expect(invoiceTotals([receipt(100), receipt(100), receipt(100, 33.3)])).toEqual({
      subtotal: 25863,
      ieps: 0,
      iva: 4137,
      total: 30000,
      returned: 3330,
      net: 26670,
    });
    expect(invoiceTotals([{ subtotal: 0.1, ieps: 0.2, iva: 0.1, total: 0.4, returned: 0, netTotal: 0.4 }])).toEqual({
      subtotal: 10,
      ieps: 20,
      iva: 10,
      total: 40,
      returned: 0,
      net: 40,
    });
  });
});
