import type { Shift } from '@mostrador/shared';
import type { Page } from '@playwright/test';
import { expect, test, unique, uniqueBarcode } from '../fixtures';
import { printsOf } from '../support/print-counter';

// Every peso in a drawer (issue 32), in a real browser: the counter asks to open the drawer before
// the first cash sale of a cashier with none; the close starts at the first bill and Enter in its
// confirmation confirms. The cashier is a user of this test's own, with no drawer open.

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

test('a cashier with no drawer opens it at the counter, sells, then closes it by keyboard: Exacto', async ({
  page,
  seed,
}) => {
  test.slow();
  const cashier = await seed.user('Seller');
  const soap = await seed.product({
    name: `Jabón cajón ${unique()}`,
    price: 85.5,
    barcode: uniqueBarcode(),
    stock: 10,
  });
  await signIn(page, cashier.email, cashier.password);

  await page.goto('/vender');
  await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
  await scan(page, soap.barcode!);
  await expect(page.getByTestId('counter-total')).toHaveText('$85.50');
  await page.keyboard.press('F12');
  // No drawer yet: 'Abrir caja' with the float focused; Enter opens it and goes on to 'Cobrar'.
  const open = page.getByRole('dialog', { name: 'Abrir caja' });
  await expect(open.getByText('Abre la caja antes de cobrar en efectivo')).toBeVisible();
  await expect(open.getByLabel('Fondo inicial')).toBeFocused();
  await page.keyboard.type('500', { delay: 10 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Caja abierta.')).toBeVisible();
  const pay = page.getByRole('dialog', { name: 'Cobrar' });
  await expect(pay.getByLabel('Recibido')).toBeFocused();
  await page.keyboard.type('100', { delay: 10 });
  const sold = page.waitForResponse((r) => r.url().endsWith('/api/receipt/create'));
  await page.keyboard.press('Enter');
  expect((await sold).status()).toBe(201);
  await expect(pay).toBeHidden();
  await expect.poll(() => printsOf(page)).toBe(1);

  // The next cash sale goes straight to 'Cobrar': the drawer is open.
  await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
  await scan(page, soap.barcode!);
  await page.keyboard.press('F12');
  await expect(pay).toBeVisible();
  await expect(open).toBeHidden();
  await page.keyboard.press('Escape');

  // The close: the cursor starts in the first denomination; Enter in the confirmation confirms.
  await page.goto('/caja');
  await expect(page.getByTestId('shift-expected')).toHaveText('$585.50');
  await page.getByRole('button', { name: 'Cerrar caja' }).click();
  const close = page.getByRole('dialog', { name: 'Cerrar caja' });
  await expect(close.getByLabel('Billetes de $1,000')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('1'); // $500
  await close.getByLabel('Billetes de $50', { exact: true }).fill('1');
  await close.getByLabel('Billetes de $20', { exact: true }).fill('1');
  await close.getByLabel('Monedas de $10').fill('1');
  await close.getByLabel('Monedas de $5').fill('1');
  await close.getByLabel('Monedas de 50¢').fill('1');
  await expect(close.getByTestId('close-counted')).toHaveText('$585.50');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirmar cierre' });
  await expect(confirm).toContainText('$585.50');
  await expect(confirm.getByRole('button', { name: 'Cerrar caja' })).toBeFocused();
  const closing = page.waitForResponse((r) => r.url().endsWith('/api/cash/close'));
  await page.keyboard.press('Enter');
  const closed = (await (await closing).json()) as Shift;
  expect(closed).toMatchObject({ expected: 585.5, counted: 585.5, difference: 0, result: 'Exacto' });
  await expect(page.getByTestId('shift-result')).toBeVisible();
});
