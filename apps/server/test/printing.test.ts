import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateReceiptResponse, PrintResult, Receipt } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { createReceipt, postAction, postReceipt, seedClient, seedProduct } from './helpers/factories.js';

// Printing without a thermal printer: the receipt's PDF on thermal-paper-sized pages,
// and printReceipt / receipt/create answering with its address.

const BUSINESS = {
  BUSINESS_NAME: 'Abarrotes Doña Petra',
  BUSINESS_DETAILS: 'Av. Juárez 12, Monterrey|Tel. 81 5555 0000\\nRFC: PEPJ800101AB1',
  RECEIPT_FOOTER: '¡Gracias por su compra!',
};

let t: TestApp;
let narrow: TestApp;
const db = (app: TestApp = t) => app.testDb.database.db;
let dir: string;

beforeAll(async () => {
  [t, narrow] = await Promise.all([
    createTestApp(BUSINESS),
    createTestApp({ ...BUSINESS, PAPER_WIDTH_MM: '58', RECEIPT_FOOTER: '' }),
  ]);
  dir = mkdtempSync(join(tmpdir(), 'recibo-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await Promise.all([t.close(), narrow.close()]);
});

/** A Credit receipt with accents in every name, two lines and one manual payment. */
async function creditReceipt(app: TestApp = t, extraItems = 0): Promise<Receipt> {
  const pinon = await seedProduct(db(app), { name: 'Piñón añejo “Güero”', units: 'kg' });
  const pinata = await seedProduct(db(app), { name: 'Piñata ¡Feliz cumpleaños!', units: 'pza' });
  const client = await seedClient(db(app), { firstName: 'María José', lastName: 'Núñez' });
  const receipt = await createReceipt(
    app,
    {
      paymentMode: 'Credit',
      clientId: client.id,
      date: '2026-11-21T12:30:00',
      items: [
        { productId: pinon.id, quantity: 2, price: 25.5 },
        { productId: pinata.id, quantity: 3, price: 1234.56 },
        ...Array.from({ length: extraItems }, () => ({ productId: pinon.id, quantity: 1, price: 1 })),
      ],
    },
    'Manager',
  );
  const paid = await postAction(app, 'addPayment', { receiptId: receipt.id, amount: 100, note: 'Pago manual' });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json<Receipt>();
}

interface PdfFacts {
  pages: number;
  sizes: string[];
  text: (page?: number) => string;
}

/** The PDF through poppler: page count, every page's size, and its text. */
function readPdf(bytes: Buffer, name: string): PdfFacts {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '99', file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+(.+?) pts/gm)].map((m) => m[1]!);
  const text = (page?: number) =>
    execFileSync('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), '-layout', file, '-'], {
      encoding: 'utf8',
    });
  return { pages, sizes, text };
}

// A Manager reads every receipt; a Seller, their own and today's (receipt-scope.test.ts).
const getPdf = (app: TestApp, url: string, role: 'Admin' | 'Manager' | 'Seller' = 'Manager') =>
  app.injectAs(role, { method: 'GET', url });

