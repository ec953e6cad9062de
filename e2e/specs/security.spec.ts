import type { Page } from '@playwright/test';
import { expect, storageStateOf, test, unique } from '../fixtures';

// User text is never rendered as HTML. Markup stored in every free-text field shows as
// the same characters on every screen that shows it, and nothing of it runs or becomes an element.

test.use({ storageState: storageStateOf('Admin') });

/** Fails the test if any markup ran or became an element on the page. */
async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"], svg[onload], [onerror], [onload], script:not([src])')).toHaveCount(0);
}

test('markup in names, units and notes shows as text on every screen', async ({ page, seed }) => {
  const id = unique();
  const productName = `<img src=x onerror="window.__xss=1">Jabón <script>window.__xss=2</script> ${id}`;
  const units = '<b>pza</b>';
  const firstName = `<script>window.__xss=3</script>${id}`;
  const lastName = '<img src=x onerror=window.__xss=4>';
  const note = '<svg onload=window.__xss=5>abono</svg>';
  const ran: string[] = [];
  page.on('dialog', (dialog) => {
    ran.push(dialog.message());
    void dialog.dismiss();
  });

  const { id: productId } = await seed.product({
    name: productName,
    cuid: `XSS-${id}`.toUpperCase(),
    units,
    stock: 10,
  });
  const { id: clientId } = await seed.client({
    firstName,
    lastName,
    address: '<iframe src="javascript:window.__xss=6"></iframe>',
  });
  const { id: receiptId } = await seed.receipt({
    clientId,
    paymentMode: 'Credit',
    items: [{ productId, quantity: 2, price: 15 }],
  });
  await seed.post('/receipt/addPayment', { receiptId, amount: 5, note });

  // Products: the row shows the name and units as typed.
  await page.goto('/products');
  await page.getByLabel('Buscar').fill(`XSS-${id}`);
  const row = page.getByTestId('product-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByText(productName, { exact: true })).toBeVisible();
  await expect(row.getByText(units, { exact: true })).toBeVisible();
  await expectInert(page);

  // Clients: the card and the detail page.
  await page.goto('/clients');
  await page.getByLabel('Buscar').fill(id);
  const card = page.getByRole('article', { name: `${firstName} ${lastName}`, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByText('<iframe src="javascript:window.__xss=6"></iframe>')).toBeVisible();
  await expectInert(page);
  await page.goto(`/clients/${clientId}`);
  await expect(page.getByText(`${firstName} ${lastName}`, { exact: true }).first()).toBeVisible();
  await expectInert(page);

  // Receipts: the card in today's list and the detail with its items and the payment note.
  await page.goto('/receipts');
  await page.getByRole('searchbox', { name: 'Cliente' }).fill(id);
  const receipt = page.getByRole('article', { name: `Remisión #${receiptId}` });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByText(`${firstName} ${lastName}`, { exact: true })).toBeVisible();
  await expectInert(page);
  await page.goto(`/receipts/${receiptId}`);
  await expect(page.getByText(productName, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(note, { exact: true }).first()).toBeVisible();
  await expectInert(page);

  // Reports: the inventory movements name the product as typed.
  await page.goto('/reports');
  // Other tests add movements at the same time: page back until this product's shows up.
  const movement = page.getByText(productName, { exact: true }).first();
  // The cut document has a section of the same name: the list's heading comes first.
  await expect(page.getByRole('heading', { name: 'Movimientos de inventario' }).first()).toBeVisible();
  for (let more = 0; more < 10 && !(await movement.isVisible()); more++) {
    await page.getByRole('button', { name: 'Cargar más' }).click();
    await page.waitForLoadState('networkidle');
  }
  await expect(movement).toBeVisible();
  await expectInert(page);

  expect(ran).toEqual([]);
});
