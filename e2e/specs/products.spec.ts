import { join } from 'node:path';
import type { Product } from '@mostrador/shared';
import type { Page } from '@playwright/test';
import { expect, storageStateOf, test, unique, uniqueBarcode } from '../fixtures';

const IMAGE = join(import.meta.dirname, '..', 'fixtures-data', 'product.png');

const rowOf = (page: Page, cuid: string) => page.getByRole('row').filter({ hasText: cuid });

async function findByCode(page: Page, cuid: string) {
  await page.getByLabel('Buscar').fill(cuid);
  await expect(page.getByTestId('product-row')).toHaveCount(1);
  return rowOf(page, cuid);
}

const fakeProduct = (id: number, name: string, cuid: string, stockQuantity: number, createdAt: string): Product => ({
  id,
  name,
  cuid,
  units: 'pza',
  stockQuantity,
  price: null,
  wholesalePrice: null,
  wholesaleMinQuantity: null,
  barcode: null,
  minStock: null,
  sellsByWeight: false,
  imageUrl: null,
  createdAt,
  ivaRate: '16',
  iepsRate: null,
  iepsPerUnit: null,
  satProductCode: '01010101',
  satUnitCode: 'H87',
  taxesReviewed: true,
  category: null,
});

test.describe('Products as Admin', () => {
  test.use({ storageState: storageStateOf('Admin') });

  test('create with image, find by code, add stock, waste, adjust negative, edit', async ({ page, seed }) => {
    const id = unique();
    const cuid = `JAB-${id}`.toUpperCase();
    const name = `Jabón de coco ${id}`;
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Productos' })).toBeVisible();

    // Create: the spec's required-field messages, then a product with an image.
    await page.getByRole('button', { name: 'Nuevo producto' }).click();
    const create = page.getByRole('dialog', { name: 'Crear producto' });
    await create.getByRole('button', { name: 'Crear producto' }).click();
    await expect(create.getByText('Nombre del producto es requerido')).toBeVisible();
    await expect(create.getByText('Código del producto es requerido')).toBeVisible();
    await expect(create.getByText('Unidades del producto son requeridas')).toBeVisible();
    await create.getByLabel('Nombre').fill(name);
    await create.getByRole('textbox', { name: 'Código', exact: true }).fill(cuid);
    await create.getByLabel('Unidades').fill('pza');
    await create.getByLabel('Stock inicial').fill('20');
    await create.locator('input[type="file"]').setInputFiles(IMAGE);
    await expect(create.getByRole('img', { name: `Imagen de ${name}` })).toBeVisible();
    await create.getByRole('button', { name: 'Crear producto' }).click();
    await expect(page.getByText('El producto ha sido creado correctamente.')).toBeVisible();
    await expect(create).toBeHidden();

    // Find it by code (case-insensitive) and see its image served back.
    const row = await findByCode(page, cuid.toLowerCase());
    await expect(row.getByRole('cell', { name: name })).toBeVisible();
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^20\s*pza$/);
    const image = row.getByRole('img', { name: `Imagen de ${name}` });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    // Accent-insensitive search by name finds it too.
    await page.getByLabel('Buscar').fill(`jabon DE coco ${id}`);
    await expect(page.getByTestId('product-row')).toHaveCount(1);

    // Add stock.
    await row.getByRole('button', { name: 'Agregar inventario' }).click();
    const add = page.getByRole('dialog', { name: 'Agregar inventario' });
    await add.getByRole('button', { name: 'Agregar' }).click();
    await expect(add.getByText('La cantidad debe ser un número mayor a 0, con hasta 3 decimales')).toBeVisible();
    await add.getByLabel('Cantidad a agregar').fill('5');
    await expect(add.getByTestId('resulting-stock')).toHaveText('Stock resultante: 25 pza');
    await add.getByRole('button', { name: 'Agregar' }).click();
    await expect(
      page.getByText(`El inventario de ${name} ha sido agregado correctamente. Stock actual: 25.`),
    ).toBeVisible();
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^25\s*pza$/);

    // Register waste (merma).
    await row.getByRole('button', { name: 'Registrar merma' }).click();
    const waste = page.getByRole('dialog', { name: 'Registrar merma' });
    await waste.getByLabel('Cantidad de merma').fill('3');
    await waste.getByLabel('Nota (opcional)').fill('Empaque roto');
    await waste.getByRole('button', { name: 'Registrar merma' }).click();
    await expect(page.getByText('Merma registrada', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^22\s*pza$/);

    // Waste beyond the stock: the spec's failure text plus the server's reason; nothing changes.
    await row.getByRole('button', { name: 'Registrar merma' }).click();
    await waste.getByLabel('Cantidad de merma').fill('30');
    await waste.getByRole('button', { name: 'Registrar merma' }).click();
    await expect(
      page.getByText(
        `No se pudo registrar la merma. Por favor, intente nuevamente. Stock insuficiente de "${name}": disponible 22.`,
      ),
    ).toBeVisible();
    await waste.getByRole('button', { name: 'Cancelar' }).click();
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^22\s*pza$/);

    // Adjust negative.
    await row.getByRole('button', { name: 'Ajustar inventario' }).click();
    const adjust = page.getByRole('dialog', { name: 'Ajustar inventario' });
    await adjust.getByLabel('Ajuste').fill('0');
    await adjust.getByRole('button', { name: 'Ajustar' }).click();
    await expect(adjust.getByText('La cantidad debe ser un número distinto de 0, con hasta 3 decimales')).toBeVisible();
    await adjust.getByLabel('Ajuste').fill('-15');
    await expect(adjust.getByTestId('resulting-stock')).toHaveText('Stock resultante: 7 pza');
    await adjust.getByRole('button', { name: 'Ajustar' }).click();
    await expect(
      page.getByText(`El inventario de ${name} ha sido ajustado correctamente. Stock actual: 7.`),
    ).toBeVisible();
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^7\s*pzaBajo stock$/);

    // Edit: save stays disabled until something changes, and again when the change is undone.
    await row.getByRole('button', { name: 'Editar producto' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar producto' });
    const save = edit.getByRole('button', { name: 'Guardar cambios' });
    await expect(edit.getByLabel('Nombre')).toHaveValue(name);
    await expect(save).toBeDisabled();
    await edit.getByLabel('Unidades').fill('caja');
    await expect(save).toBeEnabled();
    await edit.getByLabel('Unidades').fill('pza');
    await expect(save).toBeDisabled();
    await edit.getByLabel('Nombre').fill('');
    await save.click();
    await expect(edit.getByText('Nombre del producto es requerido')).toBeVisible();
    await edit.getByLabel('Nombre').fill(`${name} grande`);
    await save.click();
    await expect(page.getByText('El producto ha sido actualizado correctamente.')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row.getByRole('cell', { name: `${name} grande` })).toBeVisible();
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^7\s*pza/);

    // Every movement reached the server exactly.
    const { products } = await seed.get<{ products: Product[] }>('/product/list');
    expect(products.find((p) => p.cuid === cuid)).toMatchObject({ name: `${name} grande`, stockQuantity: 7 });
  });

  test('low-stock badge at 10 and not at 11, and the low-stock-only switch', async ({ page, seed }) => {
    const id = unique();
    await seed.product({ name: `Vela diez ${id}`, cuid: `VD-${id}`, stock: 10 });
    await seed.product({ name: `Vela once ${id}`, cuid: `VO-${id}`, stock: 11 });
    await page.goto('/products');
    await page.getByLabel('Buscar').fill(id);
    await expect(page.getByTestId('product-row')).toHaveCount(2);
    await expect(rowOf(page, `VD-${id}`).getByText('Bajo stock')).toBeVisible();
    await expect(rowOf(page, `VO-${id}`).getByText('Bajo stock')).toHaveCount(0);

    await page.getByRole('switch', { name: 'Solo bajo stock' }).click();
    await expect(page.getByTestId('product-row')).toHaveCount(1);
    await expect(rowOf(page, `VD-${id}`)).toBeVisible();
  });

  test('selling fields: price, wholesale, barcode, minimum stock and by weight, shown and edited', async ({ page }) => {
    const id = unique();
    const cuid = `QS-${id}`.toUpperCase();
    const barcode = uniqueBarcode();
    await page.goto('/products');
    await expect(page.getByTestId('products-counter-total')).not.toHaveText('Totales–');
    await page.keyboard.press('Control+k');
    const create = page.getByRole('dialog', { name: 'Crear producto' });
    await create.getByLabel('Nombre').fill(`Queso ${id}`);
    await create.getByRole('textbox', { name: 'Código', exact: true }).fill(cuid);
    await create.getByLabel('Unidades').fill('kg');
    await create.getByLabel('Código de barras').fill(barcode);
    await create.getByLabel('Precio de venta').fill('189.90');
    await create.getByLabel('Precio de mayoreo').fill('170');
    await create.getByRole('button', { name: 'Crear producto' }).click();
    await expect(create.getByText('Indica desde qué cantidad aplica el precio de mayoreo.')).toBeVisible();
    await create.getByLabel('Mayoreo desde').fill('5');
    // A fraction needs 'Se vende a granel'.
    await create.getByLabel('Stock inicial').fill('');
    await create.getByLabel('Stock inicial').pressSequentially('12,5');
    await create.getByRole('button', { name: 'Crear producto' }).click();
    await expect(
      create.getByText(
        `El producto "Queso ${id}" se vende por piezas completas; la cantidad no puede tener decimales.`,
      ),
    ).toBeVisible();
    await create.getByRole('switch', { name: 'Se vende a granel' }).click({ force: true });
    await create.getByLabel('Stock mínimo').fill('15');
    await create.getByRole('button', { name: 'Crear producto' }).click();
    await expect(create).toBeHidden();

    await page.getByLabel('Buscar').fill(id);
    const row = rowOf(page, cuid);
    await expect(row).toContainText(barcode);
    await expect(row).toContainText('$189.90');
    await expect(row).toContainText('Mayoreo $170.00 desde 5 kg');
    await expect(row).toContainText('12.500');
    // 12.5 kg is under its own minimum of 15: low stock although above 10.
    await expect(row.getByText('Bajo stock')).toBeVisible();

    await row.getByRole('button', { name: 'Editar producto' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar producto' });
    await expect(edit.getByLabel('Precio de venta')).toHaveValue('$189.9');
    await edit.getByLabel('Stock mínimo').fill('');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByText('Bajo stock')).toHaveCount(0);
  });

  test('a duplicate code and a non-image file are refused with clear messages', async ({ page, seed }) => {
    const id = unique();
    const existing = await seed.product({ name: `Cerillos ${id}`, cuid: `CR-${id}`, stock: 1 });
    await page.goto('/products');
    await expect(page.getByTestId('products-counter-total')).not.toHaveText('Totales–');
    await page.keyboard.press('Control+k');
    const create = page.getByRole('dialog', { name: 'Crear producto' });
    await create.getByLabel('Nombre').fill(`Otro ${id}`);
    await create.getByRole('textbox', { name: 'Código', exact: true }).fill(existing.cuid);
    await create.getByLabel('Unidades').fill('pza');
    await create.getByLabel('Stock inicial').fill('');
    await create.getByRole('button', { name: 'Crear producto' }).click();
    await expect(
      create.getByText('El stock debe ser un número mayor o igual a 0, con hasta 3 decimales'),
    ).toBeVisible();
    await create.getByLabel('Stock inicial').fill('2');

    await create.locator('input[type="file"]').setInputFiles({
      name: 'notas.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('no soy una imagen'),
    });
    await expect(create.getByText('La imagen debe ser JPEG, PNG o WebP.')).toBeVisible();
    await create.getByRole('button', { name: 'Quitar imagen' }).click();
    await expect(create.getByText('La imagen debe ser JPEG, PNG o WebP.')).toHaveCount(0);

    await create.getByRole('button', { name: 'Crear producto' }).click();
    await expect(
      page.getByText(
        `Hubo un problema al crear el producto. Inténtelo de nuevo. Ya existe un producto con el código "${existing.cuid}".`,
      ),
    ).toBeVisible();
    await expect(create).toBeVisible();
  });
});

