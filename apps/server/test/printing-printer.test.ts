import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { businessToday, type CreateReceiptResponse, type PrintResult, type Receipt } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeCp850, labelValue, ticketToEscPos, wrap } from '../src/modules/printing/escpos.js';
import { sendToPrinter } from '../src/modules/printing/printer.js';
import { foldText } from '../src/lib/fold-text.js';
import { buildTicket } from '../src/modules/printing/ticket.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { DRAWER_KICK, FakePrinter, printedLines } from './helpers/fake-printer.js';
import { createReceipt, postReceipt, seedClient, seedProduct, stockOf } from './helpers/factories.js';

// Printing to an ESC/POS thermal printer over TCP. A local listener stands in for the
// printer and keeps every byte it receives.

const ESC = 0x1b;
const GS = 0x1d;
const INIT = Buffer.from([ESC, 0x40]);
const CODE_PAGE_850 = Buffer.from([ESC, 0x74, 2]);
const PARTIAL_CUT = Buffer.from([GS, 0x56, 0x42, 0]);

/** A port nobody listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A printer that never answers: a listener in a child process whose event loop is blocked, so
 * it never accepts. Once its accept queue (backlog 1) is full, the kernel drops further
 * connection attempts and a client's connect hangs.
 */
async function hungPrinter(): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcess = spawn(process.execPath, [
    '-e',
    `const s = require('net').createServer();
     s.listen({ host: '127.0.0.1', port: 0, backlog: 1 }, () => {
       process.stdout.write(s.address().port + '\\n');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120000);
     });`,
  ]);
  const port = await new Promise<number>((resolve) => child.stdout!.once('data', (d) => resolve(Number(d))));
  const fillers: Socket[] = [];
  for (let i = 0; i < 3; i++) fillers.push(connect(port, '127.0.0.1').on('error', () => {}));
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    url: `tcp://127.0.0.1:${port}`,
    stop: () => {
      for (const socket of fillers) socket.destroy();
      child.kill('SIGKILL');
    },
  };
}

/** How many times `needle` occurs in `haystack`. */
function count(haystack: Buffer, needle: Buffer): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

describe('ESC/POS encoding', () => {
  it('writes Spanish letters in code page PC850', () => {
    expect([...encodeCp850('áéíóú ÁÉÍÓÚ ñÑ üÜ ¿¡ ×')]).toEqual([
      0xa0, 0x82, 0xa1, 0xa2, 0xa3, 0x20, 0xb5, 0x90, 0xd6, 0xe0, 0xe9, 0x20, 0xa4, 0xa5, 0x20, 0x81, 0x9a, 0x20, 0xa8,
      0xad, 0x20, 0x9e,
    ]);
    expect(encodeCp850('Total $1,234.50').toString('latin1')).toBe('Total $1,234.50');
  });

  it('never lets text carry a printer command, and folds what PC850 lacks', () => {
    expect(encodeCp850('A\x1b@\x1dV\x00B')).toEqual(Buffer.from('A @ V B', 'latin1'));
    const inLatin1 = (c: string) => c.charCodeAt(0) <= 0xff;
    expect(foldText('“Güero” — 5 € ŝ 🙂\u202Fp.m.', inLatin1)).toBe('"Güero" - 5 EUR s ? p.m.');
  });

  it('keeps every line within the paper columns', () => {
    expect(wrap('Arroz súper extra de grano largo', 12)).toEqual(['Arroz súper', 'extra de', 'grano largo']);
    expect(wrap('Supercalifragilístico', 8)).toEqual(['Supercal', 'ifragilí', 'stico']);
    expect(labelValue('Total', '$5.00', 20)).toEqual(['Total          $5.00']);
    expect(labelValue('Una etiqueta muy larga', '$1,000.00', 16)).toEqual([
      'Una etiqueta muy',
      'larga',
      '       $1,000.00',
    ]);
  });
});

