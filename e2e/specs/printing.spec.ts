import type { Product, Receipt } from '@mostrador/shared';
import type { Locator, Page } from '@playwright/test';
import { printsOf } from '../support/print-counter';
import { expect, type Seed, storageStateOf, test, unique } from '../fixtures';

// Printing (issue 6). The e2e server has no PRINTER_URL, so printing opens the receipt's PDF in
// the browser's print dialog: the app fetches /api/receipt/pdf/<id>?copies=N with its token and
// prints it from a hidden frame. window.print is replaced in every frame to count the calls
// (headless Chromium has no dialog to show).

test.describe.configure({ mode: 'parallel' });

/** A credit sale of 2 × $150.50 to a new client (the name's accents must survive into the PDF). */
async function seedCreditReceipt(seed: Seed): Promise<Receipt> {
  const product = await seed.product({ stock: 10 });
  const client = await seed.client({ firstName: `Íñigo ${unique()}`, lastName: 'Ruíz' });
  return seed.receipt({
    clientId: client.id,
    paymentMode: 'Credit',
    items: [{ productId: product.id, quantity: 2, price: 150.5 }],
    printReceipt: false,
  });
}

test.describe('Printing as Manager', () => {
  test.use({ storageState: storageStateOf('Manager') });

  test('prints copies from the action menu: the copies modal, then the PDF in the print dialog', async ({
    page,
    seed,
  }) => {
    const receipt = await seedCreditReceipt(seed);
    await page.goto(`/receipts/${receipt.id}`);
    const card = page.getByRole('article', { name: `Remisión #${receipt.id}` });
    await card.getByRole('button', { name: `Acciones de la remisión #${receipt.id}` }).click();
    await page.getByRole('menuitem', { name: 'Imprimir' }).click();

    const modal = page.getByRole('dialog', { name: `Imprimir remisión #${receipt.id}` });
    const copies = modal.getByRole('textbox', { name: 'Copias' });
    await expect(copies).toHaveValue('1');

    // At least 1 copy.
    await copies.fill('0');
    await modal.getByRole('button', { name: 'Imprimir' }).click();
    await expect(modal.getByText('El número de copias debe ser al menos 1.')).toBeVisible();
    await copies.fill('');
    await modal.getByRole('button', { name: 'Imprimir' }).click();
    await expect(modal.getByText('El número de copias debe ser al menos 1.')).toBeVisible();

    await copies.fill('2');
    const pdf = page.waitForResponse((r) => r.url().endsWith(`/api/receipt/pdf/${receipt.id}?copies=2`));
    const print = page.waitForResponse((r) => r.url().endsWith('/api/printReceipt'));
    await modal.getByRole('button', { name: 'Imprimir' }).click();

    const printResponse = await print;
    expect(printResponse.status()).toBe(200);
    expect(await printResponse.json()).toEqual({
      ok: true,
      message: 'Recibo listo para imprimir.',
      pdfUrl: `/api/receipt/pdf/${receipt.id}?copies=2`,
    });
    // The whole receipt went in the body, with the copies asked.
    expect(printResponse.request().postDataJSON()).toMatchObject({ copies: 2, receipt: { id: receipt.id } });

    const pdfResponse = await pdf;
    expect(pdfResponse.status()).toBe(200);
    expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
    expect((await pdfResponse.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await expect(page.getByText('Recibo listo para imprimir.')).toBeVisible();
    await expect(modal).toBeHidden();
    // The PDF is in a hidden frame, from an object URL, and its window was asked to print.
    await expect(page.getByTestId('print-frame')).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => printsOf(page)).toBe(1);
  });

  test('a failed print says so and keeps the modal open', async ({ page, seed }) => {
    const receipt = await seedCreditReceipt(seed);
    await page.route('**/api/printReceipt', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'BAD_GATEWAY', message: 'No se pudo conectar con la impresora.' }),
      }),
    );
    await page.goto(`/receipts/${receipt.id}`);
    await page.getByRole('button', { name: `Acciones de la remisión #${receipt.id}` }).click();
    await page.getByRole('menuitem', { name: 'Imprimir' }).click();
    const modal = page.getByRole('dialog', { name: `Imprimir remisión #${receipt.id}` });
    await modal.getByRole('button', { name: 'Imprimir' }).click();
    await expect(
      page.getByText(
        'Hubo un problema al imprimir el recibo. Inténtelo de nuevo. No se pudo conectar con la impresora.',
      ),
    ).toBeVisible();
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await expect(modal).toBeHidden();
  });
});

/** A cash sale of one product through the new-receipt form, with 'Imprimir remisión' switched on. */
async function sellAndPrint(page: Page, product: Product) {
  await page.goto('/receipts');
  await page.getByRole('button', { name: 'Nueva Remisión' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva Remisión' });
  const row = form.getByTestId('receipt-item').first();
  const combobox: Locator = row.getByRole('combobox', { name: 'Producto' });
  await combobox.click();
  await combobox.fill(product.cuid);
  await page.getByRole('option', { name: new RegExp(product.cuid) }).click();
  await row.getByLabel('Cantidad').fill('1');
  await row.getByLabel('Precio').fill('99.5');
  const print = form.getByRole('switch', { name: 'Imprimir remisión' });
  await print.check();
  await expect(print).toBeChecked();
  await form.getByRole('button', { name: 'Crear remisión' }).click();
  const toast = page.getByText(/La remisión #\d+ ha sido creada correctamente\./).last();
  await expect(toast).toBeVisible();
  return Number((await toast.textContent())!.match(/#(\d+)/)![1]);
}

test.describe('Printing after a sale, as Seller', () => {
  test.use({ storageState: storageStateOf('Seller') });

  test('a sale with printing on opens its PDF (one copy) in the print dialog', async ({ page, seed }) => {
    const product = await seed.product({ stock: 10 });
    const pdf = page.waitForResponse((r) => /\/api\/receipt\/pdf\/\d+\?copies=1$/.test(r.url()));
    const id = await sellAndPrint(page, product);
    const pdfResponse = await pdf;
    expect(pdfResponse.url()).toMatch(new RegExp(`/api/receipt/pdf/${id}\\?copies=1$`));
    expect(pdfResponse.status()).toBe(200);
    expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
    await expect(page.getByTestId('print-frame')).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => printsOf(page)).toBe(1);
  });

  test('a sale whose print failed is kept and shows the warning', async ({ page, seed }) => {
    const product = await seed.product({ stock: 10 });
    // The server's answer as with a thermal printer that is off.
    await page.route('**/api/receipt/create', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      await route.fulfill({
        response,
        json: { ...json, printResult: { ok: false, message: 'No se pudo conectar con la impresora.' } },
      });
    });
    const id = await sellAndPrint(page, product);
    await expect(
      page.getByText('El recibo fue creado pero hubo un problema al imprimir. Inténtelo de nuevo.'),
    ).toBeVisible();
    await expect(page.getByRole('article', { name: `Remisión #${id}` })).toBeVisible();
    await expect(page.getByTestId('print-frame')).toHaveCount(0);
  });
});