test.describe('Products screen states (list answered by a stub)', () => {
  test.use({ storageState: storageStateOf('Manager') });

  const list = [
    fakeProduct(1, 'Zanahoria', 'ZN-1', 90, '2026-11-01T10:00:00.000Z'),
    fakeProduct(2, 'Ácido bórico', 'AB-7', 4, '2026-11-03T10:00:00.000Z'),
    fakeProduct(3, 'Manzana', 'MZ-3', 10, '2026-11-02T10:00:00.000Z'),
    fakeProduct(4, 'limón', 'LM-2', 25, '2026-10-30T10:00:00.000Z'),
  ];

  test('12 skeletons while loading, counters, the three sorts, refresh with r, Ctrl+K and Ctrl+N', async ({ page }) => {
    let calls = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/product/list', async (route) => {
      calls++;
      if (calls === 1) await gate;
      await route.fulfill({ json: { products: list } });
    });
    await page.goto('/products');
    await expect(page.getByTestId('products-skeleton')).toHaveCount(12);
    release();
    await expect(page.getByTestId('product-row')).toHaveCount(4);
    await expect(page.getByTestId('products-skeleton')).toHaveCount(0);
    await expect(page.getByTestId('products-counter-total')).toHaveText('Totales4');
    await expect(page.getByTestId('products-counter-low-stock')).toHaveText('Bajo stock2');

    const codes = page.getByTestId('product-row').locator('td:first-child');
    await expect(codes).toHaveText(['AB-7', 'LM-2', 'MZ-3', 'ZN-1']);
    await page.getByRole('combobox', { name: 'Ordenar por' }).click();
    await page.getByRole('option', { name: 'Stock (mayor a menor)' }).click();
    await expect(codes).toHaveText(['ZN-1', 'LM-2', 'MZ-3', 'AB-7']);
    await page.getByRole('combobox', { name: 'Ordenar por' }).click();
    await page.getByRole('option', { name: 'Más recientes' }).click();
    await expect(codes).toHaveText(['AB-7', 'MZ-3', 'ZN-1', 'LM-2']);
    await page.getByRole('combobox', { name: 'Ordenar por' }).click();
    await page.getByRole('option', { name: 'Nombre (A-Z)' }).click();
    await expect(codes).toHaveText(['AB-7', 'LM-2', 'MZ-3', 'ZN-1']);

    await page.getByRole('heading', { name: 'Productos' }).click();
    await page.keyboard.press('r');
    await expect.poll(() => calls).toBe(2);
    // Typing r in the search box searches; it does not refresh. Ctrl+K works from the box too.
    await page.getByLabel('Buscar').fill('r');
    await page.getByLabel('Buscar').press('r');
    await page.getByLabel('Buscar').press('Control+k');
    const create = page.getByRole('dialog', { name: 'Crear producto' });
    await expect(create).toBeVisible();
    await create.getByRole('button', { name: 'Cancelar' }).click();
    await expect(create).toBeHidden();
    await page.keyboard.press('Control+n');
    await expect(create).toBeVisible();
    expect(calls).toBe(2);
  });

  test('at 390 px the row actions are one menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route('**/api/product/list', (route) => route.fulfill({ json: { products: list } }));
    await page.goto('/products');
    const row = rowOf(page, 'MZ-3');
    await expect(row.getByRole('button', { name: 'Agregar inventario' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Acciones del producto' }).click();
    await page.getByRole('menuitem', { name: 'Registrar merma' }).click();
    const waste = page.getByRole('dialog', { name: 'Registrar merma' });
    await expect(waste.getByText('MZ-3 · Stock actual: 10 pza')).toBeVisible();
  });

  test("a row's action button is never replaced when its tooltip mounts, so a click pressed as the pointer arrives lands", async ({
    page,
  }) => {
    await page.route('**/api/product/list', (route) => route.fulfill({ json: { products: list } }));
    await page.goto('/products');
    const button = await rowOf(page, 'MZ-3').getByRole('button', { name: 'Agregar inventario' }).elementHandle();
    const box = await button!.boundingBox();
    // The pointer arrives and presses before the tooltip's render; the release goes to whatever
    // element is there by then. A replaced button would split the click and lose it.
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await page.mouse.down();
    await expect(page.getByRole('tooltip', { name: 'Agregar inventario' })).toBeVisible();
    expect(await button!.evaluate((element) => element.isConnected)).toBe(true);
    await page.mouse.up();
    const add = page.getByRole('dialog', { name: 'Agregar inventario' });
    await expect(add.getByText('MZ-3 · Stock actual: 10 pza')).toBeVisible();
  });

  test('the stock sort breaks ties by name', async ({ page }) => {
    await page.route('**/api/product/list', (route) =>
      route.fulfill({
        json: {
          products: [
            fakeProduct(1, 'Pera', 'P-1', 5, '2026-11-01T10:00:00.000Z'),
            fakeProduct(2, 'Ajo', 'A-1', 5, '2026-11-01T10:00:00.000Z'),
            fakeProduct(3, 'Uva', 'U-1', 9, '2026-11-01T10:00:00.000Z'),
          ],
        },
      }),
    );
    await page.goto('/products');
    await page.getByRole('combobox', { name: 'Ordenar por' }).click();
    await page.getByRole('option', { name: 'Stock (mayor a menor)' }).click();
    await expect(page.getByTestId('product-row').locator('td:first-child')).toHaveText(['U-1', 'A-1', 'P-1']);
  });

  test('empty list and load failure', async ({ page }) => {
    let fail = false;
    await page.route('**/api/product/list', (route) =>
      fail
        ? route.fulfill({ status: 500, json: { message: 'Falla de prueba', error: 'INTERNAL' } })
        : route.fulfill({ json: { products: [] } }),
    );
    await page.goto('/products');
    await expect(page.getByText('No hay productos para mostrar')).toBeVisible();
    await expect(page.getByTestId('products-counter-total')).toHaveText('Totales0');

    fail = true;
    await page.goto('/products');
    await expect(page.getByRole('alert')).toContainText('Error al cargar productos');
  });

  test('5,000 products: only one page is rendered, and search answers at once', async ({ page }) => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      fakeProduct(
        i + 1,
        `Artículo ${String(i + 1).padStart(4, '0')}`,
        `ART-${i + 1}`,
        i % 50,
        '2026-11-01T10:00:00.000Z',
      ),
    );
    await page.route('**/api/product/list', (route) => route.fulfill({ json: { products: many } }));
    await page.goto('/products');
    await expect(page.getByTestId('product-row')).toHaveCount(50);
    await expect(page.getByTestId('products-showing')).toHaveText('Mostrando 1–50 de 5000');
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(page.getByTestId('products-showing')).toHaveText('Mostrando 51–100 de 5000');
    await page.getByLabel('Buscar').fill('art-4321');
    await expect(page.getByTestId('product-row')).toHaveCount(1);
    await expect(page.getByTestId('products-showing')).toHaveText('Mostrando 1–1 de 1');
  });
});

test.describe('Products as Seller', () => {
  test.use({ storageState: storageStateOf('Seller') });

  test('has no Productos entry and gets the wrong-role page', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(nav.getByRole('link', { name: 'Remisiones' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Productos' })).toHaveCount(0);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Acceso restringido' })).toBeVisible();
    await expect(
      page.getByText(
        'Tu rol (Seller) no tiene permiso para ver esta página. Permiso requerido: nivel Protected (Admin, Manager).',
      ),
    ).toBeVisible();
    await expect(page.getByTestId('product-row')).toHaveCount(0);
  });
});
