import { expect, storageStateOf, test } from '../fixtures';

// A tab opened before a redeploy asks for code files that no longer exist: the app reloads once
// to pick up the new version, and shows a Spanish page (never the router's developer screen)
// when the code still cannot be loaded.

test.use({ storageState: storageStateOf('Admin') });

const PRODUCTS_CHUNK = /\/assets\/ProductsPage-[^/]+\.js$/;

test('a page whose code is gone after a redeploy reloads once and then opens', async ({ page }) => {
  // The old version's file is gone until the tab loads the new index.html (its second load).
  // Counted when the document is requested: the new page may ask for the chunk before its
  // 'load' event (index.html's loader starts the app's files once the splash has painted).
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  let refused = 0;
  await page.route(PRODUCTS_CHUNK, async (route) => {
    if (loads >= 2) return route.continue();
    refused += 1;
    return route.fulfill({ status: 404, body: 'No encontrado.' });
  });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Productos' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('button', { name: 'Nuevo producto' })).toBeVisible();
  expect(refused).toBeGreaterThan(0);
  expect(loads).toBe(2);
});

test('code that still cannot load shows a Spanish error with a reload button', async ({ page }) => {
  await page.route(PRODUCTS_CHUNK, (route) => route.fulfill({ status: 404, body: 'No encontrado.' }));
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'No se pudo mostrar esta página' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recargar' })).toBeVisible();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
});
