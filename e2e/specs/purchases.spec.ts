import type { Product, Purchase, Supplier } from '@mostrador/shared';
import type { Page } from '@playwright/test';
import { expect, storageStateOf, test, unique, uniqueBarcode } from '../fixtures';

// Purchases (issue 37): a supplier made on 'Proveedores', a delivery rung up on 'Nueva compra' by
// typing codes, the stock and the cost it changes, its cancellation (and the refusal when the stock
// is gone), and the reorder's 'Crear compra' that fills the form. Other specs run beside this one:
// every record is named uniquely and found by name.

test.use({ storageState: storageStateOf('Admin') });

const productOf = async (seed: { get<T>(path: string): Promise<T> }, id: number) =>
  (await seed.get<{ products: Product[] }>('/product/list')).products.find((p) => p.id === id)!;

/** Picks the supplier in the form's searchable list. */
async function pickSupplier(page: Page, name: string) {
  const field = page.getByTestId('purchase-supplier');
  await field.click();
  await field.fill(name);
  await page.getByRole('option', { name }).click();
  await expect(field).toHaveValue(name);
}

test.describe('Purchases', () => {
  test('a supplier, a purchase typed by codes, its stock and cost, and its cancellation', async ({ page, seed }) => {
    // Four screens one after the other (suppliers, the form, a product, the purchase).
    test.slow();
    const id = unique();
    const supplierName = `Abarrotes E2E ${id}`;

    // 'Nuevo proveedor' on Proveedores.
    await page.goto('/proveedores');
    await page.getByRole('button', { name: 'Nuevo proveedor' }).click();
    const modal = page.getByRole('dialog', { name: 'Nuevo proveedor' });
    await modal.getByLabel('Nombre').fill(supplierName);
    await modal.getByLabel('Teléfono').fill('81 1234 5678');
    await modal.getByLabel('Contacto').fill('Don Memo');
    await modal.getByRole('button', { name: 'Crear proveedor' }).click();
    await expect(page.getByText('Proveedor creado.')).toBeVisible();
    await page.getByLabel('Buscar').fill(id);
    await expect(
      page.getByTestId('suppliers-table').getByRole('row', { name: new RegExp(supplierName) }),
    ).toContainText('81 1234 5678');

    // Two products: one scanned by its barcode, one typed as 3*code. $23.20 with IVA is $20.00 without.
    const barcode = uniqueBarcode();
    const frijol = await seed.product({ name: `Frijol E2E ${id}`, stock: 4, price: 23.2, barcode });
    const aceite = await seed.product({ name: `Aceite E2E ${id}`, cuid: `ACE-${id}`.toUpperCase(), stock: 0 });

    await page.goto('/compras/nueva');
    await expect(page.getByRole('heading', { name: 'Nueva compra', level: 1 })).toBeVisible();
    await pickSupplier(page, supplierName);
    await page.getByLabel('Folio').fill(`F-${id}`);
    const code = page.getByTestId('purchase-code');
    await code.fill(barcode);
    await code.press('Enter');
    // The line's quantity takes the focus; Enter goes to its cost, Enter back to the code.
    const frijolQuantity = page.getByLabel(`Cantidad de ${frijol.name}`);
    await expect(frijolQuantity).toBeFocused();
    await page.keyboard.type('12');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(`Costo unitario de ${frijol.name}`)).toBeFocused();
    await page.keyboard.type('10.5');
    await page.keyboard.press('Enter');
    await expect(code).toBeFocused();
    await page.keyboard.type(`3*${aceite.cuid}`);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(`Cantidad de ${aceite.name}`)).toHaveValue('3');
    await page.getByLabel(`Costo unitario de ${aceite.name}`).fill('20.125');
    // 12 × $10.50 = $126.00; 3 × $20.125 = $60.375 → $60.38; total $186.38.
    await expect(page.getByTestId('purchase-line-amount')).toHaveText(['$126.00', '$60.38']);
    await expect(page.getByTestId('purchase-form-total')).toHaveText('$186.38');
    await page
      .locator('label')
      .filter({ hasText: /^Crédito$/ })
      .click();
    await expect(page.getByRole('radio', { name: 'Crédito' })).toBeChecked();
    await page.getByLabel(`Costo unitario de ${aceite.name}`).focus();
    await page.keyboard.press('F12');

    await expect(page.getByText(/^Compra #\d+ registrada\.$/)).toBeVisible();
    await expect(page).toHaveURL(/\/compras\/\d+$/);
    const purchaseId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await expect(page.getByRole('heading', { name: `Compra #${purchaseId}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId('purchase-total')).toHaveText('$186.38');
    await expect(page.getByText('Crédito', { exact: true })).toBeVisible();

    // The stock came in and the costs are the purchase's (no average before: it is the cost paid).
    expect(await productOf(seed, frijol.id)).toMatchObject({ stockQuantity: 16, averageCost: 10.5, lastCost: 10.5 });
    expect(await productOf(seed, aceite.id)).toMatchObject({ stockQuantity: 3, averageCost: 20.13, lastCost: 20.13 });

    // The product form shows the cost and the margin against the price without IVA: (20 − 10.50) / 20.
    await page.goto('/products');
    await page.getByLabel('Buscar').fill(frijol.cuid);
    await expect(page.getByTestId('product-row')).toHaveCount(1);
    await page
      .getByRole('row')
      .filter({ hasText: frijol.cuid })
      .getByRole('button', { name: 'Editar producto' })
      .click();
    await expect(page.getByTestId('product-cost')).toContainText(
      'Costo promedio $10.50 · Margen 47.5 % · Último costo $10.50',
    );
    await page.keyboard.press('Escape');

    // The list shows it; cancelling takes the stock back out.
    await page.goto(`/compras?supplierId=${(await supplierByName(seed, supplierName)).id}`);
    const row = page.getByTestId('purchases-table').getByRole('row', { name: new RegExp(`F-${id}`) });
    await expect(row).toContainText('$186.38');
    await expect(row).toContainText('Registrada');
    await row.getByRole('link').click();
    await page.getByRole('button', { name: 'Cancelar compra' }).click();
    await page
      .getByRole('dialog', { name: 'Cancelar compra' })
      .getByRole('button', { name: 'Cancelar compra' })
      .click();
    await expect(page.getByText('Compra cancelada.')).toBeVisible();
    await expect(page.getByText('Cancelada', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancelar compra' })).toHaveCount(0);
    expect(await productOf(seed, frijol.id)).toMatchObject({ stockQuantity: 4 });
    expect(await productOf(seed, aceite.id)).toMatchObject({ stockQuantity: 0 });
  });

  test("a cancellation the stock can't take shows the server's refusal, naming the product", async ({ page, seed }) => {
    const id = unique();
    const supplier = await seed.post<Supplier>('/supplier/register', { name: `Bodega E2E ${id}` });
    const jabon = await seed.product({ name: `Jabón E2E ${id}`, stock: 0 });
    const purchase = await seed.post<Purchase>('/purchase/create', {
      supplierId: supplier.id,
      items: [{ productId: jabon.id, quantity: 5, unitCost: 8 }],
      paid: 'contado',
    });
    // Two of the five are gone (waste): cancelling would leave −2.
    await seed.post('/product/removeInventory', { id: jabon.id, stockToRemove: 2 });

    await page.goto(`/compras/${purchase.id}`);
    await page.getByRole('button', { name: 'Cancelar compra' }).click();
    await page
      .getByRole('dialog', { name: 'Cancelar compra' })
      .getByRole('button', { name: 'Cancelar compra' })
      .click();
    await expect(page.getByRole('alert').filter({ hasText: 'No se pudo cancelar la compra.' }).first()).toContainText(
      `No se puede cancelar la compra: el stock de ${jabon.name} quedaría en -2.`,
    );
    expect(await productOf(seed, jabon.id)).toMatchObject({ stockQuantity: 3 });
  });

  test("reorder: a supplier's low products become a prefilled purchase, or a WhatsApp order", async ({
    page,
    seed,
  }) => {
    const id = unique();
    const supplier = await seed.post<Supplier>('/supplier/register', {
      name: `Aaa Surtidor ${id}`,
      phone: '81 2222 3333',
    });
    const quiet = await seed.post<Supplier>('/supplier/register', { name: `Aaa Sin Tel ${id}` });
    const arroz = await seed.product({ name: `Arroz E2E ${id}`, stock: 1, minStock: 5 });
    const sal = await seed.product({ name: `Sal E2E ${id}`, stock: 0, minStock: 2 });
    await seed.post('/purchase/create', {
      supplierId: supplier.id,
      items: [{ productId: arroz.id, quantity: 1, unitCost: 7.25 }],
      paid: 'crédito',
    });
    await seed.post('/purchase/create', {
      supplierId: quiet.id,
      items: [{ productId: sal.id, quantity: 1, unitCost: 3 }],
      paid: 'crédito',
    });

    // From the dashboard's lista de compras to the groups by supplier.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Por proveedor' }).click();
    await expect(page).toHaveURL(/\/compras\/reponer$/);
    const group = page.getByTestId('reorder-group').filter({ hasText: supplier.name });
    // Stock 2 of a minimum of 5: 2 × 5 − 2 = 8 to order, at the last cost.
    await expect(group.getByRole('row', { name: new RegExp(arroz.name) })).toContainText('8 pza');
    await expect(group.getByRole('row', { name: new RegExp(arroz.name) })).toContainText('$7.25');
    const whatsapp = group.getByRole('link', { name: 'Pedir por WhatsApp' });
    const href = (await whatsapp.getAttribute('href'))!;
    expect(href.startsWith('https://wa.me/528122223333?text=')).toBe(true);
    expect(decodeURIComponent(href.split('?text=')[1]!)).toContain(`- 8 pza ${arroz.name}`);
    // Without a phone there is nothing to open.
    const silent = page.getByTestId('reorder-group').filter({ hasText: quiet.name });
    await expect(silent.getByRole('button', { name: 'Pedir por WhatsApp' })).toHaveAttribute('aria-disabled', 'true');
    await expect(silent.getByRole('link', { name: 'Pedir por WhatsApp' })).toHaveCount(0);

    await group.getByRole('button', { name: 'Crear compra' }).click();
    await expect(page).toHaveURL(/\/compras\/nueva$/);
    await expect(page.getByTestId('purchase-supplier')).toHaveValue(supplier.name);
    await expect(page.getByLabel(`Cantidad de ${arroz.name}`)).toHaveValue('8');
    await expect(page.getByLabel(`Costo unitario de ${arroz.name}`)).toHaveValue('$7.25');
    await expect(page.getByTestId('purchase-form-total')).toHaveText('$58.00');
    await page.getByTestId('purchase-submit').click();
    await expect(page.getByText(/^Compra #\d+ registrada\.$/)).toBeVisible();
    expect(await productOf(seed, arroz.id)).toMatchObject({ stockQuantity: 10 });
  });
});

async function supplierByName(seed: { get<T>(path: string): Promise<T> }, name: string) {
  return (await seed.get<{ suppliers: Supplier[] }>('/supplier/list')).suppliers.find((s) => s.name === name)!;
}
