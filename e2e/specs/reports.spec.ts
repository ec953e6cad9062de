import { execFileSync } from 'node:child_process';
import {
  businessDayBounds,
  businessDayOf,
  businessNowLocalTimestamp,
  businessToday,
  type CashCountReport,
  formatDateTime,
  formatLongDate,
  parseCutData,
} from '@mostrador/shared';
import { apiAs, expect, storageStateOf, test, unique } from '../fixtures';

// Reports (issue 7): inventory movements and cash-count cuts. Other specs sell and move stock
// on the same server at the same time, so these tests look only at their own products' rows.

const longDay = (ymd: string) => formatLongDate(businessDayBounds(ymd).start);
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
/** A day as the date input shows it (theme: 'MMMM D, YYYY', es-mx). */
const pickerValue = (ymd: string) => {
  const [year, month, day] = ymd.split('-').map(Number);
  return `${MONTHS[month! - 1]} ${day}, ${year}`;
};

test.describe('Reports', () => {
  test.use({ storageState: storageStateOf('Admin') });

  test('create a cut, read its four sections, walk between two cuts and download it', async ({ page, seed }) => {
    const product = await seed.product({ stock: 50 });
    const client = await seed.client({ firstName: 'Reyna', lastName: `Corte ${unique()}` });
    const date = businessNowLocalTimestamp();
    await seed.receipt({
      paymentMode: 'Cash',
      date,
      items: [{ productId: product.id, quantity: 3, price: 12.5 }],
    });
    const credit = await seed.receipt({
      paymentMode: 'Credit',
      clientId: client.id,
      date,
      items: [{ productId: product.id, quantity: 2, price: 12.5 }],
    });
    // A cash sale paid by card: its row names the method next to the mode.
    await seed.receipt({
      paymentMode: 'Cash',
      paymentMethod: 'Tarjeta',
      date,
      items: [{ productId: product.id, quantity: 1, price: 12.5 }],
    });
    // Today already has a cut (made first, so yesterday's is the next older one): the new one asks first.
    await seed.post<CashCountReport>('/reports/generate', { date: businessToday() });
    // An older cut (yesterday's) made through the API: 'Anterior' must reach it.
    const yesterday = businessDayOf(Date.now() - 24 * 60 * 60 * 1000);
    const older = await seed.post<CashCountReport>('/reports/generate', { date: yesterday });

    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: 'Reportes', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Movimientos de inventario', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Documento de corte', level: 2 })).toBeVisible();
    // The sale's movement card: reason label, product, delta, before → after, note.
    const saleCard = page
      .getByTestId('inventory-log')
      .filter({ hasText: product.name })
      .filter({ hasText: `Remisión #${credit.id}` });
    await expect(saleCard).toContainText('Venta');
    await expect(saleCard.getByTestId('inventory-log-delta')).toHaveText('-2');
    await expect(saleCard).toContainText('47 → 45');

    await page.getByRole('button', { name: 'Crear corte' }).click();
    const modal = page.getByRole('dialog', { name: 'Crear Corte' });
    await expect(modal.getByLabel('Selecciona el día')).toHaveValue(pickerValue(businessToday()));
    await expect(
      modal.getByText('El corte incluye las operaciones de 00:00 a 23:59 del día seleccionado.'),
    ).toBeVisible();
    await modal.getByRole('button', { name: 'Generar corte' }).click();
    const again = page.getByRole('dialog', { name: 'Ya existe un corte de este día' });
    await expect(again).toContainText(`Ya existe un corte del ${longDay(businessToday())}`);
    await again.getByRole('button', { name: 'Generar otro corte' }).click();
    await expect(page.getByText('El corte ha sido creado correctamente.')).toBeVisible();
    await expect(modal).toBeHidden();

    const viewer = page.getByTestId('cut-viewer');
    await expect(viewer.getByTestId('cut-day')).toHaveText(`Corte del ${longDay(businessToday())}`);
    await expect(viewer.getByTestId('cut-created')).toContainText('generado el');

    // The four sections, with this product's exact rows.
    const inventory = viewer.getByRole('region', { name: 'Movimientos de inventario' });
    await expect(inventory.getByRole('row', { name: new RegExp(product.cuid) }).getByRole('cell')).toHaveText([
      new RegExp(product.name),
      '0',
      '6',
      '0',
      '50',
      '0',
      '0',
      '44',
    ]);
    const sales = viewer.getByRole('region', { name: 'Detalle de ventas' });
    const salesRows = sales.getByRole('row', { name: new RegExp(product.cuid) });
    await expect(salesRows).toHaveCount(3);
    await expect(salesRows.nth(0).getByRole('cell')).toHaveText([
      new RegExp(product.name),
      '3 pza',
      '$12.50',
      '$37.50',
      'Efectivo',
    ]);
    await expect(salesRows.nth(1).getByRole('cell')).toHaveText([
      new RegExp(product.name),
      '1 pza',
      '$12.50',
      '$12.50',
      'Efectivo · Tarjeta',
    ]);
    await expect(salesRows.nth(2).getByRole('cell')).toHaveText([
      new RegExp(product.name),
      '2 pza',
      '$12.50',
      '$25.00',
      'Crédito',
    ]);
    const pending = viewer.getByRole('region', { name: 'Pagos pendientes' });
    await expect(pending.getByRole('row', { name: new RegExp(`#${credit.id} `) }).getByRole('cell')).toHaveText([
      `#${credit.id}`,
      `Reyna ${client.lastName}`,
      '$25.00',
      '$0.00',
      '$25.00',
    ]);
    const summary = viewer.getByRole('region', { name: 'Resumen' });
    await expect(summary.getByTestId('cut-total')).toHaveCount(3);
    await expect(summary).toContainText('Pendiente por cobrar');
    // Quantities per unit, never one sum across units; payments by method.
    await expect(summary).not.toContainText('Total de unidades');
    await expect(summary.getByTestId('cut-unit').first()).toBeVisible();
    await expect(summary.getByTestId('cut-method')).toHaveText([/Efectivo/, /Tarjeta/, /Transferencia/]);

    // Newest first: 'Siguiente' is the newer way (none), 'Anterior' the older cut.
    await expect(viewer.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await viewer.getByRole('button', { name: 'Anterior' }).click();
    await expect(viewer.getByTestId('cut-day')).toHaveText(`Corte del ${longDay(yesterday)}`);
    await expect(viewer.getByTestId('cut-created')).toContainText(`Corte #${older.id}`);
    await expect(viewer.getByRole('region', { name: 'Movimientos de inventario' })).not.toContainText(product.name);
    await viewer.getByRole('button', { name: 'Siguiente' }).click();
    await expect(viewer.getByTestId('cut-day')).toHaveText(`Corte del ${longDay(businessToday())}`);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^corte-${businessToday()}-\\d+\\.pdf$`));
    const file = test.info().outputPath('corte.pdf');
    await download.saveAs(file);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/612 x 792 pts/);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Corte de caja');
    expect(text).toContain(product.cuid);
  });

  test("a sale dated into a day after its cut shows once, in that day's next cut", async ({ page, seed }) => {
    // A day no other spec cuts.
    const day = businessDayOf(Date.now() - 45 * 24 * 60 * 60 * 1000);
    const product = await seed.product({ stock: 50 });
    const client = await seed.client({ firstName: 'Tardía', lastName: `Corte ${unique()}` });
    const sale = (time: string) =>
      seed.receipt({
        paymentMode: 'Credit',
        clientId: client.id,
        date: `${day}T${time}`,
        items: [{ productId: product.id, quantity: 2, price: 12.5 }],
      });
    const before = await sale('10:00:00');
    await seed.post<CashCountReport>('/reports/generate', { date: day });
    const late = await sale('11:30:00');
    const next = await seed.post<CashCountReport>('/reports/generate', { date: day });

    await page.goto('/reports');
    const viewer = page.getByTestId('cut-viewer');
    await expect(viewer.getByTestId('cut-created')).toBeVisible();
    // Other specs make cuts too: walk back to this one.
    for (let step = 0; step < 10; step++) {
      if ((await viewer.getByTestId('cut-created').textContent())?.includes(`Corte #${next.id} ·`)) break;
      await viewer.getByRole('button', { name: 'Anterior' }).click();
    }
    await expect(viewer.getByTestId('cut-created')).toContainText(`Corte #${next.id} ·`);
    const section = viewer.getByRole('region', { name: 'Registrado después del corte anterior' });
    await expect(section.getByRole('row', { name: new RegExp(`#${late.id} `) }).getByRole('cell')).toHaveText([
      `#${late.id}`,
      'Venta',
      `Tardía ${client.lastName}`,
      formatDateTime(late.date),
      'Crédito',
      '$25.00',
    ]);
    await expect(section.getByRole('row', { name: new RegExp(`#${before.id} `) })).toHaveCount(0);
    const pending = viewer.getByRole('region', { name: 'Pagos pendientes' });
    await expect(pending.getByRole('row', { name: new RegExp(`#${late.id} `) })).toBeVisible();
    await section.screenshot({ path: test.info().outputPath('late-section.png') });

    // Listed once: the day's cut after that one has nothing late.
    const third = await seed.post<CashCountReport>('/reports/generate', { date: day });
    expect(parseCutData(third.data)?.late).toEqual([]);
  });

  test('a confirmation asked for before the page was ever idle still opens', async ({ page, seed }) => {
    // The dialogs' container mounts when the browser is first idle; a busy one never is here.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await seed.post<CashCountReport>('/reports/generate', { date: businessToday() });
    await page.goto('/reports');
    await page.getByRole('button', { name: 'Crear corte' }).click();
    await page.getByRole('dialog', { name: 'Crear Corte' }).getByRole('button', { name: 'Generar corte' }).click();
    await expect(page.getByRole('dialog', { name: 'Ya existe un corte de este día' })).toBeVisible();
  });

  test('the date is required, and a failed generation shows the failure toast', async ({ page }) => {
    await page.goto('/reports');
    await page.getByRole('button', { name: 'Crear corte' }).click();
    const modal = page.getByRole('dialog', { name: 'Crear Corte' });
    await modal.locator('.mantine-InputClearButton-root').click();
    await modal.getByRole('button', { name: 'Generar corte' }).click();
    await expect(modal.getByText('La fecha es obligatoria.')).toBeVisible();

    await modal.getByLabel('Selecciona el día').click();
    await page.getByRole('button', { name: /^1 / }).first().click();
    // Whatever cuts that day has, no second-cut question here: this test is about the failure.
    await page.route('**/api/reports/cuts-of-day?*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"cuts":[]}' }),
    );
    await page.route('**/api/reports/generate', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","error":"INTERNAL"}' }),
    );
    await modal.getByRole('button', { name: 'Generar corte' }).click();
    await expect(page.getByText('Hubo un problema al crear el corte. Inténtelo de nuevo.')).toBeVisible();
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await expect(modal).toBeHidden();
  });

  test('movements page with "Cargar más"', async ({ page, seed }) => {
    const product = await seed.product({ stock: 1 });
    for (let i = 0; i < 31; i += 1) {
      await seed.post('/product/addInventory', { id: product.id, stockToAdd: 1, note: `Entrada ${i + 1}` });
    }

    await page.goto('/reports');
    const cards = page.getByTestId('inventory-log');
    await expect(cards.first()).toBeVisible();
    const firstPage = await cards.count();
    expect(firstPage).toBe(30);
    await page.getByRole('button', { name: 'Cargar más' }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(30);
    await expect(cards.filter({ hasText: product.name }).filter({ hasText: 'Inventario inicial' })).toHaveCount(1);
  });

  test('a Seller has no Reportes entry and the API refuses them', async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf('Seller') });
    const page = await context.newPage();
    await page.goto('/receipts');
    await expect(
      page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Reportes' }),
    ).toHaveCount(0);
    const api = await apiAs('Seller');
    expect((await api.get('/api/reports/list')).status()).toBe(403);
    await api.dispose();
    await context.close();
  });
});
