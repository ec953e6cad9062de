import AxeBuilder from '@axe-core/playwright';
import { businessToday, type Receipt } from '@mostrador/shared';
import type { Locator, Page } from '@playwright/test';
import { expect, type Seed, storageStateOf, test, unique } from '../fixtures';

// axe-core on every screen and the main dialogs, in both colour schemes: no serious or critical
// violation (WCAG 2.2 AA contrast, names, roles), one h1 per page and one main landmark.

// Each test walks several screens, each analysed in full: more time than one action needs.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

const SCHEMES = ['light', 'dark'] as const;
const COLOR_SCHEME_KEY = 'mostrador.color-scheme';

/** Serious and critical violations on the page (or in one part of it), one line each. */
async function expectNoSeriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`));
  expect(serious).toEqual([]);
}

/** A page once loaded: its one h1 shown, one main landmark, no skeleton left, then axe. */
async function expectAccessiblePage(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await expectNoSeriousViolations(page);
}

/** An open dialog once its opening transition is over, checked on its own. */
async function expectAccessibleDialog(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  await expect(dialog.getByRole('button', { name: 'Cerrar' })).toBeVisible();
  await expectNoSeriousViolations(dialog.page(), '[role="dialog"]');
}

/** A client with a pending credit sale, a cash sale and a cancelled one: badges, balances, a refund. */
async function seedShop(seed: Seed) {
  const id = unique();
  const product = await seed.product({ name: `Contraste ${id}`, stock: 50 });
  const client = await seed.client({ firstName: 'Accesible', lastName: id });
  const items = [{ productId: product.id, quantity: 2, price: 35 }];
  const credit = await seed.receipt({ paymentMode: 'Credit', clientId: client.id, items });
  await seed.post('/receipt/addPayment', { receiptId: credit.id, amount: 20 });
  await seed.receipt({ paymentMode: 'Cash', clientId: client.id, items });
  const cancelled = await seed.receipt({ paymentMode: 'Cash', clientId: client.id, items });
  await seed.post<Receipt>('/receipt/changeState', { id: cancelled.id, state: 'Cancelled' });
  await seed.post('/reports/generate', { date: businessToday() });
  return { product, client, credit };
}

for (const scheme of SCHEMES) {
  test.describe(`${scheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
        key: COLOR_SCHEME_KEY,
        value: scheme,
      });
    });

    test('the login screen', async ({ page }) => {
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expectAccessiblePage(page, 'Mostrador');
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await expectNoSeriousViolations(page);
    });

    test('caja: open, the movement and close dialogs, and the history', async ({ page, seed }) => {
      // A user of its own: its shift is nobody else's.
      const user = await seed.user('Manager');
      await page.goto('/login');
      await page.getByLabel('Correo electrónico').fill(user.email);
      await page.getByLabel('Contraseña').fill(user.password);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await expect(page).not.toHaveURL(/\/login$/);
      await page.goto('/caja');
      await expect(page.getByRole('form', { name: 'Abrir caja' })).toBeVisible();
      await expectAccessiblePage(page, 'Caja');
      await page.getByLabel('Fondo inicial').fill('100');
      await page.getByRole('button', { name: 'Abrir caja' }).click();
      await expect(page.getByTestId('shift-expected')).toHaveText('$100.00');
      // The success toast (Mantine's notification, not this screen) is gone before axe looks.
      await expect(page.getByText('Caja abierta.')).toBeHidden({ timeout: 15_000 });
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Salida' }).click();
      await expectAccessibleDialog(page.getByRole('dialog', { name: 'Registrar salida de efectivo' }));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Cerrar caja' }).click();
      // Its submit is 'Cerrar caja' too, so the close button is looked up by its exact name.
      const close = page.getByRole('dialog', { name: 'Cerrar caja' });
      await expect(close).toHaveCSS('opacity', '1');
      await expect(close.getByRole('button', { name: 'Cerrar', exact: true })).toBeVisible();
      await expectNoSeriousViolations(page, '[role="dialog"]');
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Historial de turnos' }).click();
      await expect(page.getByTestId('shift-row').first()).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test.describe('signed in as Admin', () => {
      test.use({ storageState: storageStateOf('Admin') });

      test('receipts and the new receipt dialog', async ({ page, seed }) => {
        await seedShop(seed);
        await page.goto('/receipts');
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await expect(page.getByTestId('receipt-card').first()).toBeVisible();
        await expectAccessiblePage(page, 'Remisiones');

        await page.getByRole('button', { name: 'Nueva Remisión' }).click();
        await expectAccessibleDialog(page.getByRole('dialog', { name: 'Nueva Remisión' }));
      });

      test('a receipt and its action dialogs', async ({ page, seed }) => {
        const { credit } = await seedShop(seed);
        await page.goto(`/receipts/${credit.id}`);
        await expect(page.getByTestId('receipt-card')).toBeVisible();
        await expectAccessiblePage(page, 'Remisiones');
        for (const [entry, title] of [
          ['Registrar pago', `Registrar pago · Remisión #${credit.id}`],
          ['Cancelar remisión', `Cambiar estado de la remisión #${credit.id}`],
          ['Imprimir', /Imprimir/],
        ] as const) {
          await page.getByRole('button', { name: `Acciones de la remisión #${credit.id}` }).click();
          await page.getByRole('menuitem', { name: entry }).click();
          const dialog = page.getByRole('dialog', { name: title });
          await expectAccessibleDialog(dialog);
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
        }
      });

      test('clients, a client and their dialogs', async ({ page, seed }) => {
        const { client } = await seedShop(seed);
        await page.goto('/clients');
        await expectAccessiblePage(page, 'Clientes');
        await page.getByRole('button', { name: 'Crear cliente' }).click();
        await expectAccessibleDialog(page.getByRole('dialog', { name: 'Crear cliente' }));
        await page.keyboard.press('Escape');

        // Two shared links, one of them revoked: the list of links and its badges are on the page.
        const revoked = await seed.post<{ id: number }>(`/client/statementLink/${client.id}`, {});
        await seed.post(`/client/statementLink/${client.id}`, {});
        await seed.post('/client/revokeStatementLink', { id: revoked.id });
        await page.goto(`/clients/${client.id}`);
        await expect(page.getByTestId('receipt-card')).toHaveCount(3);
        await expect(page.getByTestId('statement-link')).toHaveCount(2);
        await expectAccessiblePage(page, `Accesible ${client.lastName}`);
      });

      test('products and the product dialog', async ({ page, seed }) => {
        await seedShop(seed);
        await page.goto('/products');
        await expectAccessiblePage(page, 'Productos');
        await page.getByRole('button', { name: 'Nuevo producto' }).click();
        await expectAccessibleDialog(page.getByRole('dialog', { name: 'Crear producto' }));
      });

      test('reports with a cut, and the cut dialog', async ({ page, seed }) => {
        await seedShop(seed);
        await page.goto('/reports');
        await expect(page.getByTestId('cut-viewer').getByTestId('cut-day')).toBeVisible();
        await expect(page.getByTestId('inventory-log').first()).toBeVisible();
        await expectAccessiblePage(page, 'Reportes');
        await page.getByRole('button', { name: 'Crear corte' }).click();
        await expectAccessibleDialog(page.getByRole('dialog', { name: 'Crear Corte' }));
      });

      test('users and the add-user dialog', async ({ page }) => {
        await page.goto('/users');
        await expect(page.getByRole('table')).toBeVisible();
        await expectAccessiblePage(page, 'Usuarios');
        await page.getByRole('button', { name: 'Agregar usuario' }).click();
        await expectAccessibleDialog(page.getByRole('dialog', { name: 'Agregar usuario' }));
      });

      test('suppliers, purchases, a purchase, the new purchase and the reorder', async ({ page, seed }) => {
        const supplier = await seed.post<{ id: number; name: string }>('/supplier/register', {
          name: `Proveedor accesible ${unique()}`,
          phone: '81 1111 2222',
        });
        const product = await seed.product({ stock: 0, minStock: 3 });
        const purchase = await seed.post<{ id: number }>('/purchase/create', {
          supplierId: supplier.id,
          items: [{ productId: product.id, quantity: 1, unitCost: 5.5 }],
          paid: 'crédito',
        });
        await page.goto('/proveedores');
        await expect(page.getByTestId('suppliers-table')).toBeVisible();
        await expectAccessiblePage(page, 'Proveedores');
        await page.getByRole('button', { name: 'Nuevo proveedor' }).click();
        await expectAccessibleDialog(page.getByRole('dialog', { name: 'Nuevo proveedor' }));
        await page.keyboard.press('Escape');
        await page.goto('/compras');
        await expect(page.getByTestId('purchases-table')).toBeVisible();
        await expectAccessiblePage(page, 'Compras');
        await page.goto(`/compras/${purchase.id}`);
        await expect(page.getByTestId('purchase-items')).toBeVisible();
        await expectAccessiblePage(page, `Compra #${purchase.id}`);
        await page.goto('/compras/reponer');
        await expect(page.getByTestId('reorder-group').first()).toBeVisible();
        await expectAccessiblePage(page, 'Por pedir');
        await page
          .getByTestId('reorder-group')
          .filter({ hasText: supplier.name })
          .getByRole('button', { name: 'Crear compra' })
          .click();
        await expect(page.getByTestId('purchase-lines')).toBeVisible();
        await expectAccessiblePage(page, 'Nueva compra');
      });

      test('assistant, dashboard, settings and not found', async ({ page }) => {
        await page.goto('/assistant');
        await expectAccessiblePage(page, 'Asistente');
        await page.goto('/dashboard');
        await expectAccessiblePage(page, 'Panel');
        await page.goto('/configuracion');
        await expect(page.getByRole('textbox', { name: 'Nombre del negocio' })).toBeVisible();
        await expectAccessiblePage(page, 'Configuración');
        await page.goto('/no-such-page');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not Found');
        await expectNoSeriousViolations(page);
      });
    });
  });
}
