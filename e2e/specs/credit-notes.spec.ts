import { businessNowLocalTimestamp, type Receipt } from '@mostrador/shared';
import { expect, test, unique } from '../fixtures';
import { startInvoicingServer } from '../support/invoicing-server';
import type { OwnServer } from '../support/own-server';
import type { Seed } from '../support/seed';

// Notas de crédito (issue 35, decision 098) as the shop meets them, on a server of its own
// stamping through the fake PAC: part of an invoiced sale comes back, and the receipt and the
// Facturas screen show the nota de crédito related to the invoice.

const admin = { email: `notas.${unique()}@e2e.mx`, password: 'nota-de-credito-2026' };
let invoicing: Awaited<ReturnType<typeof startInvoicingServer>>;
let server: OwnServer;
let seed: Seed;
let manager: { email: string; password: string };

test.beforeAll(async () => {
  invoicing = await startInvoicingServer('credit-notes', admin);
  ({ server, seed } = invoicing);
  manager = await seed.user('Manager');
});

test.afterAll(async () => {
  await invoicing?.stop();
});

test('a return of part of an invoiced sale issues its nota de crédito, shown on the receipt and in Facturas', async ({
  page,
}) => {
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
  const receipt = await seed.post<Receipt>('/receipt/create', {
    paymentMode: 'Cash',
    clientId: client.id,
    date: businessNowLocalTimestamp(Date.now() - 60_000),
    items: [{ productId: soap.id, quantity: 3 }],
  });
  const invoice = await seed.post<{ uuid: string; folio: number }>('/invoice/create', { receiptIds: [receipt.id] });

  await server.signIn(page, manager);
  await page.goto(`${server.url}/receipts`);
  const card = page.getByRole('article', { name: `Remisión #${receipt.id}` });
  await expect(card.getByTestId('receipt-invoice')).toHaveText(`Factura A-${invoice.folio}`);
  await card.getByRole('button', { name: `Acciones de la remisión #${receipt.id}` }).click();
  await page.getByRole('menuitem', { name: 'Devolución' }).click();
  const form = page.getByRole('dialog', { name: `Devolución · Remisión #${receipt.id}` });
  await form.getByLabel(`Cantidad a devolver de Jabón ${id}`).fill('');
  await form.getByLabel(`Cantidad a devolver de Jabón ${id}`).pressSequentially('1', { delay: 10 });
  await form.getByLabel('Motivo').pressSequentially('Venía abierto', { delay: 10 });
  await expect(form.getByTestId('return-amount')).toHaveText('$17.50');
  await form.getByRole('button', { name: 'Registrar devolución' }).click();
  await expect(page.getByText('Devolución registrada: $17.50. Se entrega $17.50.')).toBeVisible();

  // The receipt names its nota de crédito next to its invoice.
  await expect(card.getByTestId('receipt-credit-note')).toHaveText('Nota de crédito NC-1');

  // Facturas lists it, related to the invoice, Vigente.
  await page.goto(`${server.url}/facturas`);
  const note = page.getByRole('article', { name: 'Nota de crédito NC-1' });
  await expect(note).toContainText('Nota de crédito NC-1');
  await expect(note.getByTestId('invoice-related')).toHaveText(`De la factura A-${invoice.folio}`);
  await expect(note).toContainText('Vigente');
  await expect(note.getByTestId('invoice-total')).toHaveText('$17.50');

  // Its XML is the egreso related (01) to the invoice's UUID.
  const [listed] = await seed.get<{ id: number; kind: string }[]>('/invoice/list');
  expect(listed!.kind).toBe('credit');
  const xml = await seed.api.get(`/api/invoice/xml/${listed!.id}`);
  expect(xml.ok()).toBe(true);
  const text = await xml.text();
  expect(text).toContain('TipoDeComprobante="E"');
  expect(text).toContain(`<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID="${invoice.uuid}"/>`);
});
