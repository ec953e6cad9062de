import { type CreateReceiptResponse, localTimestampToEpoch } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, encodeCp850, qrCodeCommands } from '../src/modules/printing/escpos.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { dataDir, linkOf, makeShopInvoicing, PAC_ENV, PUBLIC_URL } from './helpers/autofactura.js';
import { FakePrinter } from './helpers/fake-printer.js';
import { postAction, postReceipt, saveSettings, seedProduct } from './helpers/factories.js';
import { pdfQrText, pdfText } from './helpers/pdf.js';

// The autofactura link at the bottom of every ticket: 'Factura tu compra en:', the short signed
// link and its QR, on the thermal ticket (the printer's own QR command, byte for byte) and on the
// PDF (the QR drawn, decoded back from the rendered page). Only when the shop can invoice (fiscal data, a
// CSD, a PAC) and has a public address; never on a cancelled receipt, nor once its month is over.

const C = COMMANDS;
const W = 42;
const RULE = '-'.repeat(W);
type Part = readonly number[] | string | Buffer;
const job = (...parts: Part[]) =>
  Buffer.concat(
    parts.map((part) =>
      Buffer.isBuffer(part)
        ? part
        : typeof part === 'string'
          ? Buffer.concat([encodeCp850(part), Buffer.from([0x0a])])
          : Buffer.from(part),
    ),
  );

describe('the ESC/POS QR command', () => {
  it('is GS ( k: model 2, 6-dot modules, error correction M, the data stored with its length + 3, then printed', () => {
    const data = 'https://mitienda.mx/factura/ya.AbCdEfGhIjKlMnOp';
    expect(data.length).toBe(47);
    expect(qrCodeCommands(data)).toEqual(
      Buffer.concat([
        Buffer.from([0x1d, 0x28, 0x6b, 0x04, 0x00, 0x31, 0x41, 0x32, 0x00]),
        Buffer.from([0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x43, 0x06]),
        Buffer.from([0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x45, 0x31]),
        // 47 + 3 = 50 = 0x32: pL 0x32, pH 0x00.
        Buffer.from([0x1d, 0x28, 0x6b, 0x32, 0x00, 0x31, 0x50, 0x30]),
        Buffer.from(data, 'ascii'),
        Buffer.from([0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x51, 0x30]),
      ]),
    );
    // Over 252 bytes the length takes pH too: 300 + 3 = 303 = 0x012f.
    expect(qrCodeCommands('x'.repeat(300)).subarray(25, 33)).toEqual(
      Buffer.from([0x1d, 0x28, 0x6b, 0x2f, 0x01, 0x31, 0x50, 0x30]),
    );
  });
});

