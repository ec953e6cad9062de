import { businessNowLocalTimestamp, type Receipt } from '@mostrador/shared';
import type { Page } from '@playwright/test';
import { expect, storageStateOf, test, unique, uniqueBarcode } from '../fixtures';

// Returns by line (issue 32): a sale of three items at the counter, one of them brought back by
// the ticket's folio (F6), and the receipt's net total on the receipts screen. As a Manager: with
// the shop's default SELLER_RETURN_LIMIT (0) a Seller's return needs a supervisor.

test.use({ storageState: storageStateOf('Manager') });
// The cash sale's ticket goes to the print dialog, which headless Chromium does not show.

/** A keyboard-wedge scanner: the code's keys 10 ms apart, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

test('sells three items, returns one by the folio with F6, and the receipt shows its net total', async ({
  page,
  seed,
}) => {
  const id = unique();
  const soap = await seed.product({ name: `Jabón ${id}`, price: 18.5, barcode: uniqueBarcode(), stock: 10 });
  const soda = await seed.product({ name: `Refresco ${id}`, price: 22, barcode: uniqueBarcode(), stock: 10 });
  const gum = await seed.product({ name: `Chicle ${id}`, price: 9.9, barcode: uniqueBarcode(), stock: 10 });

  await page.goto('/vender');
  const code = page.getByRole('textbox', { name: 'Código' });
  await expect(code).toBeFocused();
  await expect(page.getByRole('region', { name: 'Atajos' })).toContainText('F6 devolución');
  await scan(page, soap.barcode!);
  await scan(page, soda.barcode!);
  await scan(page, gum.barcode!);
  await expect(page.getByTestId('sale-line')).toHaveCount(3);
  await expect(page.getByTestId('counter-total')).toHaveText('$50.40');
  await page.keyboard.press('F12');
  const pay = page.getByRole('dialog', { name: 'Cobrar' });
  await expect(pay.getByLabel('Recibido')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pay).toBeHidden();
  const last = page.getByTestId('last-sale');
  await expect(last).toContainText('Remisión #');
  const receiptId = Number((await last.textContent())!.match(/Remisión #(\d+)/)![1]);

  // F6: the folio as the ticket prints it, typed (a scanner types it the same way), then Enter.
  await expect(code).toBeFocused();
  await page.keyboard.press('F6');
  const byFolio = page.getByRole('dialog', { name: 'Devolución por folio' });
  await expect(byFolio.getByLabel('Folio del ticket')).toBeFocused();
  await page.keyboard.type(`Remisión #${receiptId}`, { delay: 10 });
  await page.keyboard.press('Enter');

  const form = page.getByRole('dialog', { name: `Devolución · Remisión #${receiptId}` });
  await expect(form.getByTestId('return-line')).toHaveCount(3);
  await form.getByLabel(`Cantidad a devolver de Refresco ${id}`).fill('');
  await form.getByLabel(`Cantidad a devolver de Refresco ${id}`).pressSequentially('1', { delay: 10 });
  await form.getByLabel('Motivo').pressSequentially('Venía abierto', { delay: 10 });
  // The refund is shown before confirming.
  await expect(form.getByTestId('return-amount')).toHaveText('$22.00');
  await expect(form.getByTestId('return-refund')).toHaveText('$22.00');
  await page.keyboard.press('Enter');

  await expect(page.getByText('Devolución registrada: $22.00. Se entrega $22.00.')).toBeVisible();
  await expect(form).toBeHidden();
  expect(await seed.stockOf(soda.id)).toBe(10);
  expect(await seed.stockOf(soap.id)).toBe(9);

  await page.goto('/receipts');
  const card = page.getByRole('article', { name: `Remisión #${receiptId}` });
  await expect(card.getByTestId('receipt-returned')).toHaveText('−$22.00');
  await expect(card.getByTestId('receipt-net-total')).toHaveText('$28.40');
  await expect(card.getByTestId('receipt-return')).toContainText('Venía abierto');
  await expect(card.getByTestId('receipt-return')).toContainText('−$22.00');
});

test('returns part of a credit receipt from its menu: the balance goes down first, nothing is refunded', async ({
  page,
  seed,
}) => {
  const id = unique();
  const rice = await seed.product({ name: `Arroz ${id}`, price: 10, stock: 50 });
  const client = await seed.client({ firstName: `Devolución ${id}`, lastName: 'Garza' });
  const receipt = await seed.post<Receipt>('/receipt/create', {
    clientId: client.id,
    paymentMode: 'Credit',
    items: [{ productId: rice.id, quantity: 30, price: 10 }],
    date: businessNowLocalTimestamp(),
    printReceipt: false,
  });
  await seed.post('/receipt/addPayment', { receiptId: receipt.id, amount: 50 });

  await page.goto('/receipts');
  const card = page.getByRole('article', { name: `Remisión #${receipt.id}` });
  await card.getByRole('button', { name: `Acciones de la remisión #${receipt.id}` }).click();
  await page.getByRole('menuitem', { name: 'Devolución' }).click();
  const form = page.getByRole('dialog', { name: `Devolución · Remisión #${receipt.id}` });
  const quantity = form.getByLabel(`Cantidad a devolver de Arroz ${id}`);
  await expect(quantity).toBeFocused();
  await page.keyboard.type('10', { delay: 10 });
  await form.getByLabel('Motivo').pressSequentially('Sobró', { delay: 10 });
  await expect(form.getByTestId('return-amount')).toHaveText('$100.00');
  await expect(form.getByTestId('return-refund')).toHaveText('$0.00');
  await expect(form).toContainText('El saldo pendiente baja primero');
  await form.getByRole('button', { name: 'Registrar devolución' }).click();

  await expect(page.getByText('Devolución registrada: $100.00. Se entrega $0.00.')).toBeVisible();
  await expect(card.getByTestId('receipt-net-total')).toHaveText('$200.00');
  await expect(card.getByTestId('receipt-balance')).toHaveText('$150.00');
  expect(await seed.stockOf(rice.id)).toBe(30);
});
