import type { InvoiceDetails, InvoiceSummary, Receipt, ReturnReceiptResponse } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePac, startFakePac } from '../scripts/fake-pac/fake-pac.js';
import { errorBody } from './helpers/errors.js';
import { pdfText } from './helpers/pdf.js';
import { postAction } from './helpers/factories.js';
import {
  elements,
  expectValidCfdi,
  fiscalClient,
  type InvoicingApp,
  invoiceOf,
  invoiceRow,
  invoicingApp,
  postInvoice,
  sell,
  SHOP_RFC,
  taxedProduct,
} from './helpers/invoicing.js';

// Notas de crédito (issue 35 part 2, decision 098) through the real API and the fake PAC: a
// return of an invoiced receipt issues a CFDI de egreso related (01) to the invoice; cancelling an
// invoiced receipt cancels its invoice (02) or credits it; the PAC's failures never undo the
// return or the cancellation, and the background job stamps what was left pending.

let s: InvoicingApp;
let soap: { id: number };
let chips: { id: number };
/** The fake PAC started again after it was down (the first one is stopped by s.close()). */
let restarted: FakePac | null = null;

beforeAll(async () => {
  s = await invoicingApp();
  soap = await taxedProduct(s.t, 'Jabón', 17.5, { ivaRate: '16' });
  chips = await taxedProduct(s.t, 'Papas', 10, { ivaRate: '16', iepsRatePpm: 80_000 });
}, 60_000);
afterAll(async () => {
  await s.close();
  await restarted?.stop();
});

const db = () => s.t.testDb.database.db;