describe('GET /api/receipt/pdf/:id', () => {
  it('is an 80 mm PDF, one page per copy, all the same size, with the receipt in Spanish and exact amounts', async () => {
    const receipt = await creditReceipt();
    const response = await getPdf(t, `/api/receipt/pdf/${receipt.id}?copies=3`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="remision-${receipt.id}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');

    const pdf = readPdf(response.rawPayload, 'ochenta');
    expect(pdf.pages).toBe(3);
    expect(pdf.sizes).toHaveLength(3);
    const [width, height] = pdf.sizes[0]!.split(' x ').map(Number);
    expect(width).toBe(226.77);
    expect(height).toBeGreaterThan(200);
    expect(new Set(pdf.sizes)).toEqual(new Set([pdf.sizes[0]]));

    const first = pdf.text(1);
    for (const expected of [
      'Abarrotes Doña Petra',
      'Av. Juárez 12, Monterrey',
      'Tel. 81 5555 0000',
      'PEPJ800101AB1',
      `Remisión #${receipt.id}`,
      '21/11/2026, 12:30 p.m.',
      'María José Núñez',
      'Usuario Manager',
      'Crédito',
      'Pendiente',
      'Piñón añejo “Güero”',
      'Piñata ¡Feliz cumpleaños!',
      '¡Gracias por su compra!',
    ]) {
      expect(first, expected).toContain(expected);
    }
    // Lines: 2 × $25.50 = $51.00; 3 × $1,234.56 = $3,703.68. Total $3,754.68, paid $100.00.
    expect(first).toMatch(/2 kg × \$25\.50\s+\$51\.00/);
    expect(first).toMatch(/3 pza × \$1,234\.56\s+\$3,703\.68/);
    expect(first).toMatch(/Total\s+\$3,754\.68/);
    expect(first).toMatch(/Pagado\s+\$100\.00/);
    expect(first).toMatch(/Saldo\s+\$3,654\.68/);
    expect(first).toMatch(/Pagos\s+\d\d\/\d\d\/\d{4}\s+Pago manual\s+\$100\.00/);
    // COPIA only from the second copy on.
    expect(first).not.toContain('COPIA');
    expect(pdf.text(2)).toContain('COPIA');
    expect(pdf.text(3)).toContain('COPIA');
    expect(pdf.text(3)).toMatch(/Saldo\s+\$3,654\.68/);
  });

  it('grows with the content: the whole ticket is on each page, never split', async () => {
    const small = await creditReceipt();
    const large = await creditReceipt(t, 40);
    const heightOf = async (id: number) => {
      const pdf = readPdf((await getPdf(t, `/api/receipt/pdf/${id}`)).rawPayload, `alto-${id}`);
      expect(pdf.pages).toBe(1);
      expect(pdf.text(1)).toContain('¡Gracias por su compra!');
      return Number(pdf.sizes[0]!.split(' x ')[1]);
    };
    const [smallHeight, largeHeight] = [await heightOf(small.id), await heightOf(large.id)];
    // 40 more lines of item name and detail.
    expect(largeHeight).toBeGreaterThan(smallHeight + 40 * 20);
  });

  it('is 58 mm wide with PAPER_WIDTH_MM=58, and one page without copies', async () => {
    const receipt = await creditReceipt(narrow);
    const response = await getPdf(narrow, `/api/receipt/pdf/${receipt.id}`, 'Admin');
    expect(response.statusCode).toBe(200);
    const pdf = readPdf(response.rawPayload, 'cincuenta-y-ocho');
    expect(pdf.pages).toBe(1);
    expect(pdf.sizes[0]).toMatch(/^164\.41 x /);
    const text = pdf.text();
    expect(text).toContain('Piñata ¡Feliz cumpleaños!');
    expect(text).toMatch(/Saldo\s+\$3,654\.68/);
    // An empty RECEIPT_FOOTER prints no footer.
    expect(text).not.toContain('Gracias');
  });

  it('says which receipt is missing, and refuses copies below 1 or above 10', async () => {
    const missing = await getPdf(t, '/api/receipt/pdf/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(errorBody('La remisión #999999 no existe.', 'NOT_FOUND'));
    const receipt = await creditReceipt();
    for (const [copies, message] of [
      ['0', 'El número de copias debe ser al menos 1.'],
      ['11', 'El número de copias no puede ser mayor que 10.'],
      ['dos', 'El número de copias debe ser un número entero.'],
    ] as const) {
      const response = await getPdf(t, `/api/receipt/pdf/${receipt.id}?copies=${copies}`);
      expect(response.statusCode, copies).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });
});

describe('POST /api/printReceipt without a printer', () => {
  const print = (payload: unknown, role: 'Admin' | 'Manager' | 'Seller' = 'Manager') =>
    t.injectAs(role, { method: 'POST', url: '/api/printReceipt', payload: payload as object });

  it('answers with the PDF address for the copies asked, taking the whole receipt as the web app sends it', async () => {
    const receipt = await creditReceipt();
    const response = await print({ copies: 2, receipt });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PrintResult>()).toEqual({
      ok: true,
      message: 'Recibo listo para imprimir.',
      pdfUrl: `/api/receipt/pdf/${receipt.id}?copies=2`,
    });
    // That address is the PDF with two pages.
    const pdf = await getPdf(t, response.json<PrintResult>().pdfUrl!);
    expect(pdf.statusCode).toBe(200);
    expect(readPdf(pdf.rawPayload, 'direccion').pages).toBe(2);
  });

  it('validates copies and the receipt id with Spanish messages, and 404s an unknown receipt', async () => {
    const receipt = await creditReceipt();
    const cases: [unknown, string][] = [
      [{ copies: 0, receipt }, 'El número de copias debe ser al menos 1.'],
      [{ copies: -3, receipt: { id: receipt.id } }, 'El número de copias debe ser al menos 1.'],
      [{ copies: 11, receipt: { id: receipt.id } }, 'El número de copias no puede ser mayor que 10.'],
      [{ copies: 1.5, receipt: { id: receipt.id } }, 'El número de copias debe ser un número entero.'],
      [{ copies: 1 }, 'La remisión a imprimir es obligatoria.'],
      [{ copies: 1, receipt: { total: 5 } }, 'El ID debe ser un número positivo'],
      [{ copies: 1, receipt: { id: 'uno' } }, 'El ID debe ser un número positivo'],
    ];
    for (const [payload, message] of cases) {
      const response = await print(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const unknownField = await print({ copies: 1, receipt: { id: receipt.id }, printer: 'otra' });
    expect(unknownField.statusCode).toBe(400);

    const missing = await print({ copies: 1, receipt: { id: 987654 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('La remisión #987654 no existe.');
  });

  it('prints one copy when copies is left out', async () => {
    const receipt = await creditReceipt();
    const response = await print({ receipt: { id: receipt.id } }, 'Admin');
    expect(response.json<PrintResult>().pdfUrl).toBe(`/api/receipt/pdf/${receipt.id}?copies=1`);
  });
});

describe('POST /api/receipt/create with printReceipt', () => {
  it('answers printResult with the PDF address; without printReceipt there is none', async () => {
    const product = await seedProduct(db(), { name: 'Jabón', stock: 10 });
    const body = {
      paymentMode: 'Cash' as const,
      date: '2026-11-21T09:15:00',
      items: [{ productId: product.id, quantity: 1, price: 18 }],
    };
    const printed = await postReceipt(t, { ...body, printReceipt: true }, { headers: { 'Idempotency-Key': 'imp-1' } });
    expect(printed.statusCode, printed.body).toBe(201);
    const receipt = printed.json<CreateReceiptResponse>();
    expect(receipt.printResult).toEqual({
      ok: true,
      message: 'Recibo listo para imprimir.',
      pdfUrl: `/api/receipt/pdf/${receipt.id}?copies=1`,
    });

    // A retry that lost the first answer gets the same sale and the PDF address again.
    const replay = await postReceipt(t, { ...body, printReceipt: true }, { headers: { 'Idempotency-Key': 'imp-1' } });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<CreateReceiptResponse>()).toMatchObject({ id: receipt.id, printResult: receipt.printResult });

    const plain = await postReceipt(t, { ...body, printReceipt: false });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).not.toHaveProperty('printResult');
  });
});