describe('with a thermal printer (PRINTER_URL)', () => {
  const printer = new FakePrinter();
  let t: TestApp;
  let receipt: Receipt;

  beforeAll(async () => {
    t = await createTestApp({ PRINTER_URL: await printer.start(), BUSINESS_NAME: 'Papelería Ñandú' });
    const db = t.testDb.database.db;
    const product = await seedProduct(db, { name: 'Cuaderno “Económico” año 2026', units: 'pza' });
    const client = await seedClient(db, { firstName: 'José', lastName: 'Peña' });
    receipt = await createReceipt(
      t,
      {
        paymentMode: 'Credit',
        clientId: client.id,
        date: '2026-11-21T12:30:00',
        items: [{ productId: product.id, quantity: 3, price: 45.5 }],
      },
      'Manager',
    );
  });
  afterAll(async () => {
    await t.close();
    await printer.stop();
  });

  it('sends initialise, code page, the ticket and a cut per copy; COPIA from the second; amounts from the database', async () => {
    const before = printer.jobs.length;
    const response = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/printReceipt',
      // Client-sent amounts are ignored: the server re-reads the receipt.
      payload: { copies: 2, receipt: { ...receipt, total: 1, balance: 1 } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PrintResult>()).toEqual({ ok: true, message: 'El recibo se envió a la impresora.' });
    // Success is answered once the socket took every byte and closed: the printer has them all.
    const job = await printer.job(before + 1);

    expect(job.subarray(0, 5)).toEqual(Buffer.concat([INIT, CODE_PAGE_850]));
    expect(count(job, INIT)).toBe(2);
    expect(count(job, CODE_PAGE_850)).toBe(2);
    expect(count(job, PARTIAL_CUT)).toBe(2);
    expect(job.subarray(-PARTIAL_CUT.length)).toEqual(PARTIAL_CUT);
    expect(count(job, Buffer.from('COPIA'))).toBe(1);
    // The copy mark is in the second copy, after the first cut.
    expect(job.indexOf(Buffer.from('COPIA'))).toBeGreaterThan(job.indexOf(PARTIAL_CUT));
    // Accented text in PC850 bytes, never UTF-8.
    expect(job.includes(Buffer.from([0x50, 0x61, 0x70, 0x65, 0x6c, 0x65, 0x72, 0xa1, 0x61]))).toBe(true); // Papelería
    expect(job.includes(Buffer.from(`Remisi\xa2n #${receipt.id}`, 'latin1'))).toBe(true);
    expect(job.includes(Buffer.from('Ñandú', 'utf8'))).toBe(false);

    const lines = printedLines(job);
    expect(lines.every((line) => line.length <= 42)).toBe(true);
    expect(lines).toContain(`Remisión #${receipt.id}`);
    expect(lines).toContain('Cliente                          José Peña');
    expect(lines).toContain('Forma de pago                      Crédito');
    expect(lines).toContain('Cuaderno "Económico" año 2026');
    expect(lines).toContain('  3 pza × $45.50                   $136.50');
    expect(lines).toContain('Total                              $136.50');
    expect(lines).toContain('Saldo                              $136.50');
    expect(lines).toContain('¡Gracias por su compra!');
  });

  it('prints one copy after a sale with printReceipt and says so in printResult', async () => {
    const before = printer.jobs.length;
    const product = await seedProduct(t.testDb.database.db, { name: 'Lápiz', stock: 5 });
    const response = await postReceipt(t, {
      paymentMode: 'Cash',
      date: '2026-11-21T10:00:00',
      items: [{ productId: product.id, quantity: 2, price: 7.5 }],
      printReceipt: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<CreateReceiptResponse>();
    expect(created.printResult).toEqual({ ok: true, message: 'El recibo se envió a la impresora.' });
    const job = await printer.job(before + 1);
    expect(printer.jobs).toHaveLength(before + 1);
    expect(count(job, PARTIAL_CUT)).toBe(1);
    expect(count(job, Buffer.from('COPIA'))).toBe(0);
    expect(printedLines(job)).toContain('Total                               $15.00');
  });

  it('prints a weighed line with its three decimals and the rounded line total', async () => {
    const before = printer.jobs.length;
    const cheese = await seedProduct(t.testDb.database.db, {
      name: 'Queso',
      units: 'kg',
      stock: 5,
      price: 189.9,
      sellsByWeight: true,
    });
    const response = await postReceipt(t, {
      paymentMode: 'Cash',
      date: '2026-11-21T10:00:00',
      items: [{ productId: cheese.id, quantity: 0.75 }],
      printReceipt: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const lines = printedLines(await printer.job(before + 1));
    expect(lines).toContain(`  0.750 kg × $189.90${' '.repeat(15)}$142.43`);
    expect(lines).toContain('Total                              $142.43');
  });

  it('lays a 58 mm ticket out in 32 columns', () => {
    const ticket = buildTicket(receipt, { name: 'Papelería', details: ['Calle Ñ 1'], footer: ['Gracias'] });
    const lines = printedLines(ticketToEscPos(ticket, { columns: 32, copies: 1 }));
    expect(lines.every((line) => line.length <= 32)).toBe(true);
    expect(lines).toContain('Total                    $136.50');
  });

  it('opens the cash drawer (ESC p 0 25 250) after a cash sale, not after a credit or card sale', async () => {
    const db = t.testDb.database.db;
    const product = await seedProduct(db, { stock: 50, price: 10 });
    const client = await seedClient(db);
    await t.app.services.printing.kicksSettled(); // earlier sales' kicks have landed
    const before = printer.kicks.length;
    const sale = (body: object) =>
      createReceipt(t, {
        date: '2026-11-21T10:00:00',
        items: [{ productId: product.id, quantity: 1 }],
        ...body,
      } as never);
    await sale({ paymentMode: 'Credit', clientId: client.id });
    await sale({ paymentMode: 'Cash', paymentMethod: 'Tarjeta' });
    await sale({ paymentMode: 'Cash' });
    await t.app.services.printing.kicksSettled();
    expect(printer.kicks.slice(before)).toEqual([DRAWER_KICK]);
  });

  it('opens the drawer when a shift closes, and prints the shift summary on the thermal printer', async () => {
    await t.app.services.printing.kicksSettled();
    const kicksBefore = printer.kicks.length;
    const jobsBefore = printer.jobs.length;
    const post = (url: string, payload?: object) => t.injectAs('Seller', { method: 'POST', url, payload });
    expect((await post('/api/cash/open', { openingFloat: 500 })).statusCode).toBe(201);
    const closed = await post('/api/cash/close', { countedTotal: 499.5 });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await printer.kick(kicksBefore + 1)).toEqual(DRAWER_KICK);

    const printed = await post(`/api/cash/print/${closed.json<{ id: number }>().id}`);
    expect(printed.json<PrintResult>()).toEqual({ ok: true, message: 'El resumen del turno se envió a la impresora.' });
    const lines = printedLines(await printer.job(jobsBefore + 1));
    expect(lines).toContain(`Turno de caja #${closed.json<{ id: number }>().id}`);
    expect(lines).toContain('Efectivo esperado                  $500.00');
    expect(lines).toContain('Diferencia                 -$0.50 Faltante');
    expect(lines).toContain('Salidas                              $0.00');
  });

  it("prints a cut's summary on the thermal printer: cash first, then the shifts", async () => {
    const generated = await t.injectAs('Admin', {
      method: 'POST',
      url: '/api/reports/generate',
      payload: { date: businessToday() },
    });
    expect(generated.statusCode, generated.body).toBe(201);
    const before = printer.jobs.length;
    const printed = await t.injectAs('Manager', {
      method: 'POST',
      url: `/api/reports/print/${generated.json<{ id: number }>().id}`,
    });
    expect(printed.json<PrintResult>()).toEqual({ ok: true, message: 'El corte se envió a la impresora.' });
    const lines = printedLines(await printer.job(before + 1));
    expect(lines).toContain(`Corte de caja ${businessToday()}`);
    const expected = lines.findIndex((line) => line.startsWith('Efectivo esperado'));
    const sold = lines.findIndex((line) => line.startsWith('Total vendido'));
    expect(expected).toBeGreaterThan(0);
    expect(sold).toBeGreaterThan(lines.indexOf('#1 Usuario Seller (Faltante)'));
    expect(lines).toContain('Diferencia                          -$0.50');
    expect(lines.indexOf('#1 Usuario Seller (Faltante)')).toBeGreaterThan(expected);
    expect(lines.every((line) => line.length <= 42)).toBe(true);
  });
});

describe('with a printer that is off (connection refused)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A timeout longer than the test's own: an answer at all means the refusal was not waited out.
    t = await createTestApp({ PRINTER_URL: `tcp://127.0.0.1:${await closedPort()}`, PRINTER_TIMEOUT_MS: '60000' });
  });
  afterAll(() => t.close());

  it('answers 502 with a Spanish message at once', async () => {
    const product = await seedProduct(t.testDb.database.db);
    const receipt = await createReceipt(t, {
      paymentMode: 'Cash',
      date: '2026-11-21T10:00:00',
      items: [{ productId: product.id, quantity: 1, price: 10 }],
    });
    const response = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/printReceipt',
      payload: { copies: 1, receipt: { id: receipt.id } },
    });
    // 502 (refused), not 504 (the 60 s timeout, longer than this test may run).
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual(errorBody('No se pudo conectar con la impresora.', 'BAD_GATEWAY'));
  });

  it('still makes the sale on receipt/create: 201 with printResult ok false, receipt and stock saved', async () => {
    const db = t.testDb.database.db;
    const product = await seedProduct(db, { stock: 10 });
    const response = await postReceipt(t, {
      paymentMode: 'Cash',
      date: '2026-11-21T11:00:00',
      items: [{ productId: product.id, quantity: 4, price: 12.25 }],
      printReceipt: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<CreateReceiptResponse>();
    expect(created.printResult).toEqual({ ok: false, message: 'No se pudo conectar con la impresora.' });
    expect(created).toMatchObject({ state: 'Paid', total: 49, paid: 49, balance: 0 });
    const details = await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/details/${created.id}` });
    expect(details.statusCode).toBe(200);
    expect(details.json<Receipt>().total).toBe(49);
    expect(await stockOf(db, product.id)).toBe(6);
  });
});

describe('with a printer that does not answer', () => {
  let t: TestApp;
  let hung: Awaited<ReturnType<typeof hungPrinter>>;
  beforeAll(async () => {
    hung = await hungPrinter();
    t = await createTestApp({ PRINTER_URL: hung.url, PRINTER_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    hung.stop();
    await t.close();
  });

  it('gives up after PRINTER_TIMEOUT_MS with 504, and the sale of receipt/create stands', async () => {
    const db = t.testDb.database.db;
    const product = await seedProduct(db, { stock: 3 });
    const started = Date.now();
    const response = await postReceipt(t, {
      paymentMode: 'Cash',
      date: '2026-11-21T11:00:00',
      items: [{ productId: product.id, quantity: 1, price: 30 }],
      printReceipt: true,
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(response.statusCode).toBe(201);
    const created = response.json<CreateReceiptResponse>();
    expect(created.printResult).toEqual({ ok: false, message: 'La impresora no respondió a tiempo.' });
    expect(await stockOf(db, product.id)).toBe(2);

    const retried = Date.now();
    const print = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/printReceipt',
      payload: { copies: 1, receipt: { id: created.id } },
    });
    const elapsed = Date.now() - retried;
    expect(print.statusCode).toBe(504);
    expect(print.json()).toEqual(errorBody('La impresora no respondió a tiempo.', 'GATEWAY_TIMEOUT'));
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2000);
  });

  it('destroys the socket it gave up on', async () => {
    const sockets = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
    // The previous test's sockets, destroyed as it ended, may still be closing: count once they are gone.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = sockets();
    const port = Number(hung.url.split(':').at(-1));
    const pending = sendToPrinter({ host: '127.0.0.1', port }, Buffer.from('x'), 100);
    expect(sockets()).toBe(before + 1);
    await expect(pending).rejects.toMatchObject({ statusCode: 504, code: 'GATEWAY_TIMEOUT' });
    await vi.waitFor(() => expect(sockets()).toBe(before), { timeout: 1000 });
  });
});

describe('with a printer that takes part of a job and resets the connection', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((socket) => {
      let received = 0;
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= 50) socket.resetAndDestroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is a 502 "se perdió la conexión", not a printed ticket', async () => {
    const job = sendToPrinter({ host: '127.0.0.1', port }, Buffer.alloc(2048, 0x41), 5000);
    await expect(job).rejects.toMatchObject({
      statusCode: 502,
      message: 'Se perdió la conexión con la impresora antes de enviar el recibo completo.',
    });
  });

  it('answers printReceipt with 502', async () => {
    const t = await createTestApp({ PRINTER_URL: `tcp://127.0.0.1:${port}` });
    try {
      const product = await seedProduct(t.testDb.database.db);
      const receipt = await createReceipt(t, {
        paymentMode: 'Cash',
        date: '2026-11-21T10:00:00',
        items: [{ productId: product.id, quantity: 1, price: 10 }],
      });
      const response = await t.injectAs('Manager', {
        method: 'POST',
        url: '/api/printReceipt',
        payload: { copies: 1, receipt: { id: receipt.id } },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toBe('BAD_GATEWAY');
    } finally {
      await t.close();
    }
  });
});
