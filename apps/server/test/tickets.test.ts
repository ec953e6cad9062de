import { type CreateReceiptResponse, type Receipt, receivedShortMessage, type TaxTerms } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, encodeCp850 } from '../src/modules/printing/escpos.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { FakePrinter } from './helpers/fake-printer.js';
import { PNG_LOGO, postReceipt, saveSettings, seedClient, seedProduct, setProductTaxes } from './helpers/factories.js';
import { pdfText } from './helpers/pdf.js';

// The thermal ticket, byte for byte: the shop's identity as saved in its settings (never the
// environment's first-start values; the logo is for PDFs only), a cash sale in Efectivo with
// 'Recibido' and 'Cambio', a card sale labelled TARJETA alone, and a credit sale with its due
// day and the 'Debo y pagaré' line with room to sign. Above the total, the taxes it includes
// (Subtotal, IEPS, IVA per rate), on the thermal ticket and on the PDF alike.

const W = 42;
/** "Label          value" in 42 columns (labelValue's rule, written out). */
const lv = (label: string, value: string) => label + ' '.repeat(W - label.length - value.length) + value;
const RULE = '-'.repeat(W);

type Part = readonly number[] | string;
/** The expected job: commands as they are, each text a line in PC850 ended by LF. */
const job = (...parts: Part[]) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.concat([encodeCp850(part), Buffer.from([0x0a])]) : Buffer.from(part),
    ),
  );
const C = COMMANDS;
const bold = (text: string): Part[] => [C.boldOn, text, C.boldOff];

/** Everything before the receipt's own rows: the shop as its settings say. */
const HEAD: Part[] = [
  C.init,
  C.codePagePc850,
  C.alignCenter,
  C.boldOn,
  C.doubleOn,
  'Abarrotes La Güera',
  C.doubleOff,
  C.boldOff,
  'Av. Juárez 12',
  'Centro, Monterrey',
  'Tel. 81 1234 5678',
  'RFC GUEA800101AB1',
  C.alignLeft,
  RULE,
];
const ITEMS_HEADING: Part[] = [RULE, ...bold(lv('Producto', 'Importe')), RULE];
const FOOTER: Part[] = [RULE, C.alignCenter, 'Gracias por su visita', C.alignLeft, C.feed, C.partialCut];
const DATE = lv('Fecha', '21/11/2026, 10:00 a.m.');