describe('the autofactura link on the tickets', () => {
  const printer = new FakePrinter();
  const dir = dataDir();
  let now = localTimestampToEpoch('2026-11-21T12:00:00');
  let t: TestApp;
  let arroz: number;

  beforeAll(async () => {
    t = await createTestApp(
      { PRINTER_URL: await printer.start(), DATA_DIR: dir.DATA_DIR, ...PAC_ENV },
      { clock: () => now },
    );
    await saveSettings(t, { businessName: 'Abarrotes La Güera', ticketFooter: 'Gracias por su visita' });
    arroz = (await seedProduct(t.testDb.database.db, { name: 'Arroz', units: 'kg', stock: 100, price: 23.5 })).id;
  });
  afterAll(async () => {
    await t.close();
    await printer.stop();
    dir.remove();
  });

  async function sell(): Promise<{ receipt: CreateReceiptResponse; job: Buffer }> {
    const before = printer.jobs.length;
    const response = await postReceipt(t, {
      paymentMode: 'Cash',
      paymentMethod: 'Tarjeta',
      date: '2026-11-21T10:00:00',
      items: [{ productId: arroz, quantity: 2 }],
      printReceipt: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { receipt: response.json<CreateReceiptResponse>(), job: await printer.job(before + 1) };
  }

  async function reprint(id: number): Promise<Buffer> {
    const before = printer.jobs.length;
    const response = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/printReceipt',
      payload: { copies: 1, receipt: { id } },
    });
    expect(response.statusCode, response.body).toBe(200);
    return printer.job(before + 1);
  }

  async function pdfOf(id: number): Promise<Buffer> {
    const response = await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/pdf/${id}` });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  }

  const GS_QR = Buffer.from([0x1d, 0x28, 0x6b]);
  const withoutLink = (printed: Buffer) =>
    !printed.includes(encodeCp850('Factura tu compra')) && !printed.includes(GS_QR) && !printed.includes('/factura/');

  it('a shop that cannot invoice yet (no fiscal data, no CSD) prints no link', async () => {
    const { receipt, job: printed } = await sell();
    expect(withoutLink(printed)).toBe(true);
    // The ticket ends as before: the footer, the feed and the cut.
    expect(
      printed.subarray(-job(RULE, C.alignCenter, 'Gracias por su visita', C.alignLeft, C.feed, C.partialCut).length),
    ).toEqual(job(RULE, C.alignCenter, 'Gracias por su visita', C.alignLeft, C.feed, C.partialCut));
    expect(pdfText(await pdfOf(receipt.id))).not.toContain('Factura tu compra');
  });

  it('prints, last: Factura tu compra en:, the link (cut to 42 columns) and the printer’s QR of it', async () => {
    await makeShopInvoicing(t);
    const { receipt, job: printed } = await sell();
    const link = linkOf(receipt);
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/factura/${receipt.id.toString(36)}\\.[A-Za-z0-9_-]{16}$`));
    const bottom = job(
      RULE,
      C.alignCenter,
      'Gracias por su visita',
      C.alignLeft,
      RULE,
      C.alignCenter,
      'Factura tu compra en:',
      link.slice(0, W),
      link.slice(W),
      qrCodeCommands(link),
      C.alignLeft,
      C.feed,
      C.partialCut,
    );
    expect(printed.subarray(-bottom.length)).toEqual(bottom);
    // A reprint carries the same link.
    expect(await reprint(receipt.id)).toEqual(printed);
  });

  it('the PDF ticket: the words and the link, and the QR drawn under them decodes to the link', async () => {
    const { receipt } = await sell();
    const link = linkOf(receipt);
    const pdf = await pdfOf(receipt.id);
    // The link may wrap on the narrow page: compare it without the spaces pdftotext puts there.
    const text = pdfText(pdf);
    expect(text).toContain('Factura tu compra en:');
    expect(text.replace(/ /g, '')).toContain(link);

    // The QR under them, rendered and read back by an independent decoder, is the link.
    expect(pdfQrText(pdf)).toBe(link);
  });

  it('no link without a public address, on a cancelled receipt, or once the sale’s month is over', async () => {
    const { receipt } = await sell();
    await saveSettings(t, { publicUrl: null });
    expect(withoutLink(await reprint(receipt.id))).toBe(true);
    await saveSettings(t, { publicUrl: PUBLIC_URL });
    expect(withoutLink(await reprint(receipt.id))).toBe(false);

    const cancelled = await sell();
    const cancel = await postAction(t, 'changeState', { id: cancelled.receipt.id, state: 'Cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(withoutLink(await reprint(cancelled.receipt.id))).toBe(true);
    expect(pdfText(await pdfOf(cancelled.receipt.id))).not.toContain('Factura tu compra');

    // The sale of 21/11: its link still prints on 30/11 at 23:59:59, not from 01/12 00:00.
    now = localTimestampToEpoch('2026-11-30T23:59:59');
    expect(withoutLink(await reprint(receipt.id))).toBe(false);
    now = localTimestampToEpoch('2026-12-01T00:00:00');
    expect(withoutLink(await reprint(receipt.id))).toBe(true);
    now = localTimestampToEpoch('2026-11-21T12:00:00');
  });
});

describe('a shop without a PAC configured', () => {
  const printer = new FakePrinter();
  const dir = dataDir();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(
      { PRINTER_URL: await printer.start(), DATA_DIR: dir.DATA_DIR },
      { clock: () => localTimestampToEpoch('2026-11-21T12:00:00') },
    );
  });
  afterAll(async () => {
    await t.close();
    await printer.stop();
    dir.remove();
  });

  it('prints no link, though it has its fiscal data, its CSD and a public address', async () => {
    await makeShopInvoicing(t);
    const product = await seedProduct(t.testDb.database.db, { name: 'Frijol', stock: 10, price: 30 });
    const response = await postReceipt(t, {
      paymentMode: 'Cash',
      date: '2026-11-21T10:00:00',
      items: [{ productId: product.id, quantity: 1 }],
      printReceipt: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const printed = await printer.job(1);
    expect(printed.includes(encodeCp850('Factura tu compra'))).toBe(false);
    expect(printed.includes(Buffer.from([0x1d, 0x28, 0x6b]))).toBe(false);
  });
});
