import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { CashCountReport, CutData } from '@mostrador/shared';
import type { Page } from '@playwright/test';
import { makeCsd } from '../../apps/server/test/helpers/csd';
import { expect, test, unique, uniqueBarcode } from '../fixtures';
import { type OwnServer, startOwnServer } from '../support/own-server';

// Taxes at the shop (issue 33), as its owner meets them, on a server of its own so the day's
// figures are this test's alone: the shop's fiscal data and its CSD under 'Datos fiscales', then a
// 16 %, a 0 % and an IEPS product sold at /vender; the ticket and the day's cut give the split.

let server: OwnServer;
const admin = { email: `fiscal.${unique()}@e2e.mx`, password: 'sello-y-factura-2026' };
const RFC = 'EKU9003173C9';

test.beforeAll(async () => {
  server = await startOwnServer('taxes', admin);
});

test.afterAll(async () => {
  await server?.stop();
});

async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

test('fiscal data and CSD, a sale at three rates, the split on the ticket and in the cut', async ({ page }) => {
  test.slow();
  const id = unique();
  await server.signIn(page);

  // 1. The shop's fiscal identity, then its CSD.
  await page.goto(`${server.url}/configuracion?vista=fiscal`);
  const identity = page.getByRole('region', { name: 'Identidad fiscal' });
  await identity.getByRole('textbox', { name: 'RFC' }).fill(RFC.toLowerCase());
  await identity.getByRole('textbox', { name: 'Razón social' }).fill('Abarrotes la Güera');
  await identity.getByRole('combobox', { name: 'Régimen fiscal' }).click();
  await page.getByRole('option', { name: /^601/ }).click();
  await identity.getByRole('textbox', { name: 'Código postal (lugar de expedición)' }).fill('64000');
  await identity.getByRole('button', { name: 'Guardar datos fiscales' }).click();
  await expect(page.getByText('Datos fiscales guardados.')).toBeVisible();

  const csd = makeCsd({ rfc: RFC });
  const card = page.getByRole('region', { name: 'Certificado de sello digital (CSD)' });
  const files = test.info().outputPath('csd');
  mkdirSync(files, { recursive: true });
  writeFileSync(`${files}/sello.cer`, csd.cer);
  writeFileSync(`${files}/sello.key`, csd.key);
  await card.locator('input[type="file"][accept=".cer"]').setInputFiles(`${files}/sello.cer`);
  await card.locator('input[type="file"][accept=".key"]').setInputFiles(`${files}/sello.key`);
  await card.getByLabel('Contraseña de la llave privada').fill(csd.password);
  await card.getByRole('button', { name: 'Subir CSD' }).click();
  await expect(page.getByText('CSD cargado.', { exact: true })).toBeVisible();
  await expect(card).toContainText('30001000000500003416');
  await expect(card).toContainText('Vigente hasta 12 de mayo de 2030');

  // 2. Three products at three rates, sold at the counter in cash.
  const seed = await server.seedAs();
  const [soap, tortillas, chips] = await Promise.all([
    seed.product({ name: `Jabón ${id}`, price: 17.5, barcode: uniqueBarcode(), stock: 10, ivaRate: '16' }),
    seed.product({ name: `Tortillas ${id}`, price: 25, barcode: uniqueBarcode(), stock: 10, ivaRate: '0' }),
    seed.product({ name: `Papas ${id}`, price: 10, barcode: uniqueBarcode(), stock: 10, ivaRate: '16', iepsRate: 8 }),
  ]);
  await page.goto(`${server.url}/vender`);
  await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
  for (const product of [soap, tortillas, chips]) await scan(page, product.barcode!);
  await expect(page.getByTestId('counter-total')).toHaveText('$52.50');
  await page.keyboard.press('F12');
  const open = page.getByRole('dialog', { name: 'Abrir caja' });
  await expect(open.getByLabel('Fondo inicial')).toBeFocused();
  await page.keyboard.type('200', { delay: 10 });
  await page.keyboard.press('Enter');
  const pay = page.getByRole('dialog', { name: 'Cobrar' });
  await expect(pay.getByLabel('Recibido')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pay).toBeHidden();
  const last = page.getByTestId('last-sale');
  await expect(last).toContainText('Remisión #');
  const saleId = Number((await last.textContent())!.match(/Remisión #(\d+)/)![1]);

  // 3. The ticket: Subtotal, IEPS, IVA and Total, each line's split as sold.
  const ticket = await seed.api.get(`/api/receipt/pdf/${saleId}`);
  expect(ticket.status()).toBe(200);
  const ticketFile = test.info().outputPath(`ticket-${saleId}.pdf`);
  writeFileSync(ticketFile, await ticket.body());
  const text = execFileSync('pdftotext', ['-layout', ticketFile, '-'], { encoding: 'utf8' });
  expect(text).toMatch(/Subtotal\s+\$48\.07/);
  expect(text).toMatch(/IEPS\s+\$0\.64/);
  expect(text).toMatch(/IVA 16 %\s+\$3\.79/);
  expect(text).toMatch(/Total\s+\$52\.50/);

  // 4. The day's cut: 'Impuestos del día', one row per combination of rates.
  await page.goto(`${server.url}/reports`);
  await page.getByRole('button', { name: 'Crear corte' }).click();
  const create = page.getByRole('dialog', { name: 'Crear Corte' });
  const generated = page.waitForResponse((r) => r.url().endsWith('/api/reports/generate'));
  await create.getByRole('button', { name: 'Generar corte' }).click();
  const cut = JSON.parse(((await (await generated).json()) as CashCountReport).data) as CutData;
  expect(cut.taxes?.totals).toEqual({ base: 48.07, ieps: 0.64, iva: 3.79, total: 52.5 });
  const taxes = page.getByTestId('cut-viewer').getByRole('table', { name: 'Impuestos del día' });
  await expect(taxes.getByRole('row', { name: /^IVA 16 % \$15\.09/ })).toContainText('$2.41');
  await expect(taxes.getByRole('row', { name: /IVA 16 % · IEPS 8 %/ })).toContainText('$0.64');
  await expect(taxes.getByRole('row', { name: /IVA 0 %/ })).toContainText('$25.00');
  await expect(taxes.getByRole('row', { name: /^Total/ })).toContainText('$3.79');

  // 5. The month, on the same screen, with its declaration figures.
  const figures = page.getByRole('table', { name: 'Para la declaración' });
  await expect(figures.getByRole('row', { name: /^IVA 16 %/ })).toContainText('$3.79');
  await expect(figures.getByRole('row', { name: /^Ventas a tasa 0 %/ })).toContainText('$25.00');
  await seed.dispose();
});
