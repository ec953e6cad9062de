import { AUTOFACTURA_MESSAGES, type Autofactura, businessToday, type Receipt } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autofacturaDeadline } from '../src/modules/autofactura/autofactura-link.js';
import { INVOICE_LINK_TTL_MS } from '../src/modules/autofactura/invoice-link.js';
import { INVOICE_ERRORS } from '../src/modules/invoicing/index.js';
import { tokenOf } from './helpers/autofactura.js';
import { errorBody } from './helpers/errors.js';
import { saveSettings } from './helpers/factories.js';
import { pdfText } from './helpers/pdf.js';
import {
  elements,
  expectValidCfdi,
  type InvoicingApp,
  invoiceRow,
  invoicingApp,
  postInvoice,
  sell,
  taxedProduct,
} from './helpers/invoicing.js';

// A customer invoices their own ticket through the real invoicing and the fake PAC: the stamped
// CFDI and its PDF downloaded by signed links without a session (checked against the XSD, its seal and its
// arithmetic); a second try answers the same invoice; two at once make one; past the month it is
// expired; a receipt in a stamped factura global is refused with the reason.

const RECEIVER = {
  rfc: 'CACX7605101P8',
  legalName: 'Xochilt Casas Chavez',
  taxRegime: '612',
  taxZipCode: '64000',
  cfdiUse: 'G03',
  invoiceEmail: 'xochilt@correo.mx',
};

let s: InvoicingApp;
/** Added to the real time: a test moves the server past the sale's month. */
let offset = 0;
let soap: { id: number };
let address = 0;
const nextAddress = () => `192.0.2.${++address}`;

beforeAll(async () => {
  s = await invoicingApp({}, { clock: () => Date.now() + offset });
  soap = await taxedProduct(s.t, 'Jabón', 17.5, { ivaRate: '16' });
});
afterAll(() => s.close());

const show = (receipt: Receipt) =>
  s.t.app.inject({
    method: 'GET',
    url: `/api/public/autofactura?token=${tokenOf(receipt)}`,
    remoteAddress: nextAddress(),
  });
const issue = (receipt: Receipt, receiver: object = RECEIVER) =>
  s.t.app.inject({
    method: 'POST',
    url: '/api/public/autofactura/issue',
    payload: { token: tokenOf(receipt), receiver },
    remoteAddress: nextAddress(),
  });
const download = (path: string) => s.t.app.inject({ method: 'GET', url: path, remoteAddress: nextAddress() });

