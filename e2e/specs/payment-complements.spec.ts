import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { businessNowLocalTimestamp, type Receipt, type Statement } from '@mostrador/shared';
import { expect, test, unique } from '../fixtures';
import { startInvoicingServer } from '../support/invoicing-server';
import type { OwnServer } from '../support/own-server';
import type { Seed } from '../support/seed';

// Complementos de pago (issue 35 part 1, decision 097) as the shop meets them, on a server of its
// own stamping through the fake PAC: a client with two PPD invoices pays one abono at the till;
// the complemento of that abono (both invoices its DoctoRelacionados) is on the client's
// statement with its PDF, which names both invoices with their parcialidad and saldos.

const admin = { email: `complementos.${unique()}@e2e.mx`, password: 'timbre-y-sello-2026' };
let invoicing: Awaited<ReturnType<typeof startInvoicingServer>>;
let server: OwnServer;
let seed: Seed;
let manager: { email: string; password: string };

test.beforeAll(async () => {
  invoicing = await startInvoicingServer('complements', admin);
  ({ server, seed } = invoicing);
  manager = await seed.user('Manager');
});

test.afterAll(async () => {
  await invoicing?.stop();
});

/** The PDF's text through poppler; the PDF and a PNG of its first page are kept with the test's output. */
function readPdf(pdf: Buffer, name: string): string {
  const file = test.info().outputPath(`${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '70', '-singlefile', file, test.info().outputPath(name)]);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

test('a client with two PPD invoices pays one abono at the till; its complemento is on the statement', async ({
  page,
}) => {
  test.slow();
  const id = unique();
  const soap = await seed.product({ name: `Jabón ${id}`, price: 17.5, stock: 10, ivaRate: '16' });
  const client = await seed.post<{ id: number }>('/client/register', {
    firstName: 'Xenon',
    lastName: `Pagos ${id}`,
    rfc: 'XIA190128J61',
    legalName: 'Xenon Industrial Articles',
    taxRegime: '601',
    taxZipCode: '76343',
    cfdiUse: 'G03',
  });
  // Two credit sales, each invoiced on its own: PPD, FormaPago 99.
  const invoices: Array<{ id: number; uuid: string; paymentMethod: string }> = [];
  for (const quantity of [2, 1]) {
    const receipt = await seed.post<Receipt>('/receipt/create', {
      paymentMode: 'Credit',
      clientId: client.id,
      date: businessNowLocalTimestamp(Date.now() - 60_000),
      items: [{ productId: soap.id, quantity }],
    });
    invoices.push(await seed.post('/invoice/create', { receiptIds: [receipt.id] }));
  }
  expect(invoices.map((invoice) => invoice.paymentMethod)).toEqual(['PPD', 'PPD']);

  // The abono at the till (F9): $50 of the $52.50 owed, oldest first.
  await server.signIn(page, manager);
  await page.goto(`${server.url}/vender`);
  await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
  await page.keyboard.press('F9');
  const picker = page.getByRole('dialog', { name: 'Abonar: elegir cliente' });
  await expect(picker).toBeVisible();
  await page.keyboard.type(`pagos ${id}`, { delay: 10 });
  await expect(picker.getByText(`Xenon Pagos ${id}`)).toBeVisible();
  await page.keyboard.press('Enter');
  const abono = page.getByRole('dialog', { name: 'Abonar a cuenta' });
  await expect(abono.getByTestId('abono-balance')).toHaveText('$52.50');
  await page.keyboard.type('50', { delay: 10 });
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/client/addPayment'));
  await page.keyboard.press('Enter');
  expect((await answer).status()).toBe(200);
  await expect(page.getByText('Abono de $50.00 registrado. Saldo pendiente: $2.50.')).toBeVisible();

  // The client's statement lists the abono's complemento, stamped, with its PDF.
  const statement = await seed.get<Statement>(`/client/statement/${client.id}`);
  expect(statement.paymentComplements).toEqual([
    expect.objectContaining({ number: 'P-1', amount: 50, status: 'stamped' }),
  ]);
  const [complement] = statement.paymentComplements;
  await page.goto(`${server.url}/clients/${client.id}`);
  const table = page.getByTestId('statement-complements');
  await expect(table.getByTestId('statement-complement')).toHaveCount(1);
  await expect(table).toContainText('P-1');
  await expect(table).toContainText('$50.00');
  const tab = page.waitForEvent('popup');
  await table.getByRole('button', { name: 'Ver PDF del complemento P-1' }).click();
  await (await tab).waitForLoadState();

  // The same PDF, read: both invoices paid, with their parcialidad and saldos.
  const pdf = await seed.api.get(`/api/invoice/pdf/${complement!.id}`);
  expect(pdf.ok()).toBe(true);
  const text = readPdf(await pdf.body(), 'complemento');
  expect(text).toContain('Complemento de pago P-1');
  expect(text).toContain(complement!.uuid!);
  expect(text.replace(/ /g, '')).toContain(invoices[0]!.uuid);
  expect(text.replace(/ /g, '')).toContain(invoices[1]!.uuid);
  expect(text).toContain('$50.00');
  expect(text).toContain('$35.00');
  expect(text).toContain('$2.50');

  // Facturas lists it as a complemento de pago.
  await page.goto(`${server.url}/facturas`);
  await expect(page.getByRole('article', { name: 'P-1' })).toContainText('Complemento de pago P-1');
});
