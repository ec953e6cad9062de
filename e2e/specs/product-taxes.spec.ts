import { type Product, TAX_MESSAGES } from '@mostrador/shared';
import type { Page } from '@playwright/test';
import { expect, type Seed, storageStateOf, test, unique } from '../fixtures';

// A product's taxes on the products screen: the review banner for products nobody has saved
// since taxes came in, the 'Impuestos' presets (Refresco asks for its cuota), the searchable
// Clave SAT and the IVA badge in the list.

const rowOf = (page: Page, cuid: string) => page.getByRole('row').filter({ hasText: cuid });

/** A product as an import without an IVA column makes it: 16 % assumed, not reviewed. */
async function importUnreviewed(seed: Seed, cuid: string, name: string) {
  const file = Buffer.from(`código,nombre,unidad,existencia\r\n${cuid},${name},pza,3\r\n`, 'utf8');
  const response = await seed.api.post('/api/import/commit?kind=products', {
    multipart: { file: { name: 'productos.csv', mimeType: 'text/csv', buffer: file } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const unreviewed = async (seed: Seed) => (await seed.get<{ unreviewed: number }>('/product/taxReview')).unreviewed;
const bannerText = (count: number) =>
  count === 1 ? 'Revisa los impuestos de 1 producto' : `Revisa los impuestos de ${count} productos`;

test.describe('Product taxes as Admin', () => {
  test.use({ storageState: storageStateOf('Admin') });

  test('the review banner narrows the list; Refresco asks for its cuota; saving reviews', async ({ page, seed }) => {
    const id = unique();
    const cuid = `REF-${id}`.toUpperCase();
    await importUnreviewed(seed, cuid, `Refresco ${id}`);
    const before = await unreviewed(seed);

    await page.goto('/products');
    const banner = page.getByTestId('tax-review-banner');
    await expect(banner).toContainText(bannerText(before));
    await banner.getByRole('button', { name: 'Ver solo esos productos' }).click();
    const row = rowOf(page, cuid);
    await expect(row.getByTestId('product-tax')).toHaveText('IVA 16 %');

    await row.getByRole('button', { name: 'Editar producto' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar producto' });
    const save = edit.getByRole('button', { name: 'Guardar cambios' });
    // Unchanged but unreviewed: saving it is its review.
    await expect(save).toBeEnabled();
    await edit.getByRole('combobox', { name: 'Tipo de producto' }).click();
    await page.getByRole('option', { name: 'Refresco (IEPS por unidad)' }).click();
    await save.click();
    await expect(edit.getByText(TAX_MESSAGES.iepsPerUnit)).toBeVisible();
    await edit.getByRole('textbox', { name: 'IEPS por unidad' }).fill('1.6451');
    const satCode = edit.getByRole('combobox', { name: 'Clave SAT' });
    await satCode.fill('refres');
    await page.getByRole('option', { name: /50202306/ }).click();
    await expect(satCode).toHaveValue('50202306');
    await save.click();
    await expect(page.getByText('El producto ha sido actualizado correctamente.')).toBeVisible();

    const { products } = await seed.get<{ products: Product[] }>('/product/list');
    expect(products.find((p) => p.cuid === cuid)).toMatchObject({
      ivaRate: '16',
      iepsRate: null,
      iepsPerUnit: 1.6451,
      satProductCode: '50202306',
      satUnitCode: 'H87',
      taxesReviewed: true,
    });
    await expect(rowOf(page, cuid)).toHaveCount(before === 1 ? 1 : 0);
    if (before > 1) await expect(banner).toContainText(bannerText(before - 1));
    else await expect(banner).toBeHidden();
  });

  test('a new product takes a preset, and its SAT unit follows the units', async ({ page, seed }) => {
    const id = unique();
    const cuid = `CRV-${id}`.toUpperCase();
    await page.goto('/products');
    await page.getByRole('button', { name: 'Nuevo producto' }).click();
    const create = page.getByRole('dialog', { name: 'Crear producto' });
    await create.getByLabel('Nombre').fill(`Cerveza ${id}`);
    await create.getByRole('textbox', { name: 'Código', exact: true }).fill(cuid);
    await create.getByLabel('Unidades').fill('caja');
    await expect(create.getByRole('combobox', { name: 'Unidad SAT' })).toHaveValue('XBX');
    await create.getByRole('combobox', { name: 'Tipo de producto' }).click();
    await page.getByRole('option', { name: 'Cerveza (IEPS 26.5 %)' }).click();
    await create.getByLabel('Stock inicial').fill('4');
    await create.getByRole('button', { name: 'Crear producto' }).click();
    await expect(page.getByText('El producto ha sido creado correctamente.')).toBeVisible();

    await page.getByLabel('Buscar').fill(cuid);
    await expect(rowOf(page, cuid).getByTestId('product-tax')).toHaveText('IVA 16 %IEPS');
    const { products } = await seed.get<{ products: Product[] }>('/product/list');
    expect(products.find((p) => p.cuid === cuid)).toMatchObject({
      ivaRate: '16',
      iepsRate: 26.5,
      iepsPerUnit: null,
      satUnitCode: 'XBX',
      taxesReviewed: true,
    });
  });
});
