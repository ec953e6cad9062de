import { readFileSync } from 'node:fs';
import type { BackupListResponse, Product } from '@mostrador/shared';
import type { Locator } from '@playwright/test';
import { expect, storageStateOf, test, unique } from '../fixtures';

// Data safety (issue 18): importing a catalogue with its preview, exporting a list, and
// 'Respaldar ahora' on the embedded database the e2e server runs on.

/** Picks a CSV in the import's file input through the browser's file chooser, as a user does. */
async function chooseFile(modal: Locator, csv: string) {
  const [chooser] = await Promise.all([
    modal.page().waitForEvent('filechooser'),
    modal.getByRole('button', { name: 'Archivo CSV o Excel' }).click(),
  ]);
  await chooser.setFiles({ name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

test.describe('Import, export and backups', () => {
  test.use({ storageState: storageStateOf('Admin') });

  test('a product file is previewed with every row error, fixed, then imported', async ({ page, seed }) => {
    const code = `IMP-${unique()}`.toUpperCase();
    const name = `Importado ${unique()}`;
    const bad = ['código,nombre,existencia', `${code},${name},12`, `${code},Repetido,1`, 'X-1,,muchos'].join('\n');
    const good = ['código,nombre,existencia', `${code},${name},12`].join('\n');

    await page.goto('/products');
    await page.getByRole('button', { name: 'Importar' }).click();
    const modal = page.getByRole('dialog', { name: 'Importar productos' });
    await chooseFile(modal, bad);
    await modal.getByRole('button', { name: 'Revisar archivo' }).click();
    const preview = modal.getByTestId('import-preview');
    await expect(preview).toContainText('3 filas: 1 nuevas, 0 a actualizar.');
    const errors = preview.getByRole('table', { name: 'El archivo tiene 3 errores; corrígelos y vuelve a revisarlo.' });
    await expect(errors.getByRole('row')).toHaveText([
      'FilaProblema',
      `3código: "${code}" ya aparece en la fila 2.`,
      '4nombre: Nombre del producto es requerido',
      '4existencia: El stock debe ser un número mayor o igual a 0, con hasta 3 decimales',
    ]);
    await expect(modal.getByRole('button', { name: 'Importar 3 filas' })).toBeDisabled();

    await chooseFile(modal, good);
    await modal.getByRole('button', { name: 'Revisar archivo' }).click();
    await expect(preview).toContainText('Sin errores. Nada se ha guardado todavía.');
    const products = await seed.get<{ products: Product[] }>('/product/list');
    expect(products.products.some((p) => p.cuid === code)).toBe(false);

    await modal.getByRole('button', { name: 'Importar 1 filas' }).click();
    await expect(page.getByText('Importación lista: 1 nuevos, 0 actualizados.')).toBeVisible();
    await expect(modal).toBeHidden();
    const after = await seed.get<{ products: Product[] }>('/product/list');
    expect(after.products.find((p) => p.cuid === code)).toMatchObject({ name, stockQuantity: 12 });
  });

  test('the clients list downloads as CSV', async ({ page, seed }) => {
    const lastName = `Exportada ${unique()}`;
    await seed.client({ firstName: 'Lucía', lastName });
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Exportar' }).click();
    const modal = page.getByRole('dialog', { name: 'Exportar' });
    await expect(modal.getByText('Clientes')).toBeVisible();
    await modal.getByText('CSV', { exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      modal.getByRole('button', { name: 'Descargar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('clientes.csv');
    const text = readFileSync(await download.path(), 'utf8');
    expect(
      text.startsWith(
        '\uFEFFnombre,apellido,teléfono,correo,dirección,RFC,Razón social,Régimen fiscal,C.P. fiscal,Uso CFDI,Correo para facturas,activo,alta',
      ),
    ).toBe(true);
    expect(text).toContain(`Lucía,${lastName},`);
  });

  test("'Respaldar ahora' adds a backup that downloads", async ({ page, seed }) => {
    const before = await seed.get<BackupListResponse>('/backup/list');
    await page.goto('/backups');
    await expect(page.getByRole('heading', { name: 'Respaldos' })).toBeVisible();
    await expect(
      page.getByText('Se respalda automáticamente cada 24 h y se conservan los 14 respaldos más recientes.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Respaldar ahora' }).click();
    await expect(page.getByText('Respaldo creado.')).toBeVisible();

    const after = await seed.get<BackupListResponse>('/backup/list');
    expect(after.backups.length).toBe(Math.min(before.backups.length + 1, 14));
    const newest = after.backups[0]!;
    expect(newest.kind).toBe('manual');
    const table = page.getByRole('table', { name: 'Respaldos' });
    await expect(table.getByRole('row').nth(1)).toContainText('Manual');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      table.getByRole('button', { name: `Descargar ${newest.name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(newest.name);
    expect(
      readFileSync(await download.path())
        .subarray(0, 15)
        .toString(),
    ).toBe('SQLite format 3');
  });
});
