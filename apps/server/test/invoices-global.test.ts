import { businessToday, type InvoiceDetails, type PendingGlobal, type Receipt } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from './helpers/errors.js';
import { createReceipt, postAction } from './helpers/factories.js';
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
  SHOP_ZIP,
  taxedProduct,
} from './helpers/invoicing.js';

// The factura global (issue 34) of a day's sales to the general public: the paid receipts not
// invoiced on their own, one concept per receipt (per tax combination), the general public as
// receiver, InformacionGlobal; its cancellation frees them; and the closed periods still unbilled.

let s: InvoicingApp;
const today = businessToday();
const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const covered: Receipt[] = [];
let ownInvoiceReceipt: Receipt;
let yesterdays: Receipt;
let global: InvoiceDetails;

const pending = async () => {
  const response = await s.t.injectAs('Manager', { method: 'GET', url: '/api/invoice/pendingGlobal' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PendingGlobal>();
};

beforeAll(async () => {
  s = await invoicingApp();
  const soap = await taxedProduct(s.t, 'Jabón', 17.5, { ivaRate: '16' });
  const tortillas = await taxedProduct(s.t, 'Tortillas', 25, { ivaRate: '0' });
  const chips = await taxedProduct(s.t, 'Papas', 10, { ivaRate: '16', iepsRatePpm: 80_000 });
  const gums = await Promise.all(
    Array.from({ length: 7 }, (_, i) => taxedProduct(s.t, `Chicle ${i + 1}`, 1, { ivaRate: '16' })),
  );
  const client = await fiscalClient(s.t);

  covered.push(await sell(s.t, [{ productId: soap.id, quantity: 1 }]));
  // Seven $1.00 lines at 16 %: each 0.86 + 0.14, summed 6.02 + 0.98, outside 6.02 × 0.16's tolerance.
  covered.push(
    await sell(
      s.t,
      gums.map((gum) => ({ productId: gum.id, quantity: 1 })),
      { method: 'Tarjeta' },
    ),
  );
  covered.push(
    await sell(s.t, [
      { productId: chips.id, quantity: 1 },
      { productId: tortillas.id, quantity: 1 },
    ]),
  );
  // Left out: invoiced on its own, cancelled, unpaid, returned whole, of another day.
  ownInvoiceReceipt = await sell(s.t, [{ productId: soap.id, quantity: 2 }], { clientId: client.id });
  await invoiceOf(s.t, { receiptIds: [ownInvoiceReceipt.id] });
  const cancelled = await sell(s.t, [{ productId: soap.id, quantity: 1 }]);
  expect((await postAction(s.t, 'changeState', { id: cancelled.id, state: 'Cancelled' })).statusCode).toBe(200);
  await sell(s.t, [{ productId: soap.id, quantity: 1 }], { clientId: client.id, mode: 'Credit' });
  const returned = await sell(s.t, [{ productId: tortillas.id, quantity: 1 }]);
  const back = await s.t.injectAs('Manager', {
    method: 'POST',
    url: '/api/receipt/return',
    payload: { receiptId: returned.id, items: [{ itemId: returned.items[0]!.id, quantity: 1 }], reason: 'Caducado' },
  });
  expect(back.statusCode, back.body).toBe(201);
  yesterdays = await createReceipt(s.t, {
    paymentMode: 'Cash',
    date: `${yesterday}T12:00:00`,
    items: [{ productId: soap.id, quantity: 1 }],
  });

  const response = await postInvoice(s.t, 'global', { from: today, to: today, periodicity: '01' });
  expect(response.statusCode, response.body).toBe(201);
  global = response.json<InvoiceDetails>();
}, 60_000);
afterAll(() => s.close());

describe("a day's factura global", () => {
  it("covers the day's paid receipts not invoiced on their own, to the general public", () => {
    expect(global).toMatchObject({
      kind: 'global',
      status: 'stamped',
      receiverRfc: 'XAXX010101000',
      receiverName: 'PUBLICO EN GENERAL',
      cfdiUse: 'S01',
      paymentMethod: 'PUE',
      paymentForm: '01',
      global: { periodicity: '01', from: today, to: today },
      // 17.50 + 7.00 + (10.00 + 25.00).
      total: 59.5,
      receiptIds: covered.map((receipt) => receipt.id),
    });
    expect(global.subtotal + global.ieps + global.iva).toBeCloseTo(59.5, 10);
  });

  it('has one concept per receipt (per tax combination), named by the receipt, Venta, 01010101, ACT, 1', () => {
    const [soapSale, gumSale, mixedSale] = covered as [Receipt, Receipt, Receipt];
    expect(global.concepts).toEqual([
      {
        claveProdServ: '01010101',
        noIdentificacion: String(soapSale.id),
        cantidad: '1',
        claveUnidad: 'ACT',
        descripcion: 'Venta',
        valorUnitario: '15.09',
        importe: '15.09',
      },
      {
        claveProdServ: '01010101',
        noIdentificacion: String(gumSale.id),
        cantidad: '1',
        claveUnidad: 'ACT',
        descripcion: 'Venta',
        valorUnitario: '6.04',
        importe: '6.04',
      },
      {
        claveProdServ: '01010101',
        noIdentificacion: String(mixedSale.id),
        cantidad: '1',
        claveUnidad: 'ACT',
        descripcion: 'Venta',
        valorUnitario: '7.98',
        importe: '7.98',
      },
      {
        claveProdServ: '01010101',
        noIdentificacion: String(mixedSale.id),
        cantidad: '1',
        claveUnidad: 'ACT',
        descripcion: 'Venta',
        valorUnitario: '25.00',
        importe: '25.00',
      },
    ]);
  });

  it('is a valid CFDI: the general public with the LugarExpedicion, InformacionGlobal, taxes within tolerance', async () => {
    const xml = (await invoiceRow(s.t, global.id)).stampedXml!;
    await expectValidCfdi(xml, s.certificate);
    expect(elements(xml, 'cfdi:Receptor')[0]).toEqual({
      Rfc: 'XAXX010101000',
      Nombre: 'PUBLICO EN GENERAL',
      DomicilioFiscalReceptor: SHOP_ZIP,
      RegimenFiscalReceptor: '616',
      UsoCFDI: 'S01',
    });
    expect(elements(xml, 'cfdi:InformacionGlobal')[0]).toEqual({
      Periodicidad: '01',
      Meses: today.slice(5, 7),
      Año: today.slice(0, 4),
    });
    // The seven gums' 7.00 split again as one line: 6.04 + 0.96 (6.04 × 0.16 = 0.9664, within
    // Anexo 20's 0.96–0.97), where the lines' sums, 6.02 + 0.98, are not.
    expect(elements(xml, 'cfdi:Traslado')[1]).toEqual({
      Base: '6.04',
      Impuesto: '002',
      TipoFactor: 'Tasa',
      TasaOCuota: '0.160000',
      Importe: '0.96',
    });
  });

  it('takes its receipts: they are refused on their own, and a second global finds nothing', async () => {
    const own = await postInvoice(s.t, 'create', {
      receiptIds: [covered[0]!.id],
      receiver: {
        rfc: 'XIA190128J61',
        legalName: 'XENON INDUSTRIAL ARTICLES',
        taxRegime: '601',
        taxZipCode: '76343',
      },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual(
      errorBody(`La remisión #${covered[0]!.id} ya está facturada (A-${global.folio}).`, 'CONFLICT'),
    );
    const again = await postInvoice(s.t, 'global', { from: today, to: today, periodicity: '01' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(
      errorBody(`No hay ventas pagadas sin facturar del ${today}: no hay factura global que emitir.`, 'CONFLICT'),
    );
  });

  it('refuses a period across two months', async () => {
    const response = await postInvoice(s.t, 'global', { from: '2026-10-31', to: '2026-11-01', periodicity: '02' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Una factura global cubre días de un solo mes: divide el periodo por mes.');
  });
});

describe('the unbilled closed periods', () => {
  it("lists yesterday's sale (today's period is not closed), and not once its global is issued", async () => {
    expect(await pending()).toEqual({
      periodicity: '01',
      periods: [{ from: yesterday, to: yesterday, receipts: 1, total: 17.5 }],
    });
    const response = await postInvoice(s.t, 'global', { from: yesterday, to: yesterday, periodicity: '01' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<InvoiceDetails>().receiptIds).toEqual([yesterdays.id]);
    expect(await pending()).toEqual({ periodicity: '01', periods: [] });
  });
});

describe('cancelling a global (motive 04)', () => {
  it('frees its receipts: one of them is then invoiced on its own', async () => {
    const { invoicing } = s.t.app.services;
    expect(await invoicing.receiptInvoiceState(covered[0]!.id)).toEqual({
      invoiceId: global.id,
      kind: 'global',
      status: 'stamped',
    });
    const cancel = await postInvoice(s.t, 'cancel', { id: global.id, motive: '04' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', cancelMotive: '04' });
    expect(await invoicing.receiptInvoiceState(covered[0]!.id)).toBeNull();
    const invoice = await invoiceOf(s.t, {
      receiptIds: [covered[0]!.id],
      receiver: { rfc: 'XIA190128J61', legalName: 'XENON INDUSTRIAL ARTICLES', taxRegime: '601', taxZipCode: '76343' },
    });
    expect(invoice).toMatchObject({ status: 'stamped', total: 17.5, receiverRfc: 'XIA190128J61' });
  });
});
