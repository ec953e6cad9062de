import { businessToday, dayjs, type InvoiceSummary, type Receipt, type Statement } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { satFile, schemaProblems, transform } from '../scripts/fake-pac/sat-tools.js';
import { verifySello } from '../src/modules/invoicing/cfdi/index.js';
import { seedPayment } from './helpers/factories.js';
import { pdfText } from './helpers/pdf.js';
import {
  elements,
  fiscalClient,
  type InvoicingApp,
  invoiceOf,
  invoiceRow,
  invoicingApp,
  sell,
  taxedProduct,
} from './helpers/invoicing.js';

// Complementos de pago (issue 35 part 1, decision 097) through the real API and the fake PAC:
// an abono over three PPD invoices, a second one (parcialidad 2), each XML against the SAT's
// schema with the Pagos 2.0 complemento, its seal over the XSLT's cadena and its saldos and
// proportional taxes recomputed here; a cancelled payment; the PAC down; what issues nothing.

let s: InvoicingApp;
let soap: { id: number };
let chips: { id: number };

beforeAll(async () => {
  s = await invoicingApp();
  soap = await taxedProduct(s.t, 'Jabón', 17.5, { ivaRate: '16' });
  chips = await taxedProduct(s.t, 'Papas', 10, { ivaRate: '16', iepsRatePpm: 80_000 });
}, 60_000);
afterAll(() => s.close());

const complements = () =>
  s.t.testDb.database.db.selectFrom('invoices').selectAll().where('kind', '=', 'payment').orderBy('id').execute();

