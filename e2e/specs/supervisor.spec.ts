import type { Receipt } from '@mostrador/shared';
import type { Page } from '@playwright/test';
import { apiAsAccount, expect, storageStateOf, test, unique, uniqueBarcode, USERS } from '../fixtures';

// A supervisor at the till (issue 32, part 3): a Manager sets their PIN from the account menu;
// at /vender a Seller's credit sale over the client's limit asks for a supervisor, the Manager
// types their e-mail and PIN on the Seller's screen, and the sale goes through as the Seller's,
// its receipt saying who authorised it. Also: a Seller's cancellation authorised with a Manager's
// password, an Admin clearing a PIN, and a Manager authorising their own sale over the limit.

test.use({ storageState: storageStateOf('Seller') });

/** A keyboard-wedge scanner: the code's keys 10 ms apart, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

test("a Manager's PIN, set in the account menu, authorises a Seller's credit sale over the limit", async ({
  page,
  browser,
  baseURL,
  seed,
}) => {
  const manager = await seed.user('Manager');
  const pin = '2580';

  // The Manager, on their own browser, sets a PIN from the account menu.
  const managerContext = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const own = await managerContext.newPage();
    await own.goto('/login');
    await own.getByLabel('Correo electrónico').fill(manager.email);
    await own.getByLabel('Contraseña').fill(manager.password);
    await own.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(own.getByTestId('current-user-name')).toHaveText(manager.name);
    await own.getByRole('button', { name: 'Configuración' }).click();
    await own.getByRole('menuitem', { name: 'PIN de supervisor' }).click();
    const pinDialog = own.getByRole('dialog', { name: 'PIN de supervisor' });
    await expect(pinDialog.getByLabel('PIN nuevo')).toBeFocused();
    await own.keyboard.type(pin, { delay: 10 });
    await own.keyboard.press('Tab');
    await own.keyboard.type('2581', { delay: 10 });
    await own.keyboard.press('Tab');
    await own.keyboard.type(manager.password, { delay: 5 });
    await own.keyboard.press('Enter');
    await expect(pinDialog.getByText('Los PIN no coinciden.')).toBeVisible();
    await pinDialog.getByLabel('Confirma el PIN').fill(pin);
    await own.keyboard.press('Enter');
    await expect(own.getByText('PIN de supervisor guardado.')).toBeVisible();
    await expect(pinDialog).toBeHidden();
  } finally {
    await managerContext.close();
  }

  // A client with $100.00 of credit who owes $80.00, and a $30.00 product.
  const id = unique();
  const client = await seed.client({ firstName: `Supervisado ${id}`, lastName: 'Garza', creditLimit: 100 });
  const owed = await seed.product({ stock: 10 });
  await seed.receipt({
    paymentMode: 'Credit',
    clientId: client.id,
    items: [{ productId: owed.id, quantity: 1, price: 80 }],
  });
  const product = await seed.product({ name: `Lámpara ${id}`, price: 30, barcode: uniqueBarcode(), stock: 5 });

  // The Seller at the counter: scan, F8 credit, F4 the client, F12 and Enter.
  await page.goto('/vender');
  await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
  await scan(page, product.barcode!);
  await expect(page.getByTestId('counter-total')).toHaveText('$30.00');
  await page.keyboard.press('F8');
  await page.keyboard.press('F4');
  await page.keyboard.type(`supervisado ${id}`, { delay: 10 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('counter-client')).toContainText(`Supervisado ${id} Garza`);
  await page.keyboard.press('F12');
  const pay = page.getByRole('dialog', { name: 'Cobrar' });
  await expect(pay).toBeVisible();
  await page.keyboard.press('Enter');

  // Over the limit: the supervisor's dialog, its login field ready to type in.
  const authorise = page.getByRole('dialog', { name: 'Autorización de supervisor' });
  await expect(authorise).toContainText(
    'El cliente excede su límite de crédito (límite $100.00, saldo $80.00): se necesita la autorización de un supervisor.',
  );
  await expect(authorise.getByLabel('Correo o nombre de usuario')).toBeFocused();
  await page.keyboard.type(manager.email, { delay: 5 });
  await page.keyboard.press('Tab');
  await page.keyboard.type('1111', { delay: 10 });
  await page.keyboard.press('Enter');
  await expect(authorise.getByRole('alert')).toHaveText('El supervisor o su contraseña/PIN no son correctos.');
  // The wrong PIN is cleared for the next try; the e-mail stays.
  await expect(authorise.getByLabel('Contraseña o PIN')).toHaveValue('');
  await authorise.getByLabel('Contraseña o PIN').click();
  await page.keyboard.type(pin, { delay: 10 });
  await page.keyboard.press('Enter');

  await expect(authorise).toBeHidden();
  await expect(pay).toBeHidden();
  const last = page.getByTestId('last-sale');
  await expect(last.getByTestId('last-sale-total')).toHaveText('$30.00');
  const receiptId = Number((await last.textContent())!.match(/Remisión #(\d+)/)![1]);

  // The sale is the Seller's; the Manager authorised it.
  const receipt = await seed.get<Receipt>(`/receipt/details/${receiptId}`);
  expect(receipt.user.name).toBe(USERS.Seller.name);
  expect(receipt.overLimitAuthorizedBy).toEqual({ id: manager.id, name: manager.name });
  expect(await seed.stockOf(product.id)).toBe(4);

  // And the receipt says so.
  await page.goto(`/receipts/${receiptId}`);
  const card = page.getByRole('article', { name: `Remisión #${receiptId}` });
  await expect(card).toContainText(USERS.Seller.name);
  await expect(card.getByTestId('receipt-authorizations')).toContainText(`Autorizado por ${manager.name}`);
});

test("a Seller cancels their sale with a Manager's e-mail and password; the receipt says who authorised it", async ({
  page,
  seed,
}) => {
  const product = await seed.product({ stock: 5, price: 45 });
  await page.goto('/vender');
  await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
  await scan(page, product.cuid);
  await expect(page.getByTestId('counter-total')).toHaveText('$45.00');
  await page.keyboard.press('F12');
  const pay = page.getByRole('dialog', { name: 'Cobrar' });
  await expect(pay).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(pay).toBeHidden();
  const last = page.getByTestId('last-sale');
  await expect(last.getByTestId('last-sale-total')).toHaveText('$45.00');
  const receiptId = Number((await last.textContent())!.match(/Remisión #(\d+)/)![1]);
  expect(await seed.stockOf(product.id)).toBe(4);

  await page.goto(`/receipts/${receiptId}`);
  const card = page.getByRole('article', { name: `Remisión #${receiptId}` });
  await card.getByRole('button', { name: `Acciones de la remisión #${receiptId}` }).click();
  await page.getByRole('menuitem', { name: 'Cancelar remisión' }).click();
  const change = page.getByRole('dialog', { name: `Cambiar estado de la remisión #${receiptId}` });
  await change.getByRole('button', { name: 'Cambiar estado' }).click();

  const authorise = page.getByRole('dialog', { name: 'Autorización de supervisor' });
  await expect(authorise).toContainText(
    `La cancelación de la remisión #${receiptId} la autoriza un gerente o un administrador: se necesita la autorización de un supervisor.`,
  );
  await expect(authorise.getByLabel('Correo o nombre de usuario')).toBeFocused();
  await page.keyboard.type(USERS.Manager.email, { delay: 5 });
  await page.keyboard.press('Tab');
  await page.keyboard.type(USERS.Manager.password, { delay: 5 });
  await page.keyboard.press('Enter');

  await expect(page.getByText(`La remisión #${receiptId} cambió de Pagado a Cancelado.`)).toBeVisible();
  await expect(authorise).toBeHidden();
  await expect(card.getByTestId('receipt-authorizations')).toContainText(`Autorizado por ${USERS.Manager.name}`);
  await expect(card.getByTestId('receipt-authorizations')).toContainText('cancelación');
  expect(await seed.stockOf(product.id)).toBe(5);
  const receipt = await seed.get<Receipt>(`/receipt/details/${receiptId}`);
  expect([receipt.state, receipt.user.name]).toEqual(['Cancelled', USERS.Seller.name]);
});

test.describe('the users screen', () => {
  test.use({ storageState: storageStateOf('Admin') });

  test("an Admin clears a Manager's supervisor PIN", async ({ page, seed }) => {
    const manager = await seed.user('Manager');
    const own = await apiAsAccount(manager);
    try {
      const set = await own.post('/api/supervisor/setPin', {
        data: { pin: '864209', currentPassword: manager.password },
      });
      expect(set.ok(), await set.text()).toBe(true);
      await page.goto('/users');
      await page.getByRole('button', { name: `Quitar PIN de supervisor ${manager.name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Quitar PIN de supervisor' });
      await expect(confirm).toContainText(`${manager.name} autorizará con su contraseña`);
      await confirm.getByRole('button', { name: 'Quitar PIN' }).click();
      await expect(page.getByText(`Se quitó el PIN de supervisor de ${manager.name}.`)).toBeVisible();
      expect(await (await own.get('/api/supervisor/pin')).json()).toEqual({ hasPin: false });
    } finally {
      await own.dispose();
    }
  });
});

test.describe('a Manager at the counter', () => {
  test.use({ storageState: storageStateOf('Manager') });

  test('authorises their own sale over the limit with a confirmation, and it stays theirs', async ({ page, seed }) => {
    const id = unique();
    await seed.client({ firstName: `Excedido ${id}`, lastName: 'Treviño', creditLimit: 50 });
    const product = await seed.product({ name: `Taladro ${id}`, price: 60, barcode: uniqueBarcode(), stock: 3 });

    await page.goto('/vender');
    await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
    await scan(page, product.barcode!);
    await page.keyboard.press('F8');
    await page.keyboard.press('F4');
    await page.keyboard.type(`excedido ${id}`, { delay: 10 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('counter-client')).toContainText(`Excedido ${id} Treviño`);
    await page.keyboard.press('F12');
    await expect(page.getByRole('dialog', { name: 'Cobrar' })).toBeVisible();
    await page.keyboard.press('Enter');

    const confirm = page.getByRole('dialog', { name: 'Límite de crédito excedido' });
    await expect(confirm).toContainText('El cliente excede su límite de crédito (límite $50.00, saldo $0.00).');
    await confirm.getByRole('button', { name: 'Autorizar venta' }).click();
    const last = page.getByTestId('last-sale');
    await expect(last.getByTestId('last-sale-total')).toHaveText('$60.00');
    const receiptId = Number((await last.textContent())!.match(/Remisión #(\d+)/)![1]);
    const receipt = await seed.get<Receipt>(`/receipt/details/${receiptId}`);
    expect(receipt.user.name).toBe(USERS.Manager.name);
    expect(receipt.overLimitAuthorizedBy?.name).toBe(USERS.Manager.name);
  });
});
