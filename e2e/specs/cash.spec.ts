import { createServer, type Server, type Socket } from 'node:net';
import { businessToday, type CashCountReport, type Receipt, type Shift } from '@mostrador/shared';
import type { Page } from '@playwright/test';
import { printsOf } from '../support/print-counter';
import { expect, test, unique, uniqueBarcode } from '../fixtures';
import { type OwnServer, startOwnServer } from '../support/own-server';

// The cash drawer per shift (issue 17), on the real server in a real browser. Each test signs in
// as a user of its own, so its shift sees no other test's sales.

/** Signs in through the login screen. */
async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** A keyboard-wedge scanner: the code's keys, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

const figure = (page: Page, label: string) =>
  page.getByTestId('shift-figure').filter({ has: page.getByText(label, { exact: true }) });

test('open with a float, sell in cash and by card, pay out, count short: Faltante on the close and on the cut', async ({
  page,
  seed,
}) => {
  // A whole shift in one test (open, three sales, a payout, the close, the shift PDF, two cuts):
  // long enough to pass the default timeout on a busy machine.
  test.slow();
  const id = unique();
  const manager = await seed.user('Manager');
  const soap = await seed.product({ name: `Jabón caja ${id}`, price: 85.5, barcode: uniqueBarcode(), stock: 10 });
  // A cut of today already exists: generating another must ask first.
  await seed.post<CashCountReport>('/reports/generate', { date: businessToday() });
  await signIn(page, manager.email, manager.password);

  // The menu has 'Caja'; no shift yet: 'Abrir caja' with the float.
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Caja' }).click();
  await expect(page).toHaveURL(/\/caja$/);
  await expect(page.getByRole('heading', { name: 'Caja', level: 1 })).toBeVisible();
  const openForm = page.getByRole('form', { name: 'Abrir caja' });
  await openForm.getByRole('button', { name: 'Abrir caja' }).click();
  await expect(openForm.getByText('Indica el fondo inicial (puede ser $0).')).toBeVisible();
  await openForm.getByLabel('Fondo inicial').fill('500');
  await openForm.getByRole('button', { name: 'Abrir caja' }).click();
  await expect(page.getByText('Caja abierta.')).toBeVisible();
  await expect(page.getByTestId('shift-expected')).toHaveText('$500.00');

  // A cash sale at the counter: 2 × $85.50 paid with $200 (the $29 change is not income)…
  await page.goto('/vender');
  await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
  await scan(page, soap.barcode!);
  await scan(page, soap.barcode!);
  await expect(page.getByTestId('counter-total')).toHaveText('$171.00');
  await page.keyboard.press('F12');
  const pay = page.getByRole('dialog', { name: 'Cobrar' });
  await expect(pay.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
  await expect(pay.getByLabel('Recibido')).toBeFocused();
  await page.keyboard.type('200', { delay: 10 });
  await expect(pay.getByTestId('pay-change')).toHaveText('$29.00');
  const cashSale = page.waitForResponse((r) => r.url().endsWith('/api/receipt/create'));
  await page.keyboard.press('Enter');
  expect(((await (await cashSale).json()) as Receipt).payments[0]?.method).toBe('Efectivo');
  await expect(pay).toBeHidden();
  // The ticket's PDF goes to the print dialog first; the scanner waits for the field, as a cashier does.
  await expect.poll(() => printsOf(page)).toBe(1);
  await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();

  // …and one by card, which does not go into the drawer.
  await scan(page, soap.barcode!);
  await expect(page.getByTestId('counter-total')).toHaveText('$85.50');
  await page.keyboard.press('F12');
  await pay.getByText('Tarjeta', { exact: true }).click();
  await expect(pay.getByLabel('Recibido')).toBeHidden();
  const cardSale = page.waitForResponse((r) => r.url().endsWith('/api/receipt/create'));
  await page.keyboard.press('Enter');
  const card = (await (await cardSale).json()) as Receipt;
  expect(card.payments[0]?.method).toBe('Tarjeta');
  await expect(pay).toBeHidden();
  await expect.poll(() => printsOf(page)).toBe(2);

  // Back in 'Caja': the live figures. A 'Salida' needs its note.
  await page.goto('/caja');
  await expect(figure(page, 'Ventas en efectivo')).toContainText('$171.00');
  await expect(page.getByTestId('shift-expected')).toHaveText('$671.00');
  await expect(page.getByRole('region', { name: 'Efectivo del turno' })).toContainText('Tarjeta: $85.50');
  await page.getByRole('button', { name: 'Salida' }).click();
  const salida = page.getByRole('dialog', { name: 'Registrar salida de efectivo' });
  await salida.getByLabel('Monto').fill('50');
  await salida.getByRole('button', { name: 'Registrar' }).click();
  await expect(salida.getByText('La nota es obligatoria.')).toBeVisible();
  await salida.getByLabel('Nota').fill('Pago al proveedor de hielo');
  await salida.getByRole('button', { name: 'Registrar' }).click();
  await expect(salida).toBeHidden();
  await expect(page.getByTestId('shift-expected')).toHaveText('$621.00');
  await expect(page.getByTestId('shift-movement')).toHaveCount(1);
  await expect(page.getByTestId('shift-movement')).toContainText('Pago al proveedor de hielo');
  await expect(figure(page, 'Salidas')).toContainText('$50.00');

  // Close: counted by bills and coins, $6.00 short (1 × $500, 1 × $100, a $10 and a $5 coin).
  await page.getByRole('button', { name: 'Cerrar caja' }).click();
  const close = page.getByRole('dialog', { name: 'Cerrar caja' });
  await close.getByLabel('Billetes de $500').fill('1');
  await close.getByLabel('Billetes de $100').fill('1');
  await close.getByLabel('Monedas de $10').fill('1');
  await close.getByLabel('Monedas de $5').fill('1');
  await expect(close.getByTestId('close-counted')).toHaveText('$615.00');
  await close.getByRole('button', { name: 'Cerrar caja' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar cierre' });
  await expect(confirm).toContainText('$615.00');
  const closing = page.waitForResponse((r) => r.url().endsWith('/api/cash/close'));
  await confirm.getByRole('button', { name: 'Cerrar caja' }).click();
  const closeResponse = await closing;
  expect(closeResponse.request().postDataJSON()).toEqual({ counted: { '500': 1, '100': 1, '10': 1, '5': 1 } });
  const closed = (await closeResponse.json()) as Shift;
  expect(closed).toMatchObject({ expected: 621, counted: 615, difference: -6, result: 'Faltante' });

  const result = page.getByTestId('shift-result');
  await expect(result.getByTestId('shift-result-label')).toHaveText('Faltante $6.00');
  await expect(result.getByTestId('shift-difference')).toHaveText('-$6.00');
  // Faltante is red: the alert is filled with the theme's red.
  const red = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.backgroundColor = 'var(--mantine-color-red-filled)';
    document.body.append(probe);
    const color = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return color;
  });
  await expect(result.getByRole('alert')).toHaveCSS('background-color', red);

  // 'Imprimir resumen' without a printer: the 80 mm PDF of the shift in the print dialog.
  const pdf = page.waitForResponse((r) => r.url().endsWith(`/api/cash/pdf/${closed.id}`));
  const prints = await printsOf(page);
  await result.getByRole('button', { name: 'Imprimir resumen' }).click();
  const pdfResponse = await pdf;
  expect(pdfResponse.status()).toBe(200);
  expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
  await expect(page.getByTestId('print-frame')).toBeAttached();
  await expect.poll(() => printsOf(page)).toBe(prints + 1);

  // The history (Manager) lists the shift with its difference.
  await page.getByRole('tab', { name: 'Historial de turnos' }).click();
  const row = page.getByTestId('shift-row').filter({ hasText: manager.name });
  await expect(row.getByRole('cell')).toContainText(['$621.00', '$615.00', '-$6.00', 'Faltante']);

  // The day's cut: a second cut of the day asks first, then lists the shift with its Faltante.
  await page.goto('/reports');
  await page.getByRole('button', { name: 'Crear corte' }).click();
  const create = page.getByRole('dialog', { name: 'Crear Corte' });
  await create.getByRole('button', { name: 'Generar corte' }).click();
  const again = page.getByRole('dialog', { name: 'Ya existe un corte de este día' });
  await expect(again).toContainText('Un corte nuevo no borra ni reemplaza al anterior');
  await again.getByRole('button', { name: 'Generar otro corte' }).click();
  await expect(page.getByText('El corte ha sido creado correctamente.')).toBeVisible();
  const viewer = page.getByTestId('cut-viewer');
  const shifts = viewer.getByRole('region', { name: 'Turnos del día' });
  await expect(shifts.getByRole('row', { name: new RegExp(manager.name) }).getByRole('cell')).toContainText([
    manager.name,
    '$621.00',
    '$615.00',
    '-$6.00',
    'Faltante',
  ]);
  // The summary comes first and totals by method.
  const summary = viewer.getByRole('region', { name: 'Resumen' });
  await expect(viewer.getByRole('region').first()).toHaveAccessibleName('Resumen');
  await expect(summary.getByTestId('cut-method')).toHaveCount(3);
  await expect(summary.getByTestId('cut-cash').first()).toContainText('Efectivo esperado');
});

test.describe('with a printer', () => {
  // A server of its own whose PRINTER_URL is a local TCP listener standing in for the printer.
  let printer: Server;
  let received: Buffer[];
  let server: OwnServer;
  const admin = { email: `caja.${unique()}@e2e.mx`, password: 'turno-e2e-2026' };

  test.beforeAll(async () => {
    received = [];
    printer = createServer((socket: Socket) => socket.on('data', (chunk: Buffer) => received.push(chunk)));
    await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
    const address = printer.address();
    if (!address || typeof address === 'string') throw new Error('El listener no tiene puerto.');
    server = await startOwnServer('cash', admin, { PRINTER_URL: `tcp://127.0.0.1:${address.port}` });
  });

  test.afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => (printer ? printer.close(() => resolve()) : resolve()));
  });

  test('a cash sale at the counter opens the drawer: ESC p 0 25 250 reaches the printer', async ({ page }) => {
    // Products on this server, through its API.
    const seed = await server.seedAs();
    const gum = await seed.product({ name: `Chicle ${unique()}`, price: 10, barcode: uniqueBarcode(), stock: 5 });
    // The Admin's drawer is open: the counter goes straight to 'Cobrar'.
    await seed.post<Shift>('/cash/open', { openingFloat: 0 });
    await seed.dispose();
    await server.signIn(page);
    await page.goto(`${server.url}/vender`);
    await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
    await scan(page, gum.barcode!);
    await page.keyboard.press('F12');
    await expect(page.getByRole('dialog', { name: 'Cobrar' }).getByLabel('Recibido')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('last-sale')).toBeVisible();

    const kick = Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]);
    await expect.poll(() => Buffer.concat(received).includes(kick), { timeout: 10_000 }).toBe(true);
  });
});
