import { type InvoiceDetails, type InvoiceSummary, type Receipt } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createTestApp } from './helpers/app.js';
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
  nextFolio,
  postInvoice,
  sell,
  SHOP_RFC,
  taxedProduct,
} from './helpers/invoicing.js';

// Invoices of receipts (issue 34) through the real API, stamped by the fake PAC: the CFDI each
// produces (schema, seal, arithmetic, exact amounts), MetodoPago and FormaPago, lines net of
// returns, the receiver, the refusals, cancellation with each motive, and the documents.

let s: InvoicingApp;
/** Moves the app's clock (a cancellation a day after the stamp). */
let shiftMs = 0;
let soap: { id: number };
let tortillas: { id: number };
let chips: { id: number };

beforeAll(async () => {
  s = await invoicingApp({}, { clock: () => Date.now() + shiftMs });
  soap = await taxedProduct(s.t, 'Jabón', 17.5, { ivaRate: '16' });
  tortillas = await taxedProduct(s.t, 'Tortillas', 25, { ivaRate: '0' });
  chips = await taxedProduct(s.t, 'Papas', 10, { ivaRate: '16', iepsRatePpm: 80_000 });
}, 60_000);
afterAll(() => s.close());

const stampedXml = async (invoice: InvoiceDetails) => (await invoiceRow(s.t, invoice.id)).stampedXml!;

