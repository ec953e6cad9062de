import { readFileSync } from 'node:fs';
import { businessToday, type Dashboard, formatPayment, pesosToCents } from '@mostrador/shared';
import type { Page } from '@playwright/test';
import { expect, storageStateOf, test, unique, USERS } from '../fixtures';

// The dashboard (issue 19): the landing page of Admin and Manager. Other specs sell on the same
// server at the same time, so the figures on screen are checked against the answer the page got,
// and this spec's own products (a sale of today, a product under its minimum) by name.

const money = (pesos: number) => formatPayment(pesosToCents(pesos));
const MONTHS = 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' ');

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(USERS.Admin.email);
  await page.getByLabel('Contraseña').fill(USERS.Admin.password);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/dashboard' && r.ok());
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  return (await (await answer).json()) as Dashboard;
}

test.describe('Dashboard', () => {
  test('Admin lands on the dashboard and sees the day, the chart, the top products and the Lista de compras', async ({
    page,
    seed,
  }) => {
    const id = unique();
    const sold = await seed.product({ name: `Aab Vendido ${id}`, stock: 50, price: 1234.5 });
    await seed.receipt({ paymentMode: 'Cash', items: [{ productId: sold.id, quantity: 3, price: 1234.5 }] });
    const low = await seed.product({ name: `Aaa Lista ${id}`, cuid: `LC-${id}`.toUpperCase(), stock: 2, minStock: 5 });

    const data = await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
    await expect(page.getByTestId('dashboard-loading')).toHaveCount(0);

    // Today's cards show what the server answered; this spec's sale is part of it.
    expect(data.today.date).toBe(businessToday());
    expect(data.today.receipts.today).toBeGreaterThanOrEqual(1);
    expect(data.today.sales.today).toBeGreaterThanOrEqual(3703.5);
    await expect(page.getByTestId('figure-sales-value')).toHaveText(money(data.today.sales.today));
    await expect(page.getByTestId('figure-receipts-value')).toHaveText(String(data.today.receipts.today));
    await expect(page.getByTestId('figure-average-value')).toHaveText(money(data.today.averageTicket.today));
    await expect(page.getByTestId('figure-payments-value')).toHaveText(money(data.today.payments.today));
    await expect(page.getByTestId('figure-receivable-value')).toHaveText(money(data.receivable.total));
    await expect(page.getByTestId('sales-chart')).toBeVisible();

    // The sold product is in the range's top products, with its unit.
    const top = data.topByRevenue.find((p) => p.productId === sold.id);
    expect(top).toMatchObject({ quantity: 3, total: 3703.5, unit: 'pza' });
    const topTable = page.getByRole('table', { name: 'Productos más vendidos: Por importe' });
    await expect(topTable.getByRole('row', { name: new RegExp(`Aab Vendido ${id}`) })).toContainText('$3,703.50');

    // The product under its minimum, with what to order: 2 × 5 − 2 = 8.
    const showAll = page.getByRole('button', { name: /^Ver los \d+$/ });
    if (await showAll.isVisible()) await showAll.click();
    const lowRow = page.getByTestId('low-stock-table').getByRole('row', { name: new RegExp(`Aaa Lista ${id}`) });
    await expect(lowRow).toContainText('2 pza');
    await expect(lowRow).toContainText('8 pza');

    const shots = {
      light: test.info().outputPath('dashboard-light.png'),
      dark: test.info().outputPath('dashboard-dark.png'),
    };
    await page.screenshot({ path: shots.light, fullPage: true });
    await page.getByRole('button', { name: 'Cambiar tema claro/oscuro' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.screenshot({ path: shots.dark, fullPage: true });
    await test.info().attach('dashboard-light', { path: shots.light, contentType: 'image/png' });
    await test.info().attach('dashboard-dark', { path: shots.dark, contentType: 'image/png' });

    // The Lista de compras as CSV.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('group', { name: 'Lista de compras' }).getByRole('button', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`lista-de-compras-${businessToday()}.csv`);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFCódigo,Producto,Unidad,Existencia,Mínimo,Vendido 30 días,Sugerido');
    expect(csv).toContain(`\r\n${low.cuid},Aaa Lista ${id},pza,2,5,0,8\r\n`);
  });

  test('a new range changes the top products and the sellers', async ({ page, seed }) => {
    // Priced high enough to be among today's top 10 whatever the other specs sell meanwhile.
    const product = await seed.product({ stock: 10 });
    await seed.receipt({ paymentMode: 'Cash', items: [{ productId: product.id, quantity: 1, price: 20_000 }] });
    const data = await signIn(page);
    expect(data.range.to).toBe(businessToday());
    await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
    const answer = page.waitForResponse(
      (r) => r.url().includes('/api/dashboard?') && r.url().includes(`to=${businessToday()}`) && r.ok(),
    );
    // Today only: a one-day range picked with two clicks on the same day (the calendar opens on
    // the month the range starts in).
    await page.getByTestId('dashboard-range').click();
    const [year, month, day] = businessToday().split('-').map(Number);
    const dialog = page.getByRole('dialog');
    const todayCell = dialog.getByRole('button', { name: `${day} ${MONTHS[month! - 1]} ${year}`, exact: true });
    if (!(await todayCell.isVisible())) await dialog.locator('button[data-direction="next"]').first().click();
    await todayCell.click();
    await todayCell.click();
    const ranged = (await (await answer).json()) as Dashboard;
    expect(ranged.range).toEqual({ from: businessToday(), to: businessToday() });
    await expect(page.getByRole('table', { name: 'Ventas por vendedor' })).toBeVisible();
    expect(ranged.topByRevenue.some((p) => p.productId === product.id)).toBe(true);
  });
});

test.describe('screens opened signed in', () => {
  test.use({ storageState: storageStateOf('Admin') });

  // zod and every request schema are one chunk, costly to evaluate on a phone (a long task each
  // screen's Lighthouse counted). The Panel and the receipt list only read; the counter validates
  // nothing before the first sale is charged. A helper beside a schema, or a dialog's form exported
  // by a feature's index, pulls the whole chunk in (docs/decisions/103).
  const schemaScripts = (page: Page) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    return {
      loaded: (chunk: string) => scripts.some((path) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(path)),
      schemas: () => scripts.filter((path) => /^\/assets\/schemas-[\w-]+\.js$/.test(path)),
    };
  };

  test('the Panel loads no validation code', async ({ page }) => {
    const scripts = schemaScripts(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Impuestos del periodo' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Lista de compras' })).toBeVisible();
    expect(scripts.loaded('DashboardPage')).toBe(true);
    expect(scripts.schemas()).toEqual([]);
  });

  test('the receipt list and the counter load none to start', async ({ page }) => {
    const scripts = schemaScripts(page);
    await page.goto('/receipts');
    await expect(
      page.getByTestId('receipt-card').first().or(page.getByText('No hay remisiones para mostrar')),
    ).toBeVisible();
    expect(scripts.loaded('ReceiptsPage')).toBe(true);
    await page.goto('/vender');
    await expect(page.getByRole('textbox', { name: 'Código' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.loaded('CounterPage')).toBe(true);
    expect(scripts.schemas()).toEqual([]);
  });
});
