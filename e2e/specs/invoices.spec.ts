import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { businessNowLocalTimestamp, type Receipt } from '@mostrador/shared';
import { expect, test, unique } from '../fixtures';
import { startInvoicingServer } from '../support/invoicing-server';
import type { OwnServer } from '../support/own-server';
import type { Seed } from '../support/seed';

// Invoicing (issue 34) as the shop meets it, on a server of its own stamping through the fake PAC
// on loopback: a manager invoices a client's receipt and opens its PDF; the day's public sales
// become the factura global from the cut.

const admin = { email: `facturas.${unique()}@e2e.mx`, password: 'timbre-y-sello-2026' };
let invoicing: Awaited<ReturnType<typeof startInvoicingServer>>;
let server: OwnServer;
let seed: Seed;
let manager: { email: string; password: string };

test.beforeAll(async () => {
  invoicing = await startInvoicingServer('invoices', admin);
  ({ server, seed } = invoicing);
  manager = await seed.user('Manager');
});

test.afterAll(async () => {
  await invoicing?.stop();
});

/** A cash sale through the API at `when` (a Manager may date a sale). */
async function sell(
  items: { productId: number; quantity: number }[],
  options: { clientId?: number; when?: number } = {},
) {
  return seed.post<Receipt>('/receipt/create', {
    paymentMode: 'Cash',
    ...(options.clientId ? { clientId: options.clientId } : {}),
    date: businessNowLocalTimestamp(options.when ?? Date.now() - 60_000),
    items,
  });
}

/** The PDF's text through poppler; the PDF and a PNG of its first page are kept with the test's output. */
function readPdf(pdf: Buffer, name: string): string {
  const file = test.info().outputPath(`${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '70', '-singlefile', file, test.info().outputPath(name)]);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

test('a manager invoices a receipt for a client with an RFC and opens its PDF', async ({ page }) => {
  test.slow();
  const id = unique();
  const soap = await seed.product({ name: `Jabón ${id}`, price: 17.5, stock: 10, ivaRate: '16' });
  const client = await seed.post<{ id: number }>('/client/register', {
    firstName: 'Xenon',
    lastName: `Industrial ${id}`,
    rfc: 'XIA190128J61',
    legalName: 'Xenon Industrial Articles',
    taxRegime: '601',
    taxZipCode: '76343',
    cfdiUse: 'G03',
  });
  const receipt = await sell([{ productId: soap.id, quantity: 2 }], { clientId: client.id });

  await server.signIn(page, manager);
  await page.goto(`${server.url}/receipts/${receipt.id}`);
  await page.getByRole('button', { name: 'Facturar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Facturar' });
  await expect(dialog).toContainText('XIA190128J61');
  await expect(dialog).toContainText('XENON INDUSTRIAL ARTICLES');
  await expect(dialog).toContainText('$35.00');
  await page.screenshot({ path: test.info().outputPath('facturar.png') });
  await dialog.getByRole('button', { name: 'Timbrar factura' }).click();
  await expect(dialog.getByTestId('invoice-result')).toContainText('Factura A-1 timbrada');

  // The PDF opens in a tab of its own.
  const tab = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Ver PDF' }).click();
  await (await tab).waitForLoadState();

  // The same PDF, read: the invoice as the SAT has it.
  const [invoice] = await seed.get<{ id: number; uuid: string; folio: number }[]>('/invoice/list');
  expect(invoice!.folio).toBe(1);
  const pdf = await seed.api.get(`/api/invoice/pdf/${invoice!.id}`);
  expect(pdf.ok()).toBe(true);
  const text = readPdf(await pdf.body(), 'factura');
  expect(text).toContain(invoice!.uuid);
  expect(text).toContain('XENON INDUSTRIAL ARTICLES');
  expect(text).toContain('TREINTA Y CINCO PESOS 00/100 M.N.');

  // The receipt names its invoice and no longer offers 'Facturar'.
  await page.goto(`${server.url}/receipts/${receipt.id}`);
  await expect(page.getByTestId('receipt-invoice')).toHaveText('Factura A-1');
  await expect(page.getByRole('button', { name: 'Facturar' })).toHaveCount(0);

  // It is listed under Facturas as Vigente.
  await page.goto(`${server.url}/facturas`);
  const card = page.getByRole('article', { name: 'A-1' });
  await expect(card).toContainText('A-1');
  await expect(card).toContainText('Vigente');
  await page.screenshot({ path: test.info().outputPath('facturas.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('facturas-390.png'), fullPage: true });
});

test("yesterday's public sales become the factura global from the cut", async ({ page }) => {
  test.slow();
  const id = unique();
  const gum = await seed.product({ name: `Chicle ${id}`, price: 5, stock: 50, ivaRate: '16', iepsRate: 8 });
  const yesterday = Date.now() - 24 * 60 * 60_000;
  await sell([{ productId: gum.id, quantity: 3 }], { when: yesterday });
  await sell([{ productId: gum.id, quantity: 2 }], { when: yesterday });

  await server.signIn(page, manager);
  await page.goto(`${server.url}/reports`);
  const warning = page.getByTestId('unbilled-warning');
  await expect(warning).toContainText('Hay ventas de periodos cerrados sin facturar');
  await expect(warning).toContainText('2 remisiones');
  await page.screenshot({ path: test.info().outputPath('corte-global.png'), fullPage: true });
  await warning.getByRole('button', { name: 'Emitir factura global' }).first().click();
  await expect(page.getByText(/Factura global A-\d+ timbrada/)).toBeVisible();
  await expect(warning).toBeHidden();

  const invoices = await seed.get<{ kind: string; receiverRfc: string; total: number }[]>('/invoice/list');
  const global = invoices.find((invoice) => invoice.kind === 'global')!;
  expect(global).toMatchObject({ receiverRfc: 'XAXX010101000', total: 25 });
});