describe('the autofactura through the fake PAC', () => {
  let receipt: Receipt;
  let issued: Autofactura;

  it('issues the customer’s invoice and answers it with signed XML and PDF downloads that work without a session', async () => {
    receipt = await sell(s.t, [{ productId: soap.id, quantity: 2 }]);
    expect((await show(receipt)).json<Autofactura>().state).toBe('available');
    const stampsBefore = s.fake.calls().stamp;

    const response = await issue(receipt);
    expect(response.statusCode, response.body).toBe(200);
    issued = response.json<Autofactura>();
    expect(issued).toMatchObject({
      state: 'invoiced',
      reason: AUTOFACTURA_MESSAGES.invoiced,
      invoice: {
        kind: 'receipts',
        status: 'stamped',
        receiverRfc: 'CACX7605101P8',
        receiverName: 'XOCHILT CASAS CHAVEZ',
        total: 35,
        uuid: expect.stringMatching(/^[0-9A-F-]{36}$/),
      },
    });
    expect(s.fake.calls().stamp).toBe(stampsBefore + 1);
    const invoice = issued.invoice!;
    expect(invoice.downloads!.xml).toMatch(
      /^\/api\/public\/invoice\?token=[0-9a-z]+\.[0-9a-z]+\.[\w-]{16}&format=xml$/,
    );

    const xml = await download(invoice.downloads!.xml);
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.headers['content-disposition']).toBe(
      `attachment; filename="${invoice.series}-${invoice.folio}-${invoice.uuid}.xml"`,
    );
    // The stamped CFDI exactly as stored (as the PAC returned it), valid, sealed, its sums right.
    expect(xml.body).toBe((await invoiceRow(s.t, invoice.id)).stampedXml);
    await expectValidCfdi(xml.body, s.certificate);
    expect(elements(xml.body, 'cfdi:Receptor')[0]).toMatchObject({
      Rfc: 'CACX7605101P8',
      Nombre: 'XOCHILT CASAS CHAVEZ',
      RegimenFiscalReceptor: '612',
      DomicilioFiscalReceptor: '64000',
      UsoCFDI: 'G03',
    });
    expect(elements(xml.body, 'cfdi:Comprobante')[0]).toMatchObject({ Total: '35.00', MetodoPago: 'PUE' });

    // The printed representation (letter), by its own signed link: the UUID and the receiver.
    expect(invoice.downloads!.pdf).toBe(invoice.downloads!.xml.replace('format=xml', 'format=pdf'));
    const pdf = await download(invoice.downloads!.pdf);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `inline; filename="${invoice.series}-${invoice.folio}-${invoice.uuid}.pdf"`,
    );
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(invoice.uuid!);
    expect(text).toContain('XOCHILT CASAS CHAVEZ');
  });

  it('a second try answers the same invoice with its downloads, and stamps nothing', async () => {
    const stampsBefore = s.fake.calls().stamp;
    const again = await issue(receipt, { ...RECEIVER, rfc: 'XIA190128J61', taxRegime: '601' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Autofactura>()).toMatchObject({
      state: 'invoiced',
      invoice: { id: issued.invoice!.id, receiverRfc: 'CACX7605101P8' },
    });
    expect(again.json<Autofactura>().invoice!.downloads).not.toBeNull();
    expect((await show(receipt)).json<Autofactura>()).toMatchObject({
      state: 'invoiced',
      invoice: { id: issued.invoice!.id, status: 'stamped' },
    });
    expect(s.fake.calls().stamp).toBe(stampsBefore);
  });

  it('two submissions at once make one invoice, and both answer it', async () => {
    const other = await sell(s.t, [{ productId: soap.id, quantity: 1 }]);
    const [a, b] = await Promise.all([issue(other), issue(other)]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect(a.json<Autofactura>().invoice!.id).toBe(b.json<Autofactura>().invoice!.id);
    const rows = await s.t.testDb.database.db
      .selectFrom('invoiceReceipts')
      .select('invoiceId')
      .where('receiptId', '=', other.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a download link refuses another invoice, tampering and its end', async () => {
    const path = issued.invoice!.downloads!.xml;
    const token = new URL(path, 'http://x').searchParams.get('token')!;
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const refused = await download(path.replace(token, token.slice(0, -1) + last));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(errorBody(AUTOFACTURA_MESSAGES.downloadInvalid, 'FORBIDDEN'));
    offset = INVOICE_LINK_TTL_MS + 1000;
    try {
      expect((await download(path)).statusCode).toBe(403);
    } finally {
      offset = 0;
    }
  });

  it('after the sale’s month: a new ticket is expired and refused; an invoiced one still gives its invoice', async () => {
    const late = await sell(s.t, [{ productId: soap.id, quantity: 1 }]);
    offset = autofacturaDeadline(Date.parse(late.date)) - Date.now();
    try {
      const expired = (await show(late)).json<Autofactura>();
      expect(expired.state).toBe('expired');
      expect(expired.reason).toMatch(/^El plazo para facturar esta compra terminó al cierre de \p{L}+ de \d{4}\./u);
      const refused = await issue(late);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(errorBody(expired.reason!, 'CONFLICT'));
      expect((await show(receipt)).json<Autofactura>().state).toBe('invoiced');
    } finally {
      offset = 0;
    }
  });

  it('a receipt in a stamped factura global is refused with the reason', async () => {
    const publicSale = await sell(s.t, [{ productId: soap.id, quantity: 3 }]);
    const today = businessToday(Date.now());
    const global = await postInvoice(s.t, 'global', { from: today, to: today, periodicity: '01' });
    expect(global.statusCode, global.body).toBe(201);
    const answer = (await show(publicSale)).json<Autofactura>();
    expect(answer).toMatchObject({ state: 'in-global', reason: AUTOFACTURA_MESSAGES.inGlobal, invoice: null });
    const refused = await issue(publicSale);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(errorBody(AUTOFACTURA_MESSAGES.inGlobal, 'CONFLICT'));
    // The receipts invoiced on their own stay theirs.
    expect((await show(receipt)).json<Autofactura>().state).toBe('invoiced');
  });

  it('Compartir por WhatsApp: a Manager gets the PDF’s signed link with the shop’s public address', async () => {
    const share = (id: unknown, role: 'Manager' | 'Seller' = 'Manager') =>
      s.t.injectAs(role, { method: 'POST', url: '/api/invoice/shareLink', payload: { id } });
    const id = issued.invoice!.id;
    const withoutAddress = await share(id);
    expect(withoutAddress.statusCode, withoutAddress.body).toBe(200);
    expect(withoutAddress.json()).toMatchObject({ url: null, path: expect.stringMatching(/format=pdf$/) });

    await saveSettings(s.t, { publicUrl: 'https://mitienda.mx' });
    const link = (await share(id)).json<{ path: string; url: string; expiresAt: string }>();
    expect(link.url).toBe(`https://mitienda.mx${link.path}`);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(INVOICE_LINK_TTL_MS - 60_000);
    const pdf = await download(link.path);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain(issued.invoice!.uuid!);

    expect((await share(id, 'Seller')).statusCode).toBe(403);
    const missing = await share(99_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody(INVOICE_ERRORS.invoiceMissing, 'NOT_FOUND'));
  });
});
