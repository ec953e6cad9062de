import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from '@playwright/test';
import { businessNowLocalTimestamp, type Receipt } from '@mostrador/shared';
import { expect, test, unique } from '../fixtures';
import { startInvoicingServer } from '../support/invoicing-server';
import type { OwnServer } from '../support/own-server';
import type { Seed } from '../support/seed';

// Autofactura (issue 34): the ticket's PDF carries the short signed link, and the customer opens
// it on their phone in a fresh browser (no session), types their fiscal data, and downloads the
// stamped invoice's XML and PDF. A server of its own, stamping through the fake PAC on loopback;
// the shop's public address stands for it in the phone's browser.

const PUBLIC = 'https://abarrotes-e2e.example.mx';
const admin = { email: `autofactura.${unique()}@e2e.mx`, password: 'factura-tu-compra-2026' };
let invoicing: Awaited<ReturnType<typeof startInvoicingServer>>;
let server: OwnServer;
let seed: Seed;

test.beforeAll(async () => {
  invoicing = await startInvoicingServer('autofactura', admin);
  ({ server, seed } = invoicing);
  const settings = await seed.api.put('/api/settings', {
    data: { businessName: 'Abarrotes La Güera', phone: '81 1234 5678', publicUrl: PUBLIC },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
});

test.afterAll(async () => {
  await invoicing?.stop();
});

test('a customer invoices their ticket from its link on a phone, in a fresh browser', async ({ browser }) => {
  test.slow();
  const soap = await seed.product({ name: `Jabón ${unique()}`, price: 17.5, stock: 10, ivaRate: '16' });
  const receipt = await seed.post<Receipt>('/receipt/create', {
    paymentMode: 'Cash',
    date: businessNowLocalTimestamp(Date.now() - 60_000),
    items: [{ productId: soap.id, quantity: 2 }],
  });

  // The ticket's PDF: 'Factura tu compra en:' and the short link (pdftotext may break it).
  const ticket = await seed.api.get(`/api/receipt/pdf/${receipt.id}`);
  expect(ticket.ok()).toBe(true);
  const ticketFile = test.info().outputPath('ticket.pdf');
  writeFileSync(ticketFile, await ticket.body());
  const text = execFileSync('pdftotext', ['-layout', ticketFile, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain('Factura tu compra en:');
  const link = text.replace(/ /g, '').match(/https:\/\/abarrotes-e2e\.example\.mx\/factura\/[0-9a-z]+\.[\w-]{16}/)![0];

  // The customer's phone: no session, the public address stands for this server.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await phone.route(`${PUBLIC}/**`, async (route) => {
    const url = route.request().url().replace(PUBLIC, server.url);
    await route.fulfill({ response: await route.fetch({ url }) });
  });
  const page = await phone.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Factura tu compra' })).toBeVisible();
  await expect(page.getByTestId('autofactura-shop')).toContainText('Abarrotes La Güera');
  const summary = page.getByTestId('autofactura-ticket');
  await expect(summary).toContainText(`Ticket #${receipt.id}`);
  await expect(summary).toContainText('$35.00');

  // Checked with the server's own messages before anything is sent.
  await page.getByRole('button', { name: 'Generar factura' }).click();
  await expect(page.getByText('Escribe el correo al que quieres recibir la factura.')).toBeVisible();

  await page.getByLabel('RFC').fill('cacx7605101p8');
  await page.getByLabel('Código postal fiscal').fill('64000');
  await page.getByLabel('Nombre o razón social').fill('Xochilt Casas Chavez');
  await page.getByRole('combobox', { name: 'Régimen fiscal' }).click();
  // A persona física's RFC: no régimen of personas morales is offered.
  await expect(page.getByRole('option', { name: /^601 — / })).toHaveCount(0);
  await page.getByRole('option', { name: /^612 — / }).click();
  await page.getByRole('combobox', { name: 'Uso del CFDI' }).click();
  await page.getByRole('option', { name: /^G03 — / }).click();
  await page.getByLabel('Correo electrónico').fill('xochilt@correo.mx');
  await page.getByRole('button', { name: 'Generar factura' }).click();

  const invoice = page.getByTestId('autofactura-invoice');
  await expect(invoice).toContainText('Tu factura está lista');
  await expect(invoice).toContainText('Factura A-1');
  await expect(invoice).toContainText('XOCHILT CASAS CHAVEZ (CACX7605101P8)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('autofactura-390.png'), fullPage: true });

  // Both files download without a session (fetched here by a context with no token: a routed
  // download does not reach the browser's download manager).
  const anonymous = await request.newContext({ baseURL: server.url });
  const xmlHref = (await invoice.getByRole('link', { name: 'Descargar XML' }).getAttribute('href'))!;
  const xml = await anonymous.get(xmlHref);
  expect(xml.ok()).toBe(true);
  const cfdi = await xml.text();
  expect(cfdi).toContain('Rfc="CACX7605101P8"');
  expect(cfdi).toContain('tfd:TimbreFiscalDigital');
  const pdfHref = (await invoice.getByRole('link', { name: 'Descargar PDF' }).getAttribute('href'))!;
  const pdf = await anonymous.get(pdfHref);
  expect(pdf.ok()).toBe(true);
  expect(pdf.headers()['content-disposition']).toMatch(/^inline; filename="A-1-[0-9A-F-]{36}\.pdf"$/);
  await anonymous.dispose();

  // Opened again, the ticket answers its invoice.
  await page.reload();
  await expect(page.getByTestId('autofactura-invoice')).toContainText('Factura A-1');
  await phone.close();
});