async function giveBack(receipt: Receipt, items: Array<[index: number, quantity: number]>, method?: string) {
  const response = await s.t.injectAs('Manager', {
    method: 'POST',
    url: '/api/receipt/return',
    payload: {
      receiptId: receipt.id,
      items: items.map(([index, quantity]) => ({ itemId: receipt.items[index]!.id, quantity })),
      reason: 'No le gustó',
      ...(method ? { method } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReturnReceiptResponse>();
}

/** The notas de crédito written for a receipt, oldest first. */
const creditNotesOf = (receiptId: number) =>
  db()
    .selectFrom('creditNotes as c')
    .innerJoin('invoices as i', 'i.id', 'c.invoiceId')
    .selectAll('i')
    .select(['c.relatedInvoiceId', 'c.returnId'])
    .where('c.receiptId', '=', receiptId)
    .orderBy('i.id')
    .execute();

const creditNextFolio = async () =>
  Number(
    (await db().selectFrom('businessFiscal').select('creditNextFolio').where('id', '=', 1).executeTakeFirstOrThrow())
      .creditNextFolio,
  );

async function invoicedReceipt(items: Array<{ productId: number; quantity: number }>, mode?: 'Credit') {
  const client = await fiscalClient(s.t);
  const receipt = await sell(s.t, items, { clientId: client.id, ...(mode ? { mode } : {}) });
  return { receipt, invoice: await invoiceOf(s.t, { receiptIds: [receipt.id] }) };
}

async function waitStamped(id: number) {
  const deadline = Date.now() + 15_000;
  let row = await invoiceRow(s.t, id);
  while (row.status === 'pending' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    row = await invoiceRow(s.t, id);
  }
  return row;
}

describe('the nota de crédito of a partial return of an invoiced receipt', () => {
  let receipt: Receipt;
  let invoice: InvoiceDetails;
  let folio: number;
  let returnId: number;

  beforeAll(async () => {
    ({ receipt, invoice } = await invoicedReceipt([
      { productId: soap.id, quantity: 3 },
      { productId: chips.id, quantity: 2 },
    ]));
    folio = await creditNextFolio();
    const back = await giveBack(receipt, [
      [0, 1],
      [1, 1],
    ]);
    returnId = back.return.id;
    // The return's answer already names the nota de crédito.
    expect(back.receipt.creditNotes).toEqual([{ id: expect.any(Number), number: `NC-${folio}`, status: 'stamped' }]);
  });

  it('is stamped with series NC and the next credit folio, related to the invoice and its receiver', async () => {
    const [note, ...more] = await creditNotesOf(receipt.id);
    expect(more).toHaveLength(0);
    expect(note).toMatchObject({
      kind: 'credit',
      series: 'NC',
      folio,
      status: 'stamped',
      relatedInvoiceId: invoice.id,
      returnId,
      receiverRfc: 'XIA190128J61',
      cfdiUse: 'G02',
      paymentMethod: 'PUE',
      paymentForm: '01',
      // Jabón 17.50 = 15.09 + 2.41 IVA; Papas 10.00 = 7.98 + 0.64 IEPS + 1.38 IVA.
      subtotalCents: 2307,
      iepsCents: 64,
      ivaCents: 379,
      totalCents: 2750,
    });
    expect(await creditNextFolio()).toBe(folio + 1);
    // The invoice stays as it was: the nota de crédito offsets part of it.
    expect((await invoiceRow(s.t, invoice.id)).status).toBe('stamped');
  });

  it('is an egreso with CfdiRelacionados 01 to the invoice, one Concepto per returned line, valid and sealed', async () => {
    const [note] = await creditNotesOf(receipt.id);
    const stamped = note!.stampedXml!;
    await expectValidCfdi(stamped, s.certificate);
    expect(elements(stamped, 'cfdi:Comprobante')[0]).toMatchObject({
      Serie: 'NC',
      Folio: String(folio),
      TipoDeComprobante: 'E',
      MetodoPago: 'PUE',
      FormaPago: '01',
      SubTotal: '23.07',
      Total: '27.50',
    });
    expect(elements(stamped, 'cfdi:CfdiRelacionados')).toEqual([{ TipoRelacion: '01' }]);
    expect(elements(stamped, 'cfdi:CfdiRelacionado')).toEqual([{ UUID: invoice.uuid }]);
    expect(elements(stamped, 'cfdi:Emisor')[0]!.Rfc).toBe(SHOP_RFC);
    expect(elements(stamped, 'cfdi:Receptor')[0]).toEqual({
      Rfc: 'XIA190128J61',
      Nombre: 'XENON INDUSTRIAL ARTICLES',
      DomicilioFiscalReceptor: '76343',
      RegimenFiscalReceptor: '601',
      UsoCFDI: 'G02',
    });
    expect(
      elements(stamped, 'cfdi:Concepto').map((c) => [
        c.ClaveProdServ,
        c.ClaveUnidad,
        c.Descripcion,
        c.Cantidad,
        c.Importe,
      ]),
    ).toEqual([
      ['50181900', 'H87', 'Jabón', '1', '15.09'],
      ['50181900', 'H87', 'Papas', '1', '7.98'],
    ]);
    const summary = stamped.slice(stamped.lastIndexOf('</cfdi:Conceptos>'));
    expect(elements(summary, 'cfdi:Traslado').map((t) => [t.Impuesto, t.Base, t.TasaOCuota, t.Importe])).toEqual([
      ['002', '23.71', '0.160000', '3.79'],
      ['003', '7.98', '0.080000', '0.64'],
    ]);
    // The same figures as the return stored.
    const stored = await db()
      .selectFrom('receiptReturnItems')
      .select((eb) => [
        eb.fn.sum<number>('baseCents').as('base'),
        eb.fn.sum<number>('iepsCents').as('ieps'),
        eb.fn.sum<number>('ivaCents').as('iva'),
      ])
      .where('returnId', '=', returnId)
      .executeTakeFirstOrThrow();
    expect([Number(stored.base), Number(stored.ieps), Number(stored.iva)]).toEqual([2307, 64, 379]);
  });

  it('is listed with kind credit, named by its receipt, and its XML comes from /invoice/xml', async () => {
    const [note] = await creditNotesOf(receipt.id);
    const list = await s.t.injectAs('Manager', { method: 'GET', url: '/api/invoice/list' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<InvoiceSummary[]>().find((entry) => entry.id === note!.id)).toMatchObject({
      kind: 'credit',
      series: 'NC',
      folio,
      status: 'stamped',
      total: 27.5,
      receiptIds: [receipt.id],
      relatedInvoice: { id: invoice.id, number: `A-${invoice.folio}`, uuid: invoice.uuid },
    });
    const details = await s.t.injectAs('Manager', { method: 'GET', url: `/api/invoice/details/${note!.id}` });
    expect(details.json()).toMatchObject({ kind: 'credit', relatedInvoice: { id: invoice.id } });
    // The receipt names its invoice and its notas de crédito.
    const shown = await s.t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${receipt.id}` });
    expect(shown.json()).toMatchObject({
      invoice: { id: invoice.id, kind: 'receipts' },
      creditNotes: [{ id: note!.id, number: `NC-${folio}`, status: 'stamped' }],
    });
    const xml = await s.t.injectAs('Manager', { method: 'GET', url: `/api/invoice/xml/${note!.id}` });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toBe(note!.stampedXml);
  });

  it.each(['letter', '80mm'] as const)(
    "prints as 'Nota de crédito NC-n' with its CFDI relacionado (%s)",
    async (format) => {
      const [note] = await creditNotesOf(receipt.id);
      const response = await s.t.injectAs('Manager', {
        method: 'GET',
        url: `/api/invoice/pdf/${note!.id}?format=${format}`,
      });
      expect(response.statusCode).toBe(200);
      const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain(`Nota de crédito NC-${folio}`);
      expect(text).toContain('E - Egreso');
      expect(text).toContain('CFDI relacionado');
      expect(text).toContain('01 - Nota de crédito de los documentos relacionados');
      // The roll wraps the UUID at its hyphens.
      expect(text.replace(/ /g, '')).toContain(invoice.uuid!);
    },
  );

  it('is not issued twice for the same return (a replayed request)', async () => {
    const calls = s.fake.calls().stamp;
    const again = await s.t.app.services.invoicing.creditNoteForReturn(returnId);
    expect(again).toBe((await creditNotesOf(receipt.id))[0]!.id);
    expect(await creditNotesOf(receipt.id)).toHaveLength(1);
    expect(s.fake.calls().stamp).toBe(calls);
  });
});

describe('what issues no nota de crédito', () => {
  it('a return of a receipt not invoiced', async () => {
    const client = await fiscalClient(s.t);
    const receipt = await sell(s.t, [{ productId: soap.id, quantity: 2 }], { clientId: client.id });
    const folio = await creditNextFolio();
    const calls = s.fake.calls().stamp;
    await giveBack(receipt, [[0, 1]]);
    expect(await creditNotesOf(receipt.id)).toEqual([]);
    expect(await creditNextFolio()).toBe(folio);
    expect(s.fake.calls().stamp).toBe(calls);
  });

  it('a return of a receipt in a factura global; and its cancellation is still refused', async () => {
    const receipt = await sell(s.t, [{ productId: soap.id, quantity: 2 }]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Monterrey' }).format(new Date());
    const global = await postInvoice(s.t, 'global', { from: today, to: today, periodicity: '01' });
    expect(global.statusCode, global.body).toBe(201);
    const folio = await creditNextFolio();
    await giveBack(receipt, [[0, 1]]);
    expect(await creditNotesOf(receipt.id)).toEqual([]);
    expect(await creditNextFolio()).toBe(folio);
    const refused = await postAction(s.t, 'changeState', { id: receipt.id, state: 'Cancelled' });
    expect(refused.statusCode).toBe(409);
    const { series, folio: globalFolio } = global.json<InvoiceDetails>();
    expect(refused.json()).toEqual(
      errorBody(
        `La remisión #${receipt.id} está en la factura ${series}-${globalFolio}: cancela primero la factura en Facturas.`,
        'CONFLICT',
      ),
    );
  });
});

describe('a return that only lowers what a credit customer owes', () => {
  it('is credited with FormaPago 15 (Condonación)', async () => {
    const { receipt, invoice } = await invoicedReceipt([{ productId: soap.id, quantity: 2 }], 'Credit');
    expect(invoice.paymentMethod).toBe('PPD');
    await giveBack(receipt, [[0, 1]]);
    const [note] = await creditNotesOf(receipt.id);
    expect(note).toMatchObject({ status: 'stamped', paymentMethod: 'PUE', paymentForm: '15', totalCents: 1750 });
    await expectValidCfdi(note!.stampedXml!, s.certificate);
  });
});

describe('cancelling an invoiced receipt whole', () => {
  it("within the invoice's month, its own invoice is cancelled with motive 02 and no nota de crédito", async () => {
    const { receipt, invoice } = await invoicedReceipt([{ productId: soap.id, quantity: 1 }]);
    const response = await postAction(s.t, 'changeState', { id: receipt.id, state: 'Cancelled' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: 'Cancelled', invoice: null });
    expect(await invoiceRow(s.t, invoice.id)).toMatchObject({ status: 'cancelled', cancelMotive: '02' });
    expect(s.fake.stamped().find((stamp) => stamp.uuid === invoice.uuid)!.cancellation).toEqual({
      motivo: '02',
      folioSustitucion: null,
    });
    expect(await creditNotesOf(receipt.id)).toEqual([]);
  });

  it('of an invoice issued in an earlier month: a nota de crédito of what is left of the receipt', async () => {
    const { receipt, invoice } = await invoicedReceipt([
      { productId: soap.id, quantity: 2 },
      { productId: chips.id, quantity: 1 },
    ]);
    await giveBack(receipt, [[0, 1]]);
    await db()
      .updateTable('invoices')
      .set({ issuedAt: Date.now() - 40 * 86_400_000 })
      .where('id', '=', invoice.id)
      .execute();
    const response = await postAction(s.t, 'changeState', { id: receipt.id, state: 'Cancelled' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().state).toBe('Cancelled');
    expect((await invoiceRow(s.t, invoice.id)).status).toBe('stamped');
    const notes = await creditNotesOf(receipt.id);
    expect(notes.map((note) => [note.returnId === null ? 'cancel' : 'return', note.status, note.totalCents])).toEqual([
      ['return', 'stamped', 1750],
      // What the return left: one jabón and the papas.
      ['cancel', 'stamped', 2750],
    ]);
    const stamped = notes[1]!.stampedXml!;
    await expectValidCfdi(stamped, s.certificate);
    expect(elements(stamped, 'cfdi:CfdiRelacionado')).toEqual([{ UUID: invoice.uuid }]);
    expect(elements(stamped, 'cfdi:Comprobante')[0]).toMatchObject({ TipoDeComprobante: 'E', FormaPago: '01' });
  });

  it('of an invoice that an earlier return credited: a nota de crédito, since the SAT would not cancel it', async () => {
    const { receipt, invoice } = await invoicedReceipt([{ productId: soap.id, quantity: 3 }]);
    await giveBack(receipt, [[0, 1]]);
    const cancels = s.fake.calls().cancel;
    const response = await postAction(s.t, 'changeState', { id: receipt.id, state: 'Cancelled' });
    expect(response.statusCode, response.body).toBe(200);
    expect(s.fake.calls().cancel).toBe(cancels);
    expect((await invoiceRow(s.t, invoice.id)).status).toBe('stamped');
    const notes = await creditNotesOf(receipt.id);
    expect(notes.map((note) => [note.returnId === null ? 'cancel' : 'return', note.status, note.totalCents])).toEqual([
      ['return', 'stamped', 1750],
      ['cancel', 'stamped', 3500],
    ]);
  });

  it('of an invoice of several receipts: a nota de crédito for that receipt; the invoice stays', async () => {
    const client = await fiscalClient(s.t);
    const first = await sell(s.t, [{ productId: soap.id, quantity: 1 }], { clientId: client.id });
    const second = await sell(s.t, [{ productId: chips.id, quantity: 3 }], { clientId: client.id });
    const invoice = await invoiceOf(s.t, { receiptIds: [first.id, second.id] });
    const response = await postAction(s.t, 'changeState', { id: second.id, state: 'Cancelled' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await invoiceRow(s.t, invoice.id)).status).toBe('stamped');
    const [note] = await creditNotesOf(second.id);
    expect(note).toMatchObject({ status: 'stamped', relatedInvoiceId: invoice.id, totalCents: 3000 });
    await expectValidCfdi(note!.stampedXml!, s.certificate);
    expect(elements(note!.stampedXml!, 'cfdi:Concepto').map((c) => [c.Descripcion, c.Cantidad])).toEqual([
      ['Papas', '3'],
    ]);
  });

  it('when the PAC refuses the cancellation, the receipt is cancelled and credited instead', async () => {
    const { receipt, invoice } = await invoicedReceipt([{ productId: soap.id, quantity: 1 }]);
    s.fake.refuseNext('Cancelación no permitida por el SAT');
    const response = await postAction(s.t, 'changeState', { id: receipt.id, state: 'Cancelled' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().state).toBe('Cancelled');
    expect((await invoiceRow(s.t, invoice.id)).status).toBe('stamped');
    const [note] = await creditNotesOf(receipt.id);
    expect(note).toMatchObject({ status: 'stamped', totalCents: 1750, paymentForm: '01' });
  });
});

describe('the PAC down during a return', () => {
  it('the return succeeds, the nota de crédito stays pending and the background job stamps it', async () => {
    const { receipt, invoice } = await invoicedReceipt([{ productId: soap.id, quantity: 2 }]);
    const port = Number(new URL(s.fake.url).port);
    await s.fake.stop();
    try {
      const back = await giveBack(receipt, [[0, 1]]);
      expect(back.return.amount).toBe(17.5);
      const [pending] = await creditNotesOf(receipt.id);
      expect(pending).toMatchObject({ status: 'pending', uuid: null, series: 'NC', relatedInvoiceId: invoice.id });
      expect(pending!.pacMessage).toBeTruthy();
    } finally {
      restarted = await startFakePac({ port });
      s.fake = restarted;
    }
    const [note] = await creditNotesOf(receipt.id);
    const row = await waitStamped(note!.id);
    expect(row.status).toBe('stamped');
    expect(row.stampedXml).toContain(invoice.uuid!);
    const records = s.fake.stamped();
    expect(records.map((record) => record.sealedXml)).toEqual([note!.sealedXml]);
    await expectValidCfdi(row.stampedXml!, s.certificate);
  });
});

describe('a return while the invoice is still pending', () => {
  it('gets its nota de crédito from the background job once the invoice is stamped', async () => {
    const client = await fiscalClient(s.t);
    const receipt = await sell(s.t, [{ productId: soap.id, quantity: 2 }], { clientId: client.id });
    s.fake.dropAfterStamping(2);
    const response = await postInvoice(s.t, 'create', { receiptIds: [receipt.id] });
    expect(response.statusCode, response.body).toBe(202);
    const pending = response.json<InvoiceDetails>();
    // The invoice's XML has both jabones; one comes back before it is stamped.
    await giveBack(receipt, [[0, 1]]);
    expect(await creditNotesOf(receipt.id)).toEqual([]);

    expect((await waitStamped(pending.id)).status).toBe('stamped');
    const deadline = Date.now() + 15_000;
    let notes = await creditNotesOf(receipt.id);
    while ((notes.length === 0 || notes[0]!.status === 'pending') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      notes = await creditNotesOf(receipt.id);
    }
    expect(notes.map((note) => [note.status, note.relatedInvoiceId, note.totalCents])).toEqual([
      ['stamped', pending.id, 1750],
    ]);
    const { uuid } = await invoiceRow(s.t, pending.id);
    expect(elements(notes[0]!.stampedXml!, 'cfdi:CfdiRelacionado')).toEqual([{ UUID: uuid }]);
    await expectValidCfdi(notes[0]!.stampedXml!, s.certificate);
  });
});