describe('an invoice of one receipt', () => {
  let receipt: Receipt;
  let invoice: InvoiceDetails;
  let folioBefore: number;

  beforeAll(async () => {
    const client = await fiscalClient(s.t);
    receipt = await sell(
      s.t,
      [
        { productId: soap.id, quantity: 2 },
        { productId: tortillas.id, quantity: 1 },
      ],
      { clientId: client.id },
    );
    folioBefore = await nextFolio(s.t);
    invoice = await invoiceOf(s.t, { receiptIds: [receipt.id] });
  });

  it('is stamped with the next folio, the client as receiver, paid in cash (PUE 01), exact amounts', async () => {
    expect(invoice).toMatchObject({
      kind: 'receipts',
      series: 'A',
      folio: folioBefore,
      status: 'stamped',
      receiverRfc: 'XIA190128J61',
      receiverName: 'XENON INDUSTRIAL ARTICLES',
      cfdiUse: 'G03',
      paymentMethod: 'PUE',
      paymentForm: '01',
      // Jabón 2 × 17.50 = 35.00: 30.17 + 4.83 IVA; tortillas 25.00 at 0 %.
      subtotal: 55.17,
      ieps: 0,
      iva: 4.83,
      total: 60,
      receiptIds: [receipt.id],
      pacMessage: null,
      global: null,
      attempts: 1,
    });
    expect(invoice.uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect(invoice.concepts).toEqual([
      {
        claveProdServ: '50181900',
        noIdentificacion: null,
        cantidad: '2',
        claveUnidad: 'H87',
        descripcion: 'Jabón',
        valorUnitario: '15.085',
        importe: '30.17',
      },
      {
        claveProdServ: '50181900',
        noIdentificacion: null,
        cantidad: '1',
        claveUnidad: 'H87',
        descripcion: 'Tortillas',
        valorUnitario: '25.00',
        importe: '25.00',
      },
    ]);
    expect(await nextFolio(s.t)).toBe(folioBefore + 1);
  });

  it('stores the CFDI exactly as the PAC returned it, valid, sealed and adding up', async () => {
    const xml = await stampedXml(invoice);
    const record = s.fake.stamped().find((stamp) => stamp.uuid === invoice.uuid)!;
    expect(xml).toBe(record.cfdi);
    const sealed = await expectValidCfdi(xml, s.certificate);
    expect(sealed).toBe((await invoiceRow(s.t, invoice.id)).sealedXml);
    expect(elements(xml, 'cfdi:Comprobante')[0]).toMatchObject({
      Serie: 'A',
      Folio: String(invoice.folio),
      SubTotal: '55.17',
      Total: '60.00',
      MetodoPago: 'PUE',
      FormaPago: '01',
      LugarExpedicion: '64000',
      Exportacion: '01',
      Moneda: 'MXN',
      TipoDeComprobante: 'I',
    });
    expect(elements(xml, 'cfdi:Emisor')[0]).toEqual({
      Rfc: SHOP_RFC,
      Nombre: 'ESCUELA KEMPER URGATE',
      RegimenFiscal: '601',
    });
  });

  it('hands out the stamped XML byte for byte as application/xml', async () => {
    const response = await s.t.injectAs('Manager', { method: 'GET', url: `/api/invoice/xml/${invoice.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toBe(await stampedXml(invoice));
  });

  it('prints it on letter and on the 80 mm roll: its UUID, receiver, total in words', async () => {
    for (const format of ['letter', '80mm']) {
      const response = await s.t.injectAs('Manager', {
        method: 'GET',
        url: `/api/invoice/pdf/${invoice.id}?format=${format}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/pdf/);
      const text = pdfText(response.rawPayload);
      expect(text).toContain(invoice.uuid!);
      expect(text).toContain('XIA190128J61');
      expect(text).toContain('SESENTA PESOS 00/100 M.N.');
    }
  });

  it("refuses a PDF in another format, and a Seller's PDF of an invoice that isn't theirs", async () => {
    const wrong = await s.t.injectAs('Manager', { method: 'GET', url: `/api/invoice/pdf/${invoice.id}?format=a4` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('El formato debe ser letter o 80mm.');
    const seller = await s.t.injectAs('Seller', { method: 'GET', url: `/api/invoice/pdf/${invoice.id}` });
    expect(seller.statusCode).toBe(403);
  });

  it('is named on its receipt, which the receipts list and details read back', async () => {
    const details = await s.t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${receipt.id}` });
    expect(details.json().invoice).toEqual({
      id: invoice.id,
      kind: 'receipts',
      number: `A-${invoice.folio}`,
      status: 'stamped',
    });
  });

  it('refuses to invoice the receipt again, naming it and its invoice', async () => {
    const response = await postInvoice(s.t, 'create', { receiptIds: [receipt.id] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(
      errorBody(`La remisión #${receipt.id} ya está facturada (A-${invoice.folio}).`, 'CONFLICT'),
    );
  });
});

describe('an invoice of three receipts of one client', () => {
  it('has every line, and the FormaPago of the method that brought the most', async () => {
    const client = await fiscalClient(s.t);
    const receipts = [
      await sell(s.t, [{ productId: chips.id, quantity: 1 }], { clientId: client.id, method: 'Efectivo' }),
      await sell(s.t, [{ productId: soap.id, quantity: 1 }], { clientId: client.id, method: 'Tarjeta' }),
      await sell(s.t, [{ productId: tortillas.id, quantity: 1 }], { clientId: client.id, method: 'Transferencia' }),
    ];
    const invoice = await invoiceOf(s.t, { receiptIds: receipts.map((receipt) => receipt.id) });
    expect(invoice).toMatchObject({
      paymentMethod: 'PUE',
      paymentForm: '03',
      // Papas 10.00: 7.98 + 0.64 IEPS + 1.38 IVA; jabón 17.50: 15.09 + 2.41; tortillas 25.00.
      subtotal: 48.07,
      ieps: 0.64,
      iva: 3.79,
      total: 52.5,
      receiptIds: receipts.map((receipt) => receipt.id).sort((a, b) => a - b),
    });
    expect(invoice.concepts.map((concept) => [concept.descripcion, concept.importe])).toEqual([
      ['Papas', '7.98'],
      ['Jabón', '15.09'],
      ['Tortillas', '25.00'],
    ]);
    const xml = await stampedXml(invoice);
    await expectValidCfdi(xml, s.certificate);
    expect(elements(xml, 'cfdi:Traslado').filter((traslado) => traslado.Impuesto === '003')).toEqual([
      { Base: '7.98', Impuesto: '003', TipoFactor: 'Tasa', TasaOCuota: '0.080000', Importe: '0.64' },
      { Base: '7.98', Impuesto: '003', TipoFactor: 'Tasa', TasaOCuota: '0.080000', Importe: '0.64' },
    ]);
  });

  it('takes the FormaPago the user chose over the payments', async () => {
    const client = await fiscalClient(s.t);
    const receipt = await sell(s.t, [{ productId: soap.id, quantity: 1 }], { clientId: client.id });
    const invoice = await invoiceOf(s.t, { receiptIds: [receipt.id], paymentForm: '28', cfdiUse: 'G01' });
    expect(invoice).toMatchObject({ paymentForm: '28', cfdiUse: 'G01', total: 17.5 });
    await expectValidCfdi(await stampedXml(invoice), s.certificate);
  });
});

describe('a credit receipt with a balance', () => {
  it('is invoiced PPD with FormaPago 99', async () => {
    const client = await fiscalClient(s.t);
    const receipt = await sell(s.t, [{ productId: soap.id, quantity: 3 }], { clientId: client.id, mode: 'Credit' });
    expect(receipt.state).toBe('Pending');
    const invoice = await invoiceOf(s.t, { receiptIds: [receipt.id] });
    // 3 × 17.50 = 52.50: 45.26 + 7.24.
    expect(invoice).toMatchObject({ paymentMethod: 'PPD', paymentForm: '99', subtotal: 45.26, iva: 7.24, total: 52.5 });
    const xml = await stampedXml(invoice);
    await expectValidCfdi(xml, s.certificate);
    expect(elements(xml, 'cfdi:Comprobante')[0]).toMatchObject({ MetodoPago: 'PPD', FormaPago: '99' });
  });
});

describe('lines net of returns', () => {
  it('invoices what was kept: a line returned whole is left out, a partial one by its rest', async () => {
    const client = await fiscalClient(s.t);
    const receipt = await sell(
      s.t,
      [
        { productId: soap.id, quantity: 3 },
        { productId: tortillas.id, quantity: 1 },
      ],
      { clientId: client.id },
    );
    const back = await s.t.injectAs('Manager', {
      method: 'POST',
      url: '/api/receipt/return',
      payload: {
        receiptId: receipt.id,
        items: [
          { itemId: receipt.items[0]!.id, quantity: 1 },
          { itemId: receipt.items[1]!.id, quantity: 1 },
        ],
        reason: 'No le gustó',
      },
    });
    expect(back.statusCode, back.body).toBe(201);
    const invoice = await invoiceOf(s.t, { receiptIds: [receipt.id] });
    // Sold 3 jabones (45.26 + 7.24), returned one split as 15.09 + 2.41: 30.17 + 4.83 = 35.00.
    expect(invoice).toMatchObject({ subtotal: 30.17, iva: 4.83, total: 35 });
    expect(invoice.concepts.map((concept) => [concept.descripcion, concept.cantidad, concept.importe])).toEqual([
      ['Jabón', '2', '30.17'],
    ]);
    await expectValidCfdi(await stampedXml(invoice), s.certificate);
  });

  it('refuses a receipt returned whole', async () => {
    const client = await fiscalClient(s.t);
    const receipt = await sell(s.t, [{ productId: tortillas.id, quantity: 1 }], { clientId: client.id });
    const back = await s.t.injectAs('Manager', {
      method: 'POST',
      url: '/api/receipt/return',
      payload: { receiptId: receipt.id, items: [{ itemId: receipt.items[0]!.id, quantity: 1 }], reason: 'Caducado' },
    });
    expect(back.statusCode, back.body).toBe(201);
    const response = await postInvoice(s.t, 'create', { receiptIds: [receipt.id] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(
      errorBody(`La remisión #${receipt.id} se devolvió completa: no hay nada que facturar.`, 'CONFLICT'),
    );
  });
});

describe('the receiver', () => {
  it('typed on the spot is used and saved to the client', async () => {
    const db = s.t.testDb.database.db;
    const client = await fiscalClient(s.t, { rfc: undefined });
    await db
      .updateTable('clients')
      .set({ rfc: null, legalName: null, taxRegime: null, taxZipCode: null, cfdiUse: null })
      .where('id', '=', client.id)
      .execute();
    const receipt = await sell(s.t, [{ productId: soap.id, quantity: 1 }], { clientId: client.id });

    const without = await postInvoice(s.t, 'create', { receiptIds: [receipt.id] });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual(
      errorBody(
        'Faltan datos fiscales de quien recibe la factura: RFC, razón social, régimen fiscal, código postal. Captúralos para facturar.',
        'VALIDATION_ERROR',
      ),
    );

    const receiver = {
      rfc: 'cacx7605101p8',
      legalName: 'Xochilt Casas Chavez',
      taxRegime: '612',
      taxZipCode: '36257',
      cfdiUse: 'G03',
    };
    const invoice = await invoiceOf(s.t, { receiptIds: [receipt.id], receiver });
    expect(invoice).toMatchObject({ receiverRfc: 'CACX7605101P8', receiverName: 'XOCHILT CASAS CHAVEZ' });
    await expectValidCfdi(await stampedXml(invoice), s.certificate);
    expect(
      await db
        .selectFrom('clients')
        .select(['rfc', 'legalName', 'taxRegime', 'taxZipCode', 'cfdiUse'])
        .where('id', '=', client.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      rfc: 'CACX7605101P8',
      legalName: 'XOCHILT CASAS CHAVEZ',
      taxRegime: '612',
      taxZipCode: '36257',
      cfdiUse: 'G03',
    });
  });

  it('a persona física with a régimen of personas morales is refused before any folio is taken', async () => {
    const client = await fiscalClient(s.t, { rfc: 'CACX7605101P8', taxRegime: '601' });
    const receipt = await sell(s.t, [{ productId: soap.id, quantity: 1 }], { clientId: client.id });
    const folio = await nextFolio(s.t);
    const response = await postInvoice(s.t, 'create', { receiptIds: [receipt.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("el RegimenFiscalReceptor '601' no corresponde a una persona física");
    expect(await nextFolio(s.t)).toBe(folio);
  });
});

describe('the autofactura path', () => {
  it("issues for the customer with no session: their data, nothing saved to the client, no one's invoice", async () => {
    const client = await fiscalClient(s.t);
    const receipt = await sell(s.t, [{ productId: soap.id, quantity: 1 }], { clientId: client.id });
    const { invoicing } = s.t.app.services;
    expect(await invoicing.receiptInvoiceState(receipt.id)).toBeNull();
    const result = await invoicing.create(
      {
        receiptIds: [receipt.id],
        receiver: { rfc: 'CACX7605101P8', legalName: 'XOCHILT CASAS CHAVEZ', taxRegime: '612', taxZipCode: '36257' },
        cfdiUse: 'G03',
      },
      { autofactura: true },
    );
    expect(result.stamped).toBe(true);
    expect(result.invoice).toMatchObject({ receiverRfc: 'CACX7605101P8', total: 17.5, status: 'stamped' });
    expect((await invoiceRow(s.t, result.invoice.id)).createdBy).toBeNull();
    expect(
      await s.t.testDb.database.db
        .selectFrom('clients')
        .select('rfc')
        .where('id', '=', client.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ rfc: 'XIA190128J61' });
    expect(await invoicing.receiptInvoiceState(receipt.id)).toEqual({
      invoiceId: result.invoice.id,
      kind: 'receipts',
      status: 'stamped',
    });
    await expectValidCfdi(await stampedXml(result.invoice), s.certificate);
  });
});

describe('refusals', () => {
  it('refuses a cancelled receipt, naming it', async () => {
    const client = await fiscalClient(s.t);
    const receipt = await sell(s.t, [{ productId: soap.id, quantity: 1 }], { clientId: client.id });
    const cancelled = await postAction(s.t, 'changeState', { id: receipt.id, state: 'Cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const response = await postInvoice(s.t, 'create', { receiptIds: [receipt.id] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(
      errorBody(`La remisión #${receipt.id} está cancelada: no se puede facturar.`, 'CONFLICT'),
    );
  });

  it("refuses receipts of another client, and one that doesn't exist", async () => {
    const [one, two] = [await fiscalClient(s.t), await fiscalClient(s.t)];
    const first = await sell(s.t, [{ productId: soap.id, quantity: 1 }], { clientId: one.id });
    const second = await sell(s.t, [{ productId: soap.id, quantity: 1 }], { clientId: two.id });
    const mixed = await postInvoice(s.t, 'create', { receiptIds: [first.id, second.id] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual(
      errorBody(
        `La remisión #${second.id} es de otro cliente: una factura es de las remisiones de un cliente.`,
        'VALIDATION_ERROR',
      ),
    );
    const named = await postInvoice(s.t, 'create', { receiptIds: [first.id], clientId: two.id });
    expect(named.statusCode).toBe(400);
    const unknown = await postInvoice(s.t, 'create', { receiptIds: [first.id, 987_654] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorBody('No existe la remisión #987654.', 'NOT_FOUND'));
  });

  it('lets a Seller invoice the receipt they just sold, and no other', async () => {
    const client = await fiscalClient(s.t);
    const own = await sell(s.t, [{ productId: soap.id, quantity: 1 }], { clientId: client.id, role: 'Seller' });
    const managers = await sell(s.t, [{ productId: soap.id, quantity: 1 }], { clientId: client.id });
    const refused = await postInvoice(s.t, 'create', { receiptIds: [managers.id] }, 'Seller');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Solo puedes facturar la remisión que acabas de vender. Pide a un gerente que facture las demás.',
    );
    const invoice = await invoiceOf(s.t, { receiptIds: [own.id] }, 'Seller');
    expect(invoice.status).toBe('stamped');
    const mine = await s.t.injectAs('Seller', { method: 'GET', url: `/api/invoice/details/${invoice.id}` });
    expect(mine.statusCode).toBe(200);
    const managerInvoice = await invoiceOf(s.t, { receiptIds: [managers.id] });
    const theirs = await s.t.injectAs('Seller', { method: 'GET', url: `/api/invoice/details/${managerInvoice.id}` });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe('Solo puedes ver las facturas que tú emitiste.');
  });
});

describe('cancellation', () => {
  async function stampedInvoice(quantity = 1) {
    const client = await fiscalClient(s.t);
    const receipt = await sell(s.t, [{ productId: soap.id, quantity }], { clientId: client.id });
    return { receipt, invoice: await invoiceOf(s.t, { receiptIds: [receipt.id] }) };
  }

  it.each(['02', '03', '04'] as const)('with motive %s cancels and frees the receipt', async (motive) => {
    const { receipt, invoice } = await stampedInvoice();
    const response = await postInvoice(s.t, 'cancel', { id: invoice.id, motive });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled', cancelMotive: motive, replacementUuid: null });
    expect(s.fake.stamped().find((stamp) => stamp.uuid === invoice.uuid)!.cancellation).toEqual({
      motivo: motive,
      folioSustitucion: null,
    });
    const row = await invoiceRow(s.t, invoice.id);
    expect(row.cancelAcuse).toContain(`<UUID>${invoice.uuid}</UUID>`);
    // Its receipt may be invoiced again.
    const again = await invoiceOf(s.t, { receiptIds: [receipt.id] });
    expect(again.folio).toBeGreaterThan(invoice.folio);
    const twice = await postInvoice(s.t, 'cancel', { id: invoice.id, motive });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Solo se puede cancelar una factura vigente (timbrada).');
  });

  it('with motive 01 names the invoice that replaces it', async () => {
    const { receipt, invoice } = await stampedInvoice();
    const missing = await postInvoice(s.t, 'cancel', { id: invoice.id, motive: '01' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Con el motivo 01 indica el UUID de la factura que sustituye a esta.');
    const replacement = await stampedInvoice();
    const response = await postInvoice(s.t, 'cancel', {
      id: invoice.id,
      motive: '01',
      replacementUuid: replacement.invoice.uuid!.toLowerCase(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'cancelled',
      cancelMotive: '01',
      replacementUuid: replacement.invoice.uuid,
    });
    expect(s.fake.stamped().find((stamp) => stamp.uuid === invoice.uuid)!.cancellation).toEqual({
      motivo: '01',
      folioSustitucion: replacement.invoice.uuid,
    });
    expect(
      await s.t.testDb.database.db
        .selectFrom('invoiceReceipts')
        .select('releasedAt')
        .where('receiptId', '=', receipt.id)
        .executeTakeFirstOrThrow(),
    ).not.toEqual({ releasedAt: null });
  });

  it("waits for the receiver's acceptance over $1,000 a day after the stamp ('cancelling')", async () => {
    const { invoice } = await stampedInvoice(60); // 60 × 17.50 = 1,050.00
    expect(invoice.total).toBe(1050);
    shiftMs = 25 * 3_600_000;
    try {
      const response = await postInvoice(s.t, 'cancel', { id: invoice.id, motive: '02' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: 'cancelling', cancelMotive: '02' });
      expect((await invoiceRow(s.t, invoice.id)).cancelledAt).toBeNull();
    } finally {
      shiftMs = 0;
    }
  });
});

describe('the documents', () => {
  it('lists invoices newest first, by status', async () => {
    const response = await s.t.injectAs('Manager', { method: 'GET', url: '/api/invoice/list?status=cancelled' });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<InvoiceSummary[]>();
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.every((invoice) => invoice.status === 'cancelled')).toBe(true);
    expect(list.map((invoice) => invoice.id)).toEqual([...list.map((invoice) => invoice.id)].sort((a, b) => b - a));
  });

  it("zips the month's stamped XMLs, each byte for byte", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const response = await s.t.injectAs('Manager', { method: 'GET', url: `/api/invoice/zip?month=${month}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = await unzip(response.rawPayload);
    const rows = await s.t.testDb.database.db
      .selectFrom('invoices')
      .select(['series', 'folio', 'uuid', 'stampedXml'])
      .where('stampedXml', 'is not', null)
      .execute();
    expect(files.size).toBe(rows.length);
    for (const row of rows) expect(files.get(`${row.series}-${row.folio}-${row.uuid}.xml`)).toBe(row.stampedXml);
    const bad = await s.t.injectAs('Manager', { method: 'GET', url: '/api/invoice/zip?month=2026-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El mes debe tener la forma AAAA-MM.');
  });
});

describe('without a PAC or without the CSD', () => {
  it("answers 503 'La facturación no está configurada' without PAC_URL", async () => {
    const t = await createTestApp();
    try {
      const response = await t.injectAs('Manager', {
        method: 'POST',
        url: '/api/invoice/create',
        payload: { receiptIds: [1] },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(errorBody('La facturación no está configurada', 'INVOICING_NOT_CONFIGURED'));
    } finally {
      await t.close();
    }
  });

  it('answers 409 naming the CSD when none is loaded', async () => {
    const bare = await invoicingApp({}, { withCsd: false });
    try {
      const client = await fiscalClient(bare.t);
      const product = await taxedProduct(bare.t, 'Jabón', 17.5, { ivaRate: '16' });
      const receipt = await sell(bare.t, [{ productId: product.id, quantity: 1 }], { clientId: client.id });
      const response = await postInvoice(bare.t, 'create', { receiptIds: [receipt.id] });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(
        errorBody(
          'Faltan datos fiscales del negocio: CSD (certificado de sello digital). El administrador los captura en Configuración › Datos fiscales.',
          'CONFLICT',
        ),
      );
      expect(await nextFolio(bare.t)).toBe(1);
    } finally {
      await bare.close();
    }
  });
});

/** The files of a zip, by name, as text. */
function unzip(data: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    const files = new Map<string, string>();
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
