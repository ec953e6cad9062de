import type { CashCountReport, CutData, Receipt, Shift } from '@mostrador/shared';
import type { Page } from '@playwright/test';
import { expect, test, unique, uniqueBarcode } from '../fixtures';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { printsOf } from '../support/print-counter';

// A day at the till (issue 32), typed as people do, on a server of its own whose shop counts its
// drawers blind: the cashier opens the drawer, sells three items, takes an abono, returns one item
// of the three, and a manager authorises an over-limit sale on the cashier's screen. Then the
// close (blind) and the day's cut agree to the centavo.

let server: OwnServer;
const admin = { email: `dia.${unique()}@e2e.mx`, password: 'dia-de-caja-2026' };

test.beforeAll(async () => {
  server = await startOwnServer('day', admin, { BLIND_COUNT: 'true', SELLER_RETURN_LIMIT: '100' });
});

test.afterAll(async () => {
  await server?.stop();
});

async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

test('open, sell, abono, return, a supervised sale; the blind close and the cut agree to the centavo', async ({
  page,
}) => {
  test.slow();
  const id = unique();
  const seed = await server.seedAs();
  const cashier = await seed.user('Seller');
  const manager = await seed.user('Manager');
  const [soap, soda, gum, lamp] = await Promise.all([
    seed.product({ name: `Jabón ${id}`, price: 18.5, barcode: uniqueBarcode(), stock: 10 }),
    seed.product({ name: `Refresco ${id}`, price: 22, barcode: uniqueBarcode(), stock: 10 }),
    seed.product({ name: `Chicle ${id}`, price: 9.5, barcode: uniqueBarcode(), stock: 10 }),
    seed.product({ name: `Lámpara ${id}`, price: 30, barcode: uniqueBarcode(), stock: 5 }),
  ]);
  // A client who owes $375.50, and one with $100.00 of credit who owes $80.00 (sold by the Admin,
  // who has no drawer: credit sales move no cash).
  const owing = await seed.client({ firstName: `Deudora ${id}`, lastName: 'Garza' });
  const limited = await seed.client({ firstName: `Limitado ${id}`, lastName: 'Treviño', creditLimit: 100 });
  await seed.receipt({
    paymentMode: 'Credit',
    clientId: owing.id,
    items: [{ productId: gum.id, quantity: 1, price: 375.5 }],
  });
  await seed.receipt({
    paymentMode: 'Credit',
    clientId: limited.id,
    items: [{ productId: gum.id, quantity: 1, price: 80 }],
  });
  // The manager's PIN for the till.
  const managerApi = await server.seedAs(manager);
  await managerApi.post('/supervisor/setPin', { pin: '4826', currentPassword: manager.password });
  await managerApi.dispose();
  await server.signIn(page, cashier);
  await page.goto(`${server.url}/vender`);
  const code = page.getByRole('textbox', { name: 'Código' });
  await expect(code).toBeFocused();

  // 1. Three items; no drawer yet: 'Abrir caja' with a $500 float, then 'Cobrar' with $100.
  await scan(page, soap.barcode!);
  await scan(page, soda.barcode!);
  await scan(page, gum.barcode!);
  await expect(page.getByTestId('counter-total')).toHaveText('$50.00');
  await page.keyboard.press('F12');
  const open = page.getByRole('dialog', { name: 'Abrir caja' });
  await expect(open.getByLabel('Fondo inicial')).toBeFocused();
  await page.keyboard.type('500', { delay: 10 });
  await page.keyboard.press('Enter');
  const pay = page.getByRole('dialog', { name: 'Cobrar' });
  await expect(pay.getByLabel('Recibido')).toBeFocused();
  await page.keyboard.type('100', { delay: 10 });
  await page.keyboard.press('Enter');
  await expect(pay).toBeHidden();
  const last = page.getByTestId('last-sale');
  await expect(last).toContainText('Remisión #');
  const saleId = Number((await last.textContent())!.match(/Remisión #(\d+)/)![1]);
  // The ticket prints; the cashier hands it over before the next customer.
  await expect.poll(() => printsOf(page)).toBe(1);

  // 2. An abono of $300.50 at the till (F9).
  await expect(code).toBeFocused();
  await page.keyboard.press('F9');
  const picker = page.getByRole('dialog', { name: 'Abonar: elegir cliente' });
  await expect(picker.getByRole('combobox', { name: 'Cliente' })).toBeFocused();
  await page.keyboard.type(`deudora ${id}`, { delay: 10 });
  await expect(picker.getByText(`Deudora ${id} Garza`)).toBeVisible();
  await page.keyboard.press('Enter');
  const abono = page.getByRole('dialog', { name: 'Abonar a cuenta' });
  await expect(abono.getByTestId('abono-balance')).toHaveText('$375.50');
  await expect(abono.getByLabel('Abono')).toBeFocused();
  await page.keyboard.type('300.50', { delay: 10 });
  await page.keyboard.press('Enter');
  await expect(abono).toBeHidden();
  await expect.poll(() => printsOf(page)).toBe(2);

  // 3. The soda of the first sale comes back (F6, the ticket's folio): $22.00 from the drawer.
  await expect(code).toBeFocused();
  await page.keyboard.press('F6');
  const byFolio = page.getByRole('dialog', { name: 'Devolución por folio' });
  await expect(byFolio.getByLabel('Folio del ticket')).toBeFocused();
  await page.keyboard.type(`Remisión #${saleId}`, { delay: 10 });
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: `Devolución · Remisión #${saleId}` });
  await expect(form.getByTestId('return-line')).toHaveCount(3);
  await form.getByLabel(`Cantidad a devolver de Refresco ${id}`).fill('');
  await form.getByLabel(`Cantidad a devolver de Refresco ${id}`).pressSequentially('1', { delay: 10 });
  await form.getByLabel('Motivo').pressSequentially('Venía abierto', { delay: 10 });
  await expect(form.getByTestId('return-refund')).toHaveText('$22.00');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Devolución registrada: $22.00. Se entrega $22.00.')).toBeVisible();
  await expect(form).toBeHidden();

  // 4. A credit sale over the limit: the manager types e-mail and PIN on the cashier's screen.
  await expect(code).toBeFocused();
  await scan(page, lamp.barcode!);
  await page.keyboard.press('F8');
  await page.keyboard.press('F4');
  await page.keyboard.type(`limitado ${id}`, { delay: 10 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('counter-client')).toContainText(`Limitado ${id} Treviño`);
  await page.keyboard.press('F12');
  await expect(pay).toBeVisible();
  await page.keyboard.press('Enter');
  const authorise = page.getByRole('dialog', { name: 'Autorización de supervisor' });
  await expect(authorise.getByLabel('Correo o nombre de usuario')).toBeFocused();
  await page.keyboard.type(manager.email, { delay: 5 });
  await page.keyboard.press('Tab');
  await page.keyboard.type('4826', { delay: 10 });
  await page.keyboard.press('Enter');
  await expect(authorise).toBeHidden();
  await expect(last.getByTestId('last-sale-total')).toHaveText('$30.00');
  const supervisedId = Number((await last.textContent())!.match(/Remisión #(\d+)/)![1]);
  const supervised = await seed.get<Receipt>(`/receipt/details/${supervisedId}`);
  expect(supervised.user.name).toBe(cashier.name);
  expect(supervised.overLimitAuthorizedBy).toEqual({ id: manager.id, name: manager.name });

  // 5. The close, blind: no expected cash on show; counted by bills and coins.
  // 500 + 50.00 + 300.50 − 22.00 = 828.50
  await page.goto(`${server.url}/caja`);
  await expect(page.getByTestId('shift-blind')).toBeVisible();
  await expect(page.getByTestId('shift-expected')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cerrar caja' }).click();
  const close = page.getByRole('dialog', { name: 'Cerrar caja' });
  await expect(close.getByLabel('Billetes de $1,000')).toBeFocused();
  await close.getByLabel('Billetes de $500').fill('1');
  await close.getByLabel('Billetes de $200', { exact: true }).fill('1');
  await close.getByLabel('Billetes de $100').fill('1');
  await close.getByLabel('Billetes de $20', { exact: true }).fill('1');
  await close.getByLabel('Monedas de $5').fill('1');
  await close.getByLabel('Monedas de $2', { exact: true }).fill('1');
  await close.getByLabel('Monedas de $1', { exact: true }).fill('1');
  await close.getByLabel('Monedas de 50¢').fill('1');
  await expect(close.getByTestId('close-counted')).toHaveText('$828.50');
  await expect(close).not.toContainText('Efectivo esperado');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirmar cierre' });
  await expect(confirm.getByRole('button', { name: 'Cerrar caja' })).toBeFocused();
  const closing = page.waitForResponse((r) => r.url().endsWith('/api/cash/close'));
  await page.keyboard.press('Enter');
  const closed = (await (await closing).json()) as Shift;
  expect(closed).toMatchObject({
    openingFloat: 500,
    cashSales: 50,
    cashPayments: 300.5,
    cashRefunds: 22,
    expected: 828.5,
    counted: 828.5,
    difference: 0,
    result: 'Exacto',
  });
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('shift-result')).toContainText('$828.50');

  // 6. The day's cut, on the Admin's screen: the same figures, line by line, meeting 'by method'.
  const adminPage = await page.context().browser()!.newPage();
  try {
    await server.signIn(adminPage);
    await adminPage.goto(`${server.url}/reports`);
    await adminPage.getByRole('button', { name: 'Crear corte' }).click();
    const create = adminPage.getByRole('dialog', { name: 'Crear Corte' });
    const generated = adminPage.waitForResponse((r) => r.url().endsWith('/api/reports/generate'));
    await create.getByRole('button', { name: 'Generar corte' }).click();
    const cut = JSON.parse(((await (await generated).json()) as CashCountReport).data) as CutData;
    expect(cut.cash).toMatchObject({
      openingFloats: 500,
      cashSales: 50,
      cashPayments: 300.5,
      cashRefunds: 22,
      expected: 828.5,
      counted: 828.5,
      difference: 0,
      outside: { net: 0 },
      otherDays: 0,
      efectivo: 328.5,
    });
    expect(cut.totals.byMethod?.Efectivo).toBe(328.5);
    const lines = adminPage.getByTestId('cut-viewer').getByTestId('cut-cash-lines');
    await expect(lines.getByRole('row', { name: /Efectivo esperado/ })).toContainText('$828.50');
    await expect(lines.getByRole('row', { name: /Devoluciones/ })).toContainText('−$22.00');
    await expect(lines.getByRole('row', { name: /^Pagos en efectivo/ })).toContainText('$328.50');
  } finally {
    await adminPage.close();
  }
  await seed.dispose();
});