describe('the thermal ticket', () => {
  const printer = new FakePrinter();
  let t: TestApp;
  let arroz: number;
  let aceite: number;

  beforeAll(async () => {
    t = await createTestApp({
      PRINTER_URL: await printer.start(),
      BUSINESS_NAME: 'Nombre de arranque',
      BUSINESS_DETAILS: 'Dirección de arranque',
    });
    await saveSettings(t, {
      businessName: 'Abarrotes La Güera',
      address: 'Av. Juárez 12\nCentro, Monterrey',
      phone: '81 1234 5678',
      rfc: 'GUEA800101AB1',
      ticketFooter: 'Gracias por su visita',
      logo: PNG_LOGO,
    });
    const db = t.testDb.database.db;
    arroz = (await seedProduct(db, { name: 'Arroz', units: 'kg', stock: 100, price: 23.5 })).id;
    aceite = (await seedProduct(db, { name: 'Aceite', units: 'pza', stock: 100, price: 42.75 })).id;
  });
  afterAll(async () => {
    await t.close();
    await printer.stop();
  });

  /** Sells with printReceipt and answers the receipt and the job the printer got. */
  async function sell(body: object): Promise<{ receipt: CreateReceiptResponse; job: Buffer }> {
    const before = printer.jobs.length;
    const response = await postReceipt(t, {
      date: '2026-11-21T10:00:00',
      items: [
        { productId: arroz, quantity: 2 },
        { productId: aceite, quantity: 1 },
      ],
      printReceipt: true,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json<CreateReceiptResponse>();
    expect(receipt.printResult).toEqual({ ok: true, message: 'El recibo se envió a la impresora.' });
    return { receipt, job: await printer.job(before + 1) };
  }

  const items: Part[] = ['Arroz', lv('  2 kg × $23.50', '$47.00'), 'Aceite', lv('  1 pza × $42.75', '$42.75')];
  // Both at 16 % (a product's default): 4700 = 4052 + 648 (648.32); 4275 = 3685 + 590 (589.6).
  const TAXES: Part[] = [lv('Subtotal', '$77.37'), lv('IVA', '$12.38')];

  it('a cash sale in Efectivo: EFECTIVO, what was handed over and the change', async () => {
    const { receipt, job: printed } = await sell({ paymentMode: 'Cash', received: 100 });
    expect(receipt.payments).toMatchObject([{ amount: 89.75, method: 'Efectivo', received: 100 }]);
    expect(printed).toEqual(
      job(
        ...HEAD,
        ...bold(`Remisión #${receipt.id}`),
        DATE,
        lv('Cliente', 'Público en general'),
        lv('Vendedor', 'Usuario Manager'),
        ...bold(lv('Forma de pago', 'EFECTIVO')),
        lv('Estado', 'Pagado'),
        ...ITEMS_HEADING,
        ...items,
        RULE,
        ...TAXES,
        ...bold(lv('Total', '$89.75')),
        lv('Pagado', '$89.75'),
        lv('Recibido', '$100.00'),
        ...bold(lv('Cambio', '$10.25')),
        ...FOOTER,
      ),
    );

    // Printed again later, from the receipt as stored: the same handing over.
    const before = printer.jobs.length;
    const again = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/printReceipt',
      payload: { copies: 1, receipt: { id: receipt.id } },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await printer.job(before + 1)).toEqual(printed);
  });

  it('a card sale is TARJETA only: no Recibido, no Cambio', async () => {
    const { receipt, job: printed } = await sell({ paymentMode: 'Cash', paymentMethod: 'Tarjeta' });
    expect(printed).toEqual(
      job(
        ...HEAD,
        ...bold(`Remisión #${receipt.id}`),
        DATE,
        lv('Cliente', 'Público en general'),
        lv('Vendedor', 'Usuario Manager'),
        ...bold(lv('Forma de pago', 'TARJETA')),
        lv('Estado', 'Pagado'),
        ...ITEMS_HEADING,
        ...items,
        RULE,
        ...TAXES,
        ...bold(lv('Total', '$89.75')),
        lv('Pagado', '$89.75'),
        ...FOOTER,
      ),
    );
  });

  it('a cash sale without the amount handed over prints neither Recibido nor Cambio', async () => {
    const { job: printed } = await sell({ paymentMode: 'Cash' });
    const text = printed.toString('latin1');
    expect(text).toContain(lv('Forma de pago', 'EFECTIVO'));
    expect(text).not.toContain('Recibido');
    expect(text).not.toContain('Cambio');
  });

  it('a credit sale: its due day from the client’s plazo and the Debo y pagaré with room to sign', async () => {
    const client = await seedClient(t.testDb.database.db, { firstName: 'José', lastName: 'Peña', creditDays: 15 });
    const { receipt, job: printed } = await sell({ paymentMode: 'Credit', clientId: client.id });
    expect(printed).toEqual(
      job(
        ...HEAD,
        ...bold(`Remisión #${receipt.id}`),
        DATE,
        lv('Cliente', 'José Peña'),
        lv('Vendedor', 'Usuario Manager'),
        lv('Forma de pago', 'Crédito'),
        lv('Estado', 'Pendiente'),
        ...ITEMS_HEADING,
        ...items,
        RULE,
        ...TAXES,
        ...bold(lv('Total', '$89.75')),
        lv('Pagado', '$0.00'),
        ...bold(lv('Saldo', '$89.75')),
        ...bold(lv('Vence', '06/12/2026')),
        RULE,
        ...bold('Pagos'),
        'Sin pagos registrados.',
        RULE,
        'Debo y pagaré a Abarrotes La Güera la',
        'cantidad de $89.75 a más tardar el',
        '06/12/2026.',
        '',
        '',
        '',
        C.alignCenter,
        '_'.repeat(W - 10),
        'Firma: José Peña',
        C.alignLeft,
        ...FOOTER,
      ),
    );
  });

  /** A product of $17.50 taxed with `taxes` (straight in the database). */
  async function taxed(name: string, taxes: Partial<TaxTerms>) {
    const product = await seedProduct(t.testDb.database.db, { name, stock: 100, price: 17.5 });
    await setProductTaxes(t.testDb.database.db, product.id, taxes);
    return product.id;
  }

  /** Sells a unit of each product, printing; answers the thermal job and the PDF's text. */
  async function sellTaxed(productIds: number[]) {
    const before = printer.jobs.length;
    const response = await postReceipt(t, {
      paymentMode: 'Cash',
      paymentMethod: 'Tarjeta',
      date: '2026-11-21T10:00:00',
      items: productIds.map((productId) => ({ productId, quantity: 1 })),
      printReceipt: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json<CreateReceiptResponse>();
    const pdf = await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/pdf/${receipt.id}` });
    expect(pdf.statusCode).toBe(200);
    return { receipt, job: await printer.job(before + 1), pdf: pdfText(pdf.rawPayload) };
  }

  it('several IVA rates and an IEPS: Subtotal, IEPS, one IVA line per rate, then the Total', async () => {
    const {
      receipt,
      job: printed,
      pdf,
    } = await sellTaxed([
      await taxed('General', { ivaRate: '16' }),
      await taxed('Frontera', { ivaRate: '8' }),
      await taxed('Cerveza', { iepsRatePpm: 265_000 }),
    ]);
    // 1750 = 1509 + 241 (16 %); 1750 = 1620 + 130 (8 %); 1750 = 1193 + 316 IEPS + 241 IVA 16 %.
    expect([receipt.subtotal, receipt.ieps, receipt.iva, receipt.total]).toEqual([43.22, 3.16, 6.12, 52.5]);
    const totals: Part[] = [
      RULE,
      lv('Subtotal', '$43.22'),
      lv('IEPS', '$3.16'),
      lv('IVA 16 %', '$4.82'),
      lv('IVA 8 %', '$1.30'),
      ...bold(lv('Total', '$52.50')),
      lv('Pagado', '$52.50'),
    ];
    expect(printed.includes(job(...totals))).toBe(true);
    expect(pdf).toMatch(
      /Subtotal \$43\.22 IEPS \$3\.16 IVA 16 % \$4\.82 IVA 8 % \$1\.30 Total \$52\.50 Pagado \$52\.50/,
    );
  });

  it('all exento or 0 %: IVA $0.00 and no IEPS line', async () => {
    const { job: printed, pdf } = await sellTaxed([
      await taxed('Leche', { ivaRate: '0' }),
      await taxed('Libro', { ivaRate: 'exento' }),
    ]);
    const totals: Part[] = [RULE, lv('Subtotal', '$35.00'), lv('IVA', '$0.00'), ...bold(lv('Total', '$35.00'))];
    expect(printed.includes(job(...totals))).toBe(true);
    expect(printed.includes(encodeCp850('IEPS'))).toBe(false);
    expect(pdf).toMatch(/Subtotal \$35\.00 IVA \$0\.00 Total \$35\.00/);
    expect(pdf).not.toContain('IEPS');
  });

  it('refuses an amount handed over that does not cover the sale, or on a sale not in Efectivo', async () => {
    const short = await postReceipt(t, {
      paymentMode: 'Cash',
      date: '2026-11-21T10:00:00',
      items: [{ productId: aceite, quantity: 1 }],
      received: 40,
    });
    expect(short.json()).toEqual(errorBody(receivedShortMessage('$40.00', '$42.75'), 'VALIDATION_ERROR'));
    const card = await postReceipt(t, {
      paymentMode: 'Cash',
      paymentMethod: 'Tarjeta',
      date: '2026-11-21T10:00:00',
      items: [{ productId: aceite, quantity: 1 }],
      received: 50,
    });
    expect(card.statusCode).toBe(400);
    expect(card.json<{ message: string }>().message).toContain(
      'El efectivo recibido solo aplica a una venta de contado pagada en efectivo.',
    );
    const exact = await postReceipt(t, {
      paymentMode: 'Cash',
      date: '2026-11-21T10:00:00',
      items: [{ productId: aceite, quantity: 1 }],
      received: 42.75,
    });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json<Receipt>().payments[0]).toMatchObject({ amount: 42.75, received: 42.75 });
  });
});
