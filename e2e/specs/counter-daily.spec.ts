import type { AddClientPaymentResponse, Client, ClientCredit, Receipt } from '@mostrador/shared';
import { businessNowLocalTimestamp, clientFullName } from '@mostrador/shared';
import type { Page } from '@playwright/test';
import { printsOf } from '../support/print-counter';
import { expect, storageStateOf, test, unique, uniqueBarcode } from '../fixtures';

// What the cashier meets every day at /vender (issue 32, part 4): a weighed product asks for its
// weight, a product without a price asks for one, a sale abandoned starts clean, a phone sale by
// taps only, the abono at the till with its ticket, and the client form's credit limit typed as a
// person types it. Each test seeds its own records.

test.describe.configure({ mode: 'parallel' });

const DAY = 24 * 60 * 60 * 1000;

/** A keyboard-wedge scanner: the code's keys 10 ms apart, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

const lines = (page: Page) => page.getByTestId('sale-line');

/** The receipt number the 'Última venta' card shows. */
async function lastReceiptId(page: Page) {
  const last = page.getByTestId('last-sale');
  await expect(last).toBeVisible();
  return Number((await last.textContent())!.match(/Remisión #(\d+)/)![1]);
}

test.describe('at the keyboard', () => {
  test.use({ storageState: storageStateOf('Seller') });

  test('a weighed product asks for its weight, each weighing is a line, * types a quantity, articles count units', async ({
    page,
    seed,
  }) => {
    const id = unique();
    const cheese = await seed.weighedByScale(`Queso ${id}`);
    const soap = await seed.product({ name: `Jabón ${id}`, price: 18.5, barcode: uniqueBarcode(), stock: 10 });
    await page.goto('/vender');
    const code = page.getByRole('textbox', { name: 'Código' });
    await expect(code).toBeFocused();
    await expect(page.getByRole('region', { name: 'Atajos' })).toContainText('* escribir cantidad');
    await expect(page.getByRole('region', { name: 'Atajos' })).toContainText('F9 abonar');

    // The code of a weighed product, no quantity: the weight is asked, never 1.000 kg silently.
    await scan(page, cheese.cuid);
    const weigh = page.getByRole('dialog', { name: `Pesar Queso ${id}` });
    await expect(weigh.getByLabel('Peso (kg)')).toBeFocused();
    await expect(lines(page)).toHaveCount(0);
    await page.keyboard.type('0.5', { delay: 10 });
    await page.keyboard.press('Enter');
    await expect(weigh).toBeHidden();
    await expect(code).toBeFocused();
    await expect(lines(page)).toHaveCount(1);
    await expect(lines(page).nth(0).getByTestId('sale-line-quantity')).toHaveText('0.500 kg');

    // A second weighing is a line of its own; '0.750*' carries its weight and adds at once.
    await scan(page, cheese.cuid);
    await expect(weigh.getByLabel('Peso (kg)')).toBeFocused();
    await page.keyboard.type('0.255', { delay: 10 });
    await page.keyboard.press('Enter');
    await scan(page, `3*${soap.barcode!}`);
    await expect(lines(page)).toHaveCount(3);
    await expect(lines(page).nth(1).getByTestId('sale-line-quantity')).toHaveText('0.255 kg');
    // 3 pieces and two weighed lines: 5 articles, not 3 lines nor 3.755.
    await expect(page.getByTestId('counter-articles')).toHaveText('5 artículos');

    // ↑ to the second weighing, * and its quantity typed.
    await page.keyboard.press('ArrowUp');
    await expect(lines(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('*');
    const quantity = page.getByRole('dialog', { name: `Cantidad de Queso ${id}` });
    await expect(quantity.getByLabel('Peso (kg)')).toBeFocused();
    await page.keyboard.type('1.25', { delay: 10 });
    await page.keyboard.press('Enter');
    await expect(quantity).toBeHidden();
    await expect(lines(page).nth(1).getByTestId('sale-line-quantity')).toHaveText('1.250 kg');
    // 0.5 × 189.90 = 94.95; 1.25 × 189.90 = 237.375 → 237.38; 3 × 18.50 = 55.50.
    await expect(page.getByTestId('counter-total')).toHaveText('$387.83');

    await page.keyboard.press('F12');
    const pay = page.getByRole('dialog', { name: 'Cobrar' });
    await expect(pay.getByLabel('Recibido')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(pay).toBeHidden();
    const receiptId = await lastReceiptId(page);
    const { data } = await seed.get<{ data: Receipt[] }>(`/receipt/list?number=${receiptId}`);
    expect(data[0]!.total).toBe(387.83);
    expect(data[0]!.items.map((item) => [item.product.id, item.quantity, item.price])).toEqual([
      [cheese.id, 0.5, 189.9],
      [cheese.id, 1.25, 189.9],
      [soap.id, 3, 18.5],
    ]);
    expect(await seed.stockOf(cheese.id)).toBe(3.25);
  });

  test('a product without a price asks for one, and the sale is made at that price', async ({ page, seed }) => {
    const id = unique();
    const bag = await seed.product({ name: `Bolsa ${id}`, barcode: uniqueBarcode(), stock: 10 });
    await page.goto('/vender');
    await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
    await scan(page, `2*${bag.barcode!}`);
    const price = page.getByRole('dialog', { name: `Precio de Bolsa ${id}` });
    await expect(price.getByLabel('Precio')).toBeFocused();
    await page.keyboard.type('12.50', { delay: 10 });
    await page.keyboard.press('Enter');
    await expect(price).toBeHidden();
    await expect(lines(page).nth(0).getByTestId('sale-line-total')).toHaveText('$25.00');
    await page.keyboard.press('F12');
    await page.keyboard.press('Enter');
    const receiptId = await lastReceiptId(page);
    const { data } = await seed.get<{ data: Receipt[] }>(`/receipt/list?number=${receiptId}`);
    expect(data[0]!.items.map((item) => [item.product.id, item.quantity, item.price, item.total])).toEqual([
      [bag.id, 2, 12.5, 25],
    ]);
  });

  test("scans faster than their lookups: a scan's weight dialog is never replaced by the next scan's, each opens in turn", async ({
    page,
    seed,
  }) => {
    const id = unique();
    const cheese = await seed.weighedByScale(`Queso ${id}`);
    const ham = await seed.product({ name: `Jamón ${id}`, units: 'kg', price: 210, sellsByWeight: true, stock: 5 });
    const soap = await seed.product({ name: `Jabón ${id}`, price: 18.5, barcode: uniqueBarcode(), stock: 10 });
    // The lookups are held until all four codes are scanned, as on a slow connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/product/lookup*', async (route) => {
      await held;
      await route.fulfill({ response: await route.fetch() });
    });
    await page.goto('/vender');
    const code = page.getByRole('textbox', { name: 'Código' });
    await expect(code).toBeFocused();
    // A weighed product, a code the shop does not have, another weighed product, a soap.
    for (const scanned of [cheese.cuid, '0000000000000', ham.cuid, soap.barcode!]) await scan(page, scanned);
    release();

    // Each scan's dialog in scan order; the soap, complete, joins the sale meanwhile.
    const weighCheese = page.getByRole('dialog', { name: `Pesar Queso ${id}` });
    await expect(weighCheese.getByLabel('Peso (kg)')).toBeFocused();
    await expect(lines(page)).toHaveCount(1);
    await page.keyboard.type('0.5', { delay: 10 });
    await page.keyboard.press('Enter');
    const search = page.getByRole('dialog', { name: 'Buscar producto por nombre' });
    await expect(search.getByRole('combobox')).toHaveValue('0000000000000');
    await page.keyboard.press('Escape');
    const weighHam = page.getByRole('dialog', { name: `Pesar Jamón ${id}` });
    await expect(weighHam.getByLabel('Peso (kg)')).toBeFocused();
    await page.keyboard.type('0.25', { delay: 10 });
    await page.keyboard.press('Enter');
    await expect(weighHam).toBeHidden();
    await expect(code).toBeFocused();

    // 0.5 × 189.90 = 94.95; 18.50; 0.25 × 210 = 52.50.
    await expect(page.getByTestId('counter-total')).toHaveText('$165.95');
    await page.keyboard.press('F12');
    await page.keyboard.press('Enter');
    const receiptId = await lastReceiptId(page);
    const { data } = await seed.get<{ data: Receipt[] }>(`/receipt/list?number=${receiptId}`);
    expect(data[0]!.total).toBe(165.95);
    expect(data[0]!.items.map((item) => [item.product.id, item.quantity]).sort()).toEqual(
      [
        [cheese.id, 0.5],
        [ham.id, 0.25],
        [soap.id, 1],
      ].sort(),
    );
  });

  test('a sale abandoned with Esc starts over with Público en general in Efectivo; Público en general turns Crédito off', async ({
    page,
    seed,
  }) => {
    const id = unique();
    const soap = await seed.product({ name: `Jabón ${id}`, price: 18.5, barcode: uniqueBarcode(), stock: 10 });
    const client = await seed.client({ firstName: `Abandono ${id}`, lastName: 'Treviño' });
    await page.goto('/vender');
    await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
    const mode = (name: string) => page.getByRole('radio', { name });
    await scan(page, soap.barcode!);
    await page.keyboard.press('F8');
    await page.keyboard.press('F4');
    await page.keyboard.type(`abandono ${id}`, { delay: 10 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('counter-client')).toContainText(`Abandono ${id} Treviño`);
    await expect(mode('Crédito')).toBeChecked();

    await page.keyboard.press('Escape');
    await expect(lines(page)).toHaveCount(0);
    await expect(page.getByTestId('counter-client')).toContainText('Público en general');
    await expect(mode('Efectivo')).toBeChecked();

    // Crédito, then 'Público en general' picked: back to Efectivo.
    await page.keyboard.press('F8');
    await expect(mode('Crédito')).toBeChecked();
    await page.keyboard.press('F4');
    const picker = page.getByRole('dialog', { name: 'Elegir cliente' });
    await expect(picker.getByText(clientFullName(client)!)).toBeVisible();
    await page.keyboard.type('publico', { delay: 10 });
    await page.keyboard.press('Enter');
    await expect(mode('Efectivo')).toBeChecked();
  });

  test('keys typed right after F4, while the focus is still in the code field, reach the client search', async ({
    page,
    seed,
  }) => {
    const id = unique();
    const client = await seed.client({ firstName: `Adelantado ${id}`, lastName: 'Salinas' });
    await page.goto('/vender');
    const code = page.getByRole('textbox', { name: 'Código' });
    await expect(code).toBeFocused();
    await page.keyboard.press('F4');
    const picker = page.getByRole('dialog', { name: 'Elegir cliente' });
    await expect(picker).toBeVisible();
    // A fast typist's first keys land before the dialog's field takes the focus: put it back in
    // the code field, as it is for those few milliseconds.
    await code.evaluate((input: HTMLInputElement) => input.focus());
    await page.keyboard.type(`adelantado ${id}`, { delay: 10 });
    await expect(picker.getByRole('combobox')).toHaveValue(`adelantado ${id}`);
    await expect(code).toHaveValue('');
    await picker.getByRole('combobox').press('Enter');
    await expect(page.getByTestId('counter-client')).toContainText(clientFullName(client)!);
  });

  test("keys typed right after a weighed scan or F12, before the dialog's field has the focus, go into it: no digit of a weight or of the cash received is lost", async ({
    page,
    seed,
  }) => {
    const id = unique();
    const cheese = await seed.weighedByScale(`Queso adelantado ${id}`);
    await page.goto('/vender');
    const code = page.getByRole('textbox', { name: 'Código' });
    await expect(code).toBeFocused();

    await scan(page, cheese.cuid);
    const weigh = page.getByRole('dialog', { name: `Pesar Queso adelantado ${id}` });
    const weight = weigh.getByLabel('Peso (kg)');
    await expect(weigh).toBeVisible();
    // As in the F4 test: the focus back in the code field, where it is for the dialog's first moments.
    await code.evaluate((input: HTMLInputElement) => input.focus());
    await page.keyboard.type('1.25', { delay: 10 });
    await expect(weight).toHaveValue('1.25');
    await expect(code).toHaveValue('');
    // The field then takes the focus: the next key adds to what was typed, it does not replace it.
    await weight.focus();
    await page.keyboard.type('0', { delay: 10 });
    await expect(weight).toHaveValue('1.250');
    await page.keyboard.press('Enter');
    await expect(weigh).toBeHidden();
    await expect(lines(page).nth(0).getByTestId('sale-line-quantity')).toHaveText('1.250 kg');
    // 1.25 × 189.90 = 237.375 → $237.38.
    await expect(page.getByTestId('counter-total')).toHaveText('$237.38');

    await page.keyboard.press('F12');
    const pay = page.getByRole('dialog', { name: 'Cobrar' });
    await expect(pay).toBeVisible();
    await code.evaluate((input: HTMLInputElement) => input.focus());
    await page.keyboard.type('500', { delay: 10 });
    await expect(pay.getByLabel('Recibido')).toHaveValue('$500');
    await expect(pay.getByTestId('pay-change')).toHaveText('$262.62');
    // Enter before the focus moved in confirms too: with the $500 received, not as the exact amount.
    await page.keyboard.press('Enter');
    await expect(pay).toBeHidden();
    await expect(page.getByTestId('last-sale').getByTestId('last-sale-change')).toHaveText('$262.62');
  });

  test("a Seller's abono at the till: F9, the client, the saldo, the amount, and the ticket prints", async ({
    page,
    seed,
  }) => {
    const id = unique();
    const client = await seed.client({ firstName: `Abono ${id}`, lastName: 'Garza' });
    const product = await seed.product({ stock: 10 });
    const receipts: Receipt[] = [];
    for (const [amount, daysAgo] of [
      [200.5, 20],
      [175, 5],
    ] as const) {
      receipts.push(
        await seed.receipt({
          paymentMode: 'Credit',
          clientId: client.id,
          date: businessNowLocalTimestamp(Date.now() - daysAgo * DAY),
          items: [{ productId: product.id, quantity: 1, price: amount }],
        }),
      );
    }

    await page.goto('/vender');
    await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
    await page.keyboard.press('F9');
    const picker = page.getByRole('dialog', { name: 'Abonar: elegir cliente' });
    await expect(picker).toBeVisible();
    await page.keyboard.type(`abono ${id}`, { delay: 10 });
    await expect(picker.getByText(`Abono ${id} Garza`)).toBeVisible();
    await page.keyboard.press('Enter');
    const abono = page.getByRole('dialog', { name: 'Abonar a cuenta' });
    await expect(abono.getByTestId('abono-balance')).toHaveText('$375.50');
    await expect(abono.getByLabel('Abono')).toBeFocused();
    await page.keyboard.type('300.25', { delay: 10 });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/client/addPayment'));
    await page.keyboard.press('Enter');
    const response = await answer;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as AddClientPaymentResponse;
    // Oldest first: the $200.50 receipt settled, $99.75 on the next one.
    expect(body.payments.map((p) => [p.receiptId, p.amount, p.settled])).toEqual([
      [receipts[0]!.id, 200.5, true],
      [receipts[1]!.id, 99.75, false],
    ]);
    // The Seller's answer has the saldo left, not the limit nor the vencido.
    expect(body.credit).not.toHaveProperty('overdue');
    expect(body.credit).not.toHaveProperty('creditLimit');
    await expect(abono).toBeHidden();
    await expect(page.getByText('Abono de $300.25 registrado. Saldo pendiente: $75.25.')).toBeVisible();

    // The ticket: its PDF in the print dialog (the e2e server has no thermal printer).
    await expect(page.getByTestId('print-frame')).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => printsOf(page)).toBe(1);
    expect((await seed.get<ClientCredit>(`/client/credit/${client.id}`)).balance).toBe(75.25);
    await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
  });
});

test.describe('on a phone', () => {
  test.use({
    storageState: storageStateOf('Seller'),
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });

  test('a sale with taps only: the product list, + and − on the line, a quick cash button, Cobrar', async ({
    page,
    seed,
  }) => {
    const id = unique();
    const product = await seed.product({ name: `Paleta ${id}`, price: 12.5, stock: 10 });
    await page.goto('/vender');
    // No key hints on a touch screen.
    await expect(page.getByRole('heading', { name: 'Vender' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Atajos' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cobrar' }).locator('kbd')).toBeHidden();

    await page.getByRole('button', { name: 'Buscar' }).tap();
    const search = page.getByRole('dialog', { name: 'Buscar producto por nombre' });
    await search.getByRole('combobox', { name: 'Nombre o código' }).fill(`paleta ${id}`);
    await search.getByRole('option', { name: new RegExp(`Paleta ${id}`) }).tap();
    await expect(search).toBeHidden();
    await expect(lines(page)).toHaveCount(1);

    const line = lines(page).nth(0);
    await line.getByRole('button', { name: `Uno más de Paleta ${id}` }).tap();
    await line.getByRole('button', { name: `Uno más de Paleta ${id}` }).tap();
    await line.getByRole('button', { name: `Uno menos de Paleta ${id}` }).tap();
    await expect(line.getByTestId('sale-line-quantity')).toHaveText('2 pza');
    await expect(page.getByTestId('counter-total')).toHaveText('$25.00');

    await page.getByRole('button', { name: 'Cobrar' }).tap();
    const pay = page.getByRole('dialog', { name: 'Cobrar' });
    const fifty = pay.getByRole('button', { name: '$50', exact: true });
    // Readable: every quick button shows its whole label.
    for (const name of ['$50', '$100', '$200', '$500', 'Exacto']) {
      const label = pay.getByRole('button', { name, exact: true }).locator('.mantine-Button-label');
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await fifty.tap();
    await expect(pay.getByTestId('pay-change')).toHaveText('$25.00');
    await pay.getByRole('button', { name: 'Cobrar (Enter)' }).tap();
    await expect(pay).toBeHidden();
    await expect(page.getByTestId('last-sale').getByTestId('last-sale-change')).toHaveText('$25.00');
    const receiptId = await lastReceiptId(page);
    const { data } = await seed.get<{ data: Receipt[] }>(`/receipt/list?number=${receiptId}`);
    expect(data[0]).toMatchObject({ paymentMode: 'Cash', total: 25 });
    expect(await seed.stockOf(product.id)).toBe(8);
  });
});

test.describe('the client form', () => {
  test.use({ storageState: storageStateOf('Manager') });

  test("'Límite de crédito' keeps what is typed: 500 is $500.00", async ({ page, seed }) => {
    const id = unique();
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Crear cliente' }).click();
    const form = page.getByRole('dialog', { name: 'Crear cliente' });
    await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill(`Límite ${id}`);
    await form.getByRole('textbox', { name: 'Apellido', exact: true }).fill('Salinas');
    await form.getByLabel('Límite de crédito').click();
    await page.keyboard.type('500', { delay: 30 });
    await expect(form.getByLabel('Límite de crédito')).toBeFocused();
    await expect(form.getByLabel('Límite de crédito')).toHaveValue('$500');
    await form.getByRole('button', { name: 'Crear cliente' }).click();
    await expect(form).toBeHidden();
    const { clients } = await seed.get<{ clients: Client[] }>('/client/list');
    expect(clients.find((c) => c.firstName === `Límite ${id}`)).toMatchObject({ creditLimit: 500 });
  });

  test("'Nueva Remisión': typing in the client picker replaces 'Sin especificar'", async ({ page, seed }) => {
    const client = await seed.client({ firstName: `Marisol ${unique()}`, lastName: 'Peña' });
    await page.goto('/receipts');
    await page.getByRole('button', { name: 'Nueva Remisión' }).click();
    const form = page.getByRole('dialog', { name: 'Nueva Remisión' });
    const clientBox = form.getByRole('combobox', { name: 'Cliente' });
    await expect(clientBox).toHaveValue('Sin especificar');
    await clientBox.click();
    await page.keyboard.type(client.firstName.toLowerCase(), { delay: 10 });
    await expect(clientBox).toHaveValue(client.firstName.toLowerCase());
    await page.getByRole('option', { name: clientFullName(client)! }).click();
    await expect(clientBox).toHaveValue(clientFullName(client)!);
  });
});