const post = async (url: string, payload: object) => {
  const response = await s.t.injectAs('Manager', { method: 'POST', url: `/api/${url}`, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** A PPD invoice of one credit sale. */
async function ppdInvoice(clientId: number, items: Array<{ productId: number; quantity: number }>) {
  const receipt: Receipt = await sell(s.t, items, { clientId, mode: 'Credit' });
  const invoice = await invoiceOf(s.t, { receiptIds: [receipt.id] });
  expect(invoice.paymentMethod).toBe('PPD');
  const row = await invoiceRow(s.t, invoice.id);
  return { receipt, invoice, row };
}

const get = async (url: string) => {
  const response = await s.t.injectAs('Manager', { method: 'GET', url: `/api/${url}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const cents = (text: string | undefined) => Math.round(Number(text ?? '0') * 100);
const pesos = (value: number) => (value / 100).toFixed(2);

/**
 * What a stamped complemento must be: valid against the CFDI schema with the Pagos 2.0 and TFD
 * schemas, sealed over the SAT's XSLT cadena (which includes Pagos20.xslt; the server computes it
 * in TS, so the seal proves them identical), the comprobante P's fixed values.
 */
async function expectValidComplement(stamped: string, app: InvoicingApp = s) {
  expect(await schemaProblems(satFile('stampedSchema'), stamped)).toEqual([]);
  const sealed = stamped.replace(/<tfd:TimbreFiscalDigital[^>]*\/>/, '');
  const comprobante = elements(sealed, 'cfdi:Comprobante')[0]!;
  const cadena = await transform(satFile('cfdiCadena'), sealed);
  expect(cadena).toContain('|2.0|');
  expect(verifySello(cadena, comprobante.Sello!, app.certificate)).toBe(true);
  expect(comprobante).toMatchObject({
    SubTotal: '0',
    Total: '0',
    Moneda: 'XXX',
    TipoDeComprobante: 'P',
    Exportacion: '01',
  });
  expect(comprobante.MetodoPago).toBeUndefined();
  expect(comprobante.FormaPago).toBeUndefined();
  expect(elements(sealed, 'cfdi:Concepto')).toEqual([
    {
      ClaveProdServ: '84111506',
      Cantidad: '1',
      ClaveUnidad: 'ACT',
      Descripcion: 'Pago',
      ValorUnitario: '0',
      Importe: '0',
      ObjetoImp: '01',
    },
  ]);
  expect(elements(sealed, 'cfdi:Receptor')[0]!.UsoCFDI).toBe('CP01');
  return sealed;
}

/** The invoice's tax summary in proportion to `paid` (decision 097's rule), recomputed here. */
function expectedTaxes(invoiceXml: string, paid: number) {
  const summary = invoiceXml.slice(invoiceXml.lastIndexOf('</cfdi:Conceptos>'));
  const total = cents(elements(invoiceXml, 'cfdi:Comprobante')[0]!.Total);
  return elements(summary, 'cfdi:Traslado').map((t) => {
    const base = Math.round((cents(t.Base) * paid) / total);
    const importe =
      t.TipoFactor === 'Tasa' ? Math.round(base * Number(t.TasaOCuota)) : Math.round((cents(t.Importe) * paid) / total);
    return {
      BaseDR: pesos(base),
      ImpuestoDR: t.Impuesto,
      TipoFactorDR: t.TipoFactor,
      TasaOCuotaDR: t.TasaOCuota,
      ImporteDR: pesos(importe),
    };
  });
}

describe('one abono over three PPD invoices, then a second one', () => {
  let invoices: Awaited<ReturnType<typeof ppdInvoice>>[];
  let firstXml: string;
  let client: { id: number };

  beforeAll(async () => {
    client = await fiscalClient(s.t);
    invoices = [
      await ppdInvoice(client.id, [{ productId: soap.id, quantity: 3 }]), // 52.50
      await ppdInvoice(client.id, [{ productId: soap.id, quantity: 2 }]), // 35.00
      await ppdInvoice(client.id, [{ productId: chips.id, quantity: 3 }]), // 30.00
    ];
    await post('client/addPayment', { clientId: client.id, amount: 100, method: 'Transferencia' });
  }, 60_000);

  it('issues one complemento with a DoctoRelacionado per invoice, exact to the centavo', async () => {
    const [complement] = await complements();
    expect(complement).toMatchObject({ status: 'stamped', series: 'P', paymentForm: '03', cfdiUse: 'CP01' });
    expect(Number(complement!.folio)).toBe(1);
    firstXml = await expectValidComplement(complement!.stampedXml!);
    const [pago] = elements(firstXml, 'pago20:Pago');
    expect(pago).toMatchObject({ FormaDePagoP: '03', MonedaP: 'MXN', TipoCambioP: '1', Monto: '100.00' });
    const doctos = elements(firstXml, 'pago20:DoctoRelacionado');
    expect(doctos).toEqual([
      {
        IdDocumento: invoices[0]!.row.uuid,
        Serie: 'A',
        Folio: String(invoices[0]!.row.folio),
        MonedaDR: 'MXN',
        EquivalenciaDR: '1',
        NumParcialidad: '1',
        ImpSaldoAnt: '52.50',
        ImpPagado: '52.50',
        ImpSaldoInsoluto: '0.00',
        ObjetoImpDR: '02',
      },
      expect.objectContaining({
        NumParcialidad: '1',
        ImpSaldoAnt: '35.00',
        ImpPagado: '35.00',
        ImpSaldoInsoluto: '0.00',
      }),
      expect.objectContaining({
        NumParcialidad: '1',
        ImpSaldoAnt: '30.00',
        ImpPagado: '12.50',
        ImpSaldoInsoluto: '17.50',
      }),
    ]);
    expect(elements(firstXml, 'pago20:Totales')[0]!.MontoTotalPagos).toBe('100.00');
  });

  it('carries each invoice’s taxes in proportion to what was paid, summed in ImpuestosP and Totales', async () => {
    const blocks = [...firstXml.matchAll(/<pago20:DoctoRelacionado[\s\S]*?<\/pago20:DoctoRelacionado>/g)].map(
      ([block]) => block,
    );
    const paid = [5250, 3500, 1250];
    const expected = blocks.map((block, index) => {
      const want = expectedTaxes(invoices[index]!.row.stampedXml!, paid[index]!);
      expect(elements(block, 'pago20:TrasladoDR')).toEqual(want);
      return want;
    });
    const iva16 = expected.flat().filter((t) => t.ImpuestoDR === '002' && t.TasaOCuotaDR === '0.160000');
    const base16 = iva16.reduce((sum, t) => sum + cents(t.BaseDR), 0);
    const tax16 = iva16.reduce((sum, t) => sum + cents(t.ImporteDR), 0);
    // 52.50 of soap: 45.26 + 7.24; all of it paid.
    expect(expected[0]).toEqual([
      { BaseDR: '45.26', ImpuestoDR: '002', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.160000', ImporteDR: '7.24' },
    ]);
    expect(elements(firstXml, 'pago20:Totales')[0]).toMatchObject({
      TotalTrasladosBaseIVA16: pesos(base16),
      TotalTrasladosImpuestoIVA16: pesos(tax16),
    });
    const trasladosP = elements(firstXml, 'pago20:TrasladoP');
    expect(trasladosP.find((t) => t.ImpuestoP === '002')).toEqual({
      BaseP: pesos(base16),
      ImpuestoP: '002',
      TipoFactorP: 'Tasa',
      TasaOCuotaP: '0.160000',
      ImporteP: pesos(tax16),
    });
    expect(trasladosP.find((t) => t.ImpuestoP === '003')).toEqual({
      BaseP: expected[2]!.find((t) => t.ImpuestoDR === '003')!.BaseDR,
      ImpuestoP: '003',
      TipoFactorP: 'Tasa',
      TasaOCuotaP: '0.080000',
      ImporteP: expected[2]!.find((t) => t.ImpuestoDR === '003')!.ImporteDR,
    });
  });

  it('a second abono is parcialidad 2 of the invoice still owed, from its saldo', async () => {
    const receipt = invoices[2]!.receipt;
    await post('receipt/addPayment', { receiptId: receipt.id, amount: 10, method: 'Efectivo' });
    const [, second] = await complements();
    expect(second).toMatchObject({ status: 'stamped', series: 'P', paymentForm: '01' });
    expect(Number(second!.folio)).toBe(2);
    const xml = await expectValidComplement(second!.stampedXml!);
    expect(elements(xml, 'pago20:Pago')[0]).toMatchObject({ FormaDePagoP: '01', Monto: '10.00' });
    expect(elements(xml, 'pago20:DoctoRelacionado')).toEqual([
      expect.objectContaining({
        IdDocumento: invoices[2]!.row.uuid,
        NumParcialidad: '2',
        ImpSaldoAnt: '17.50',
        ImpPagado: '10.00',
        ImpSaldoInsoluto: '7.50',
      }),
    ]);
    expect(elements(xml, 'pago20:TrasladoDR')).toEqual(expectedTaxes(invoices[2]!.row.stampedXml!, 1000));
  });

  it('is downloadable as XML and PDF (a Pagos section) and listed as kind payment', async () => {
    const [first] = await complements();
    const xml = await s.t.injectAs('Manager', { method: 'GET', url: `/api/invoice/xml/${first!.id}` });
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.body).toBe(first!.stampedXml);
    for (const format of ['letter', '80mm']) {
      const response = await s.t.injectAs('Manager', {
        method: 'GET',
        url: `/api/invoice/pdf/${first!.id}?format=${format}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain('Complemento de pago P-1');
      expect(text).toContain(first!.uuid!);
      expect(text).toContain('03 - Transferencia');
      expect(text).toContain('$100.00');
      expect(text.replace(/ /g, '')).toContain(invoices[2]!.row.uuid!);
      expect(text).toContain('Parcialidad');
      expect(text).toContain('$17.50');
    }
    const list = await s.t.injectAs('Manager', { method: 'GET', url: '/api/invoice/list' });
    expect(list.json<InvoiceSummary[]>().filter((invoice) => invoice.kind === 'payment').length).toBe(2);
  });

  it('lists its complementos on the client’s statement', async () => {
    const response = await s.t.injectAs('Manager', { method: 'GET', url: `/api/client/statement/${client.id}` });
    expect(response.statusCode, response.body).toBe(200);
    const [first, second] = await complements();
    expect(response.json<Statement>().paymentComplements).toEqual([
      { id: first!.id, number: 'P-1', uuid: first!.uuid, date: expect.any(String), amount: 100, status: 'stamped' },
      { id: second!.id, number: 'P-2', uuid: second!.uuid, date: expect.any(String), amount: 10, status: 'stamped' },
    ]);
  });

  it('cancelling that payment cancels its complemento with motive 02', async () => {
    const cancelsBefore = s.fake.calls().cancel;
    const [, second] = await complements();
    const [link] = await s.t.testDb.database.db
      .selectFrom('paymentComplementPayments')
      .select('paymentId')
      .where('invoiceId', '=', second!.id)
      .execute();
    await post('receipt/cancelPayment', { paymentId: link!.paymentId });
    expect(s.fake.calls().cancel).toBe(cancelsBefore + 1);
    expect(await invoiceRow(s.t, second!.id)).toMatchObject({ status: 'cancelled', cancelMotive: '02' });
    // Its parcialidad no longer counts: the next abono is parcialidad 2 again, from 17.50.
    await post('receipt/addPayment', { receiptId: invoices[2]!.receipt.id, amount: 7.5, method: 'Tarjeta' });
    const third = (await complements()).at(-1)!;
    expect(third).toMatchObject({ status: 'stamped', paymentForm: '04' });
    const xml = await expectValidComplement(third.stampedXml!);
    expect(elements(xml, 'pago20:DoctoRelacionado')[0]).toMatchObject({
      NumParcialidad: '2',
      ImpSaldoAnt: '17.50',
      ImpPagado: '7.50',
      ImpSaldoInsoluto: '10.00',
    });
  });
});

describe('the PAC down when the abono is taken', () => {
  it('takes the abono; the complemento waits pending and the background job stamps it', async () => {
    const client = await fiscalClient(s.t);
    const { receipt } = await ppdInvoice(client.id, [{ productId: soap.id, quantity: 2 }]);
    const before = (await complements()).length;
    // Down for the abono's two attempts and the job's next two.
    s.fake.downFor(4);
    const paid = await post('receipt/addPayment', { receiptId: receipt.id, amount: 20, method: 'Efectivo' });
    expect(paid.balance).toBe(15);
    const pending = (await complements()).at(-1)!;
    expect((await complements()).length).toBe(before + 1);
    expect(pending).toMatchObject({ status: 'pending', uuid: null });
    // The dashboard's figure: one abono still without its stamped complemento, due the 5th of next month.
    const due = dayjs(businessToday()).startOf('month').add(1, 'month').date(5).format('YYYY-MM-DD');
    const daysLeft = dayjs(due).diff(dayjs(businessToday()), 'day');
    expect(await get('invoice/pendingComplements')).toEqual({ payments: 1, amount: 20, dueDate: due, daysLeft });
    await expect
      .poll(async () => (await invoiceRow(s.t, pending.id)).status, { timeout: 10_000, interval: 100 })
      .toBe('stamped');
    expect(await get('invoice/pendingComplements')).toEqual({ payments: 0, amount: 0, dueDate: null, daysLeft: null });
    const xml = await expectValidComplement((await invoiceRow(s.t, pending.id)).stampedXml!);
    expect(elements(xml, 'pago20:DoctoRelacionado')[0]).toMatchObject({
      NumParcialidad: '1',
      ImpSaldoAnt: '35.00',
      ImpPagado: '20.00',
      ImpSaldoInsoluto: '15.00',
    });
  });
});

describe('abonos that issue nothing', () => {
  it('on a receipt not invoiced, or in a PUE invoice', async () => {
    const client = await fiscalClient(s.t);
    const before = (await complements()).length;
    const loose = await sell(s.t, [{ productId: soap.id, quantity: 1 }], { clientId: client.id, mode: 'Credit' });
    await post('receipt/addPayment', { receiptId: loose.id, amount: 5 });
    // Paid at the till: PUE. Its payment cancelled and taken again is still no complemento's.
    const cash = await sell(s.t, [{ productId: soap.id, quantity: 1 }], { clientId: client.id, method: 'Efectivo' });
    const invoice = await invoiceOf(s.t, { receiptIds: [cash.id] });
    expect(invoice.paymentMethod).toBe('PUE');
    const detail = await s.t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${cash.id}` });
    const paymentId = detail.json<Receipt>().payments[0]!.id;
    await post('receipt/cancelPayment', { paymentId });
    await post('receipt/addPayment', { receiptId: cash.id, amount: 17.5 });
    await s.t.app.services.invoicing.retryDue();
    expect((await complements()).length).toBe(before);
  });
});

describe('a payment cancelled while its complemento cannot be cancelled', () => {
  it('stands cancelled; the background job cancels the complemento (motive 02) once the PAC answers', async () => {
    const client = await fiscalClient(s.t);
    const { receipt } = await ppdInvoice(client.id, [{ productId: soap.id, quantity: 1 }]);
    await post('receipt/addPayment', { receiptId: receipt.id, amount: 10, method: 'Efectivo' });
    const complement = (await complements()).at(-1)!;
    expect(complement.status).toBe('stamped');
    const [link] = await s.t.testDb.database.db
      .selectFrom('paymentComplementPayments')
      .select('paymentId')
      .where('invoiceId', '=', complement.id)
      .execute();
    const cancelsBefore = s.fake.calls().cancel;
    s.fake.refuseNext('CA999 - Servicio de cancelación no disponible.');
    const answer = await post('receipt/cancelPayment', { paymentId: link!.paymentId });
    expect(answer.balance).toBe(17.5);
    await expect
      .poll(async () => (await invoiceRow(s.t, complement.id)).status, { timeout: 10_000, interval: 100 })
      .toBe('cancelled');
    expect((await invoiceRow(s.t, complement.id)).cancelMotive).toBe('02');
    // The refused cancellation, then the job's.
    expect(s.fake.calls().cancel).toBe(cancelsBefore + 2);
  });
});

describe('one abono, several processes', () => {
  it('is stated by one complemento only, however many issue it at once', async () => {
    const client = await fiscalClient(s.t);
    const { receipt } = await ppdInvoice(client.id, [{ productId: soap.id, quantity: 1 }]);
    // Written straight to the database: the abono's own request would issue it first.
    const db = s.t.testDb.database.db;
    const owner = await db
      .selectFrom('receipts')
      .select('userId')
      .where('id', '=', receipt.id)
      .executeTakeFirstOrThrow();
    await seedPayment(db, receipt.id, owner.userId, { amountCents: 500 });
    const before = (await complements()).length;
    const errors: unknown[] = [];
    const log = { error: (entry: { err: unknown }) => void errors.push(entry.err) };
    await Promise.all(Array.from({ length: 5 }, () => s.t.app.services.invoicing.afterPayments([receipt.id], log)));
    expect(errors).toEqual([]);
    const issued = (await complements()).slice(before);
    expect(issued).toHaveLength(1);
    expect(issued[0]!.status).toBe('stamped');
    const links = await db
      .selectFrom('paymentComplementPayments')
      .selectAll()
      .where('invoiceId', '=', issued[0]!.id)
      .execute();
    expect(links).toHaveLength(1);
  });
});

describe('a return before the abono (nota de crédito)', () => {
  /** A PPD credit sale of two jabones (35.00) and the return of one: a nota de crédito of 17.50, FormaPago 15. */
  async function returnedOne() {
    const client = await fiscalClient(s.t);
    const sale = await ppdInvoice(client.id, [{ productId: soap.id, quantity: 2 }]);
    const back = await s.t.injectAs('Manager', {
      method: 'POST',
      url: '/api/receipt/return',
      payload: {
        receiptId: sale.receipt.id,
        items: [{ itemId: sale.receipt.items[0]!.id, quantity: 1 }],
        reason: 'No le gustó',
      },
    });
    expect(back.statusCode, back.body).toBe(201);
    const note = await s.t.testDb.database.db
      .selectFrom('creditNotes as n')
      .innerJoin('invoices as i', 'i.id', 'n.invoiceId')
      .select(['i.status', 'i.paymentForm', 'i.totalCents'])
      .where('n.relatedInvoiceId', '=', sale.invoice.id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ status: 'stamped', paymentForm: '15' });
    expect(Number(note.totalCents)).toBe(1750);
    return sale;
  }

  it('the abono of the rest starts from the total less the nota and leaves 0.00', async () => {
    const sale = await returnedOne();
    const before = (await complements()).length;
    await post('receipt/addPayment', { receiptId: sale.receipt.id, amount: 17.5, method: 'Efectivo' });
    const issued = (await complements()).slice(before);
    expect(issued).toHaveLength(1);
    expect(issued[0]!.status).toBe('stamped');
    const xml = await expectValidComplement(issued[0]!.stampedXml!);
    expect(elements(xml, 'pago20:Pago')[0]).toMatchObject({ Monto: '17.50' });
    expect(elements(xml, 'pago20:DoctoRelacionado')).toEqual([
      expect.objectContaining({
        IdDocumento: sale.row.uuid,
        NumParcialidad: '1',
        ImpSaldoAnt: '17.50',
        ImpPagado: '17.50',
        ImpSaldoInsoluto: '0.00',
      }),
    ]);
  });

  it('an abono beyond that saldo states the saldo, once, and the job does not come back to it', async () => {
    const sale = await returnedOne();
    const db = s.t.testDb.database.db;
    // Written straight to the database: the till would not take more than the receipt owes.
    await seedPayment(db, sale.receipt.id, sale.receipt.user.id, { amountCents: 2000 });
    const before = (await complements()).length;
    const errors: unknown[] = [];
    const log = { error: (entry: { err: unknown }) => void errors.push(entry.err) };
    await s.t.app.services.invoicing.afterPayments([sale.receipt.id], log);
    await s.t.app.services.invoicing.retryDue();
    expect(errors).toEqual([]);
    const issued = (await complements()).slice(before);
    expect(issued).toHaveLength(1);
    const xml = await expectValidComplement(issued[0]!.stampedXml!);
    expect(elements(xml, 'pago20:Pago')[0]).toMatchObject({ Monto: '17.50' });
    expect(elements(xml, 'pago20:DoctoRelacionado')).toEqual([
      expect.objectContaining({ ImpSaldoAnt: '17.50', ImpPagado: '17.50', ImpSaldoInsoluto: '0.00' }),
    ]);
    // A second abono to the settled invoice: nothing due, no folio taken, no failure.
    const { paymentNextFolio } = await db
      .selectFrom('businessFiscal')
      .select('paymentNextFolio')
      .executeTakeFirstOrThrow();
    await seedPayment(db, sale.receipt.id, sale.receipt.user.id, { amountCents: 100 });
    await s.t.app.services.invoicing.afterPayments([sale.receipt.id], log);
    await s.t.app.services.invoicing.retryDue();
    expect(errors).toEqual([]);
    expect((await complements()).length).toBe(before + 1);
    expect(
      (await db.selectFrom('businessFiscal').select('paymentNextFolio').executeTakeFirstOrThrow()).paymentNextFolio,
    ).toBe(paymentNextFolio);
  });
});

describe('the monthly setting', () => {
  it('issues nothing per abono', async () => {
    const current = (await s.t.injectAs('Admin', { method: 'GET', url: '/api/business/fiscal' })).json();
    const { rfc, legalName, taxRegime, zipCode, series, nextFolio, globalPeriodicity } = current;
    const saved = await s.t.injectAs('Admin', {
      method: 'PUT',
      url: '/api/business/fiscal',
      payload: {
        ...{ rfc, legalName, taxRegime, zipCode, series, nextFolio, globalPeriodicity },
        paymentComplements: 'monthly',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const client = await fiscalClient(s.t);
      const { receipt } = await ppdInvoice(client.id, [{ productId: soap.id, quantity: 1 }]);
      const before = (await complements()).length;
      await post('receipt/addPayment', { receiptId: receipt.id, amount: 5 });
      await s.t.app.services.invoicing.retryDue();
      expect((await complements()).length).toBe(before);
    } finally {
      await s.t.testDb.database.db.updateTable('businessFiscal').set({ paymentComplements: 'payment' }).execute();
    }
  });
});

describe('the monthly setting over a month, on the app’s clock', () => {
  // A client's three abonos in November over two PPD invoices: nothing issued in November; on
  // December 1st (Monterrey) the job issues one complemento with a Pago per abono, saldos chained.
  let m: InvoicingApp;
  let now = Date.parse('2026-11-09T17:00:00Z');
  beforeAll(async () => {
    m = await invoicingApp({}, { clock: () => now });
    await m.t.testDb.database.db.updateTable('businessFiscal').set({ paymentComplements: 'monthly' }).execute();
  }, 60_000);
  afterAll(() => m.close());

  const monthly = () =>
    m.t.testDb.database.db.selectFrom('invoices').selectAll().where('kind', '=', 'payment').orderBy('id').execute();
  const pay = async (url: string, payload: object) => {
    const response = await m.t.injectAs('Manager', { method: 'POST', url: `/api/${url}`, payload });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('issues one complemento on December 1st with three Pagos, exact saldos, valid and sealed', async () => {
    const product = await taxedProduct(m.t, 'Jabón', 17.5, { ivaRate: '16' });
    const client = await fiscalClient(m.t);
    const sale = async (quantity: number) => {
      const receipt: Receipt = await sell(m.t, [{ productId: product.id, quantity }], {
        clientId: client.id,
        mode: 'Credit',
        at: now,
      });
      const invoice = await invoiceOf(m.t, { receiptIds: [receipt.id] });
      expect(invoice.paymentMethod).toBe('PPD');
      return { receipt, row: await invoiceRow(m.t, invoice.id) };
    };
    const a = await sale(3); // 52.50
    now = Date.parse('2026-11-09T18:00:00Z');
    const b = await sale(2); // 35.00
    now = Date.parse('2026-11-10T18:00:00Z');
    await pay('receipt/addPayment', { receiptId: a.receipt.id, amount: 20, method: 'Efectivo' });
    now = Date.parse('2026-11-15T18:00:00Z');
    // Oldest first: the 32.50 A still owes, then 7.50 of B.
    await pay('client/addPayment', { clientId: client.id, amount: 40, method: 'Transferencia' });
    now = Date.parse('2026-11-28T18:00:00Z');
    await pay('receipt/addPayment', { receiptId: b.receipt.id, amount: 10, method: 'Tarjeta' });
    // November 30th, 23:00 in Monterrey: still November.
    now = Date.parse('2026-12-01T05:00:00Z');
    await m.t.app.services.invoicing.retryDue();
    expect(await monthly()).toEqual([]);

    // December 1st, 07:00 in Monterrey; a second round issues nothing more.
    now = Date.parse('2026-12-01T13:00:00Z');
    await m.t.app.services.invoicing.retryDue();
    await m.t.app.services.invoicing.retryDue();
    const issued = await monthly();
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ status: 'stamped', series: 'P', clientId: client.id });
    const xml = await expectValidComplement(issued[0]!.stampedXml!, m);
    expect(elements(xml, 'cfdi:Comprobante')[0]!.Fecha).toBe('2026-12-01T07:00:00');
    expect(elements(xml, 'pago20:Pago')).toEqual([
      expect.objectContaining({ FechaPago: '2026-11-10T12:00:00', FormaDePagoP: '01', Monto: '20.00' }),
      expect.objectContaining({ FechaPago: '2026-11-15T12:00:00', FormaDePagoP: '03', Monto: '40.00' }),
      expect.objectContaining({ FechaPago: '2026-11-28T12:00:00', FormaDePagoP: '04', Monto: '10.00' }),
    ]);
    const docto = (row: typeof a.row, n: string, before: string, paid: string, after: string) => ({
      IdDocumento: row.uuid,
      Serie: 'A',
      Folio: String(row.folio),
      MonedaDR: 'MXN',
      EquivalenciaDR: '1',
      NumParcialidad: n,
      ImpSaldoAnt: before,
      ImpPagado: paid,
      ImpSaldoInsoluto: after,
      ObjetoImpDR: '02',
    });
    expect(elements(xml, 'pago20:DoctoRelacionado')).toEqual([
      docto(a.row, '1', '52.50', '20.00', '32.50'),
      docto(a.row, '2', '32.50', '32.50', '0.00'),
      docto(b.row, '1', '35.00', '7.50', '27.50'),
      docto(b.row, '2', '27.50', '10.00', '17.50'),
    ]);
    const trasladosP = elements(xml, 'pago20:TrasladoP');
    expect(elements(xml, 'pago20:Totales')[0]).toEqual({
      TotalTrasladosBaseIVA16: pesos(trasladosP.reduce((sum, t) => sum + cents(t.BaseP), 0)),
      TotalTrasladosImpuestoIVA16: pesos(trasladosP.reduce((sum, t) => sum + cents(t.ImporteP), 0)),
      MontoTotalPagos: '70.00',
    });
    // The next parcialidad of B starts from what this complemento left.
    const stored = await m.t.testDb.database.db
      .selectFrom('paymentComplementDocuments')
      .select(['relatedInvoiceId', 'installment', 'previousBalanceCents', 'paidCents', 'remainingCents'])
      .where('invoiceId', '=', issued[0]!.id)
      .orderBy('relatedInvoiceId')
      .execute();
    expect(
      stored.map((d) => [
        d.relatedInvoiceId,
        d.installment,
        ...[d.previousBalanceCents, d.paidCents, d.remainingCents].map(Number),
      ]),
    ).toEqual([
      [a.row.id, 2, 5250, 5250, 0],
      [b.row.id, 2, 3500, 1750, 1750],
    ]);
  });
});
