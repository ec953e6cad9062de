import type { Page } from '@playwright/test';
import { expect, type Seed, storageStateOf, test, uniqueBarcode } from '../fixtures';

// Issue 31: the server stores the sale but its answer never reaches the browser. Pressed again,
// the same sale must be the same request (body, date included, and Idempotency-Key), so the
// server answers with the first receipt: one sale, stock moved once, never the 409 'La clave
// Idempotency-Key ya se usó con otra solicitud…'. Each test seeds its own data.

test.describe.configure({ mode: 'parallel' });

const LOST_TITLE = 'No llegó la respuesta del servidor';
const KEY_REUSED = /Idempotency-Key/;

/**
 * Lets the server do the write, then drops its answer, for as long as `dropping` is set (the
 * mutation's own retry is dropped too); afterwards requests go through. Records what was sent.
 */
async function loseAnswers(page: Page, url: string, { dropping = true } = {}) {
  const state = {
    dropping,
    sent: [] as Array<{ key: string; body: string }>,
    /** What the server answered to the requests whose answer was dropped. */
    dropped: [] as Array<{ status: number; json: { id?: number } }>,
  };
  await page.route(url, async (route) => {
    const request = route.request();
    state.sent.push({ key: request.headers()['idempotency-key'] ?? '', body: request.postData() ?? '' });
    if (!state.dropping) {
      await route.fallback();
      return;
    }
    const response = await route.fetch();
    state.dropped.push({ status: response.status(), json: (await response.json()) as { id?: number } });
    await route.abort('failed');
  });
  return state;
}

/** Every request carried the first one's key and exactly its body. */
function expectOneRequest(sent: Array<{ key: string; body: string }>) {
  expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  for (const request of sent) expect(request).toEqual(sent[0]);
}

/** A keyboard-wedge scanner: the code's keys 10 ms apart, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 10 });
  await page.keyboard.press('Enter');
}

async function product(seed: Seed) {
  return seed.product({ price: 17.5, barcode: uniqueBarcode(), stock: 10 });
}

test.describe('at the counter', () => {
  test.use({ storageState: storageStateOf('Seller') });
  // A cash sale opens its 80 mm ticket in the print dialog: counted instead (see counter.spec).

  test('a lost answer says so in Spanish; F12 again gives the same receipt and sells once', async ({ page, seed }) => {
    const soap = await product(seed);
    const lost = await loseAnswers(page, '**/api/receipt/create');
    await page.goto('/vender');
    await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
    await scan(page, soap.barcode!);
    await scan(page, soap.barcode!);
    await expect(page.getByTestId('counter-total')).toHaveText('$35.00');
    await page.keyboard.press('F12');
    const pay = page.getByRole('dialog', { name: 'Cobrar' });
    await expect(pay.getByLabel('Recibido')).toBeFocused();
    await page.keyboard.type('50', { delay: 10 });
    await page.keyboard.press('Enter');

    // The sale was stored, but neither the answer nor the automatic retry's came back.
    const alert = pay.getByRole('alert');
    await expect(alert).toContainText(LOST_TITLE);
    await expect(alert).toContainText(
      'La venta pudo haberse registrado. Presiona Cobrar (F12) otra vez sin cambiarla: si ya se registró, verás la misma remisión y no se cobrará dos veces.',
    );
    // The first send and the mutation's own retry of the dropped connection.
    expect(lost.dropped).toHaveLength(2);
    const receiptId = lost.dropped[0]!.json.id!;
    expect(lost.dropped[0]!.status).toBe(201);
    expect(await seed.stockOf(soap.id)).toBe(8);

    lost.dropping = false;
    await page.keyboard.press('F12');
    await expect(page.getByText(`Venta registrada: remisión #${receiptId}.`)).toBeVisible();
    await expect(pay).toBeHidden();
    const last = page.getByTestId('last-sale');
    await expect(last).toContainText(`Remisión #${receiptId}`);
    await expect(last.getByTestId('last-sale-change')).toHaveText('$15.00');
    await expect(page.getByText(KEY_REUSED)).toHaveCount(0);

    expect(lost.sent).toHaveLength(3);
    expectOneRequest(lost.sent);
    expect(await seed.stockOf(soap.id)).toBe(8);
    const { data } = await seed.get<{ data: Array<{ id: number }> }>(`/receipt/list?number=${receiptId}`);
    expect(data).toHaveLength(1);
  });

  test('closed and opened again, Cobrar keeps the lost sale’s card payment and still sells once', async ({
    page,
    seed,
  }) => {
    const soap = await product(seed);
    const lost = await loseAnswers(page, '**/api/receipt/create');
    await page.goto('/vender');
    await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
    await scan(page, soap.barcode!);
    await expect(page.getByTestId('sale-line')).toHaveCount(1);
    await page.keyboard.press('F12');
    const pay = page.getByRole('dialog', { name: 'Cobrar' });
    await pay.getByText('Tarjeta', { exact: true }).click();
    await pay.getByRole('button', { name: 'Cobrar (Enter)' }).click();
    await expect(pay.getByRole('alert')).toContainText(LOST_TITLE);
    const receiptId = lost.dropped[0]!.json.id!;

    // Esc, then F12 as the message says: the dialog opens on the same sale, paid by card.
    await page.keyboard.press('Escape');
    await expect(pay).toBeHidden();
    lost.dropping = false;
    await page.keyboard.press('F12');
    await expect(pay.getByRole('radio', { name: 'Tarjeta' })).toBeChecked();
    await expect(pay.getByRole('alert')).toContainText(LOST_TITLE);
    await page.keyboard.press('F12');
    await expect(page.getByText(`Venta registrada: remisión #${receiptId}.`)).toBeVisible();
    await expect(page.getByTestId('last-sale')).toContainText(`Remisión #${receiptId}`);

    expectOneRequest(lost.sent);
    expect(JSON.parse(lost.sent[0]!.body)).toMatchObject({ paymentMethod: 'Tarjeta' });
    expect(await seed.stockOf(soap.id)).toBe(9);
  });
});

test.describe('in the receipt form', () => {
  // A Seller's sale is dated when it is sent: the case where a new date meant a 409.
  test.use({ storageState: storageStateOf('Seller') });

  test('a lost answer says so in Spanish; Crear remisión again gives the same receipt and sells once', async ({
    page,
    seed,
  }) => {
    const soap = await product(seed);
    const lost = await loseAnswers(page, '**/api/receipt/create');
    await page.goto('/receipts');
    await page.getByRole('button', { name: 'Nueva Remisión' }).click();
    const form = page.getByRole('dialog', { name: 'Nueva Remisión' });
    const row = form.getByTestId('receipt-item').first();
    const productField = row.getByRole('combobox', { name: 'Producto' });
    await productField.click();
    await productField.fill(soap.cuid);
    await page.getByRole('option', { name: new RegExp(soap.cuid) }).click();
    await row.getByLabel('Cantidad').fill('3');
    await form.getByRole('button', { name: 'Crear remisión' }).click();

    const alert = form.getByRole('alert');
    await expect(alert).toContainText(LOST_TITLE);
    await expect(alert).toContainText(
      'La remisión pudo haberse creado. Presiona Crear remisión otra vez sin cambiarla: si ya se creó, verás la misma remisión y no se registrará dos veces.',
    );
    const receiptId = lost.dropped[0]!.json.id!;
    expect(await seed.stockOf(soap.id)).toBe(7);

    lost.dropping = false;
    await form.getByRole('button', { name: 'Crear remisión' }).click();
    await expect(page.getByText(`La remisión #${receiptId} ha sido creada correctamente.`)).toBeVisible();
    await expect(form).toBeHidden();
    await expect(page.getByText(KEY_REUSED)).toHaveCount(0);

    expectOneRequest(lost.sent);
    expect(await seed.stockOf(soap.id)).toBe(7);
    const { data } = await seed.get<{ data: Array<{ id: number; total: number }> }>(
      `/receipt/list?number=${receiptId}`,
    );
    expect(data).toEqual([expect.objectContaining({ id: receiptId, total: 52.5 })]);
  });
});

test.describe('in the receipt form, over the credit limit', () => {
  test.use({ storageState: storageStateOf('Manager') });

  test('an authorised sale whose answer is lost is sent again as authorised and sold once', async ({ page, seed }) => {
    const client = await seed.client({
      firstName: `Límite ${Date.now().toString(36)}`,
      lastName: 'Treviño',
      creditLimit: 100,
    });
    const goods = await seed.product({ stock: 10 });
    await seed.receipt({
      paymentMode: 'Credit',
      clientId: client.id,
      items: [{ productId: goods.id, quantity: 1, price: 80 }],
    });
    // The refusal over the limit gets through; the authorised sale's answers are dropped.
    const lost = await loseAnswers(page, '**/api/receipt/create', { dropping: false });
    await page.goto('/receipts');
    await page.getByRole('button', { name: 'Nueva Remisión' }).click();
    const form = page.getByRole('dialog', { name: 'Nueva Remisión' });
    await form.getByText('Crédito', { exact: true }).click();
    const clientBox = form.getByRole('combobox', { name: 'Cliente' });
    await clientBox.click();
    await clientBox.fill(client.firstName);
    await page.getByRole('option', { name: `${client.firstName} Treviño` }).click();
    const row = form.getByTestId('receipt-item').first();
    const productBox = row.getByRole('combobox', { name: 'Producto' });
    await productBox.click();
    await productBox.fill(goods.cuid);
    await page.getByRole('option', { name: new RegExp(goods.cuid) }).click();
    await row.getByLabel('Precio').fill('30');
    await form.getByRole('button', { name: 'Crear remisión' }).click();
    const confirm = page.getByRole('dialog', { name: 'Límite de crédito excedido' });
    await expect(confirm).toBeVisible();
    lost.dropping = true;
    await confirm.getByRole('button', { name: 'Autorizar venta' }).click();
    await expect(form.getByRole('alert').filter({ hasText: LOST_TITLE })).toBeVisible();
    const receiptId = lost.dropped[0]!.json.id!;

    lost.dropping = false;
    await form.getByRole('button', { name: 'Crear remisión' }).click();
    await expect(page.getByText(`La remisión #${receiptId} ha sido creada correctamente.`)).toBeVisible();
    await expect(confirm).toBeHidden();
    const authorised = lost.sent.slice(1);
    expectOneRequest(authorised);
    expect(JSON.parse(authorised[0]!.body)).toMatchObject({ allowOverLimit: true });
    const credit = await seed.get<{ balance: number }>(`/client/credit/${client.id}`);
    expect(credit.balance).toBe(110);
  });
});

test.describe('an abono', () => {
  test.use({ storageState: storageStateOf('Admin') });

  test('a lost answer counts once, and an equal abono afterwards is a new one', async ({ page, seed }) => {
    const client = await seed.client({ firstName: `Abono ${Date.now().toString(36)}`, lastName: 'Garza' });
    const goods = await seed.product({ stock: 10 });
    await seed.receipt({
      paymentMode: 'Credit',
      clientId: client.id,
      items: [{ productId: goods.id, quantity: 1, price: 80 }],
    });
    const lost = await loseAnswers(page, '**/api/client/addPayment');
    await page.goto(`/clients/${client.id}`);
    await expect(page.getByTestId('client-balance')).toContainText('Saldo: $80.00');

    const pay = async (amount: string) => {
      await page.getByRole('button', { name: 'Registrar abono' }).click();
      const modal = page.getByRole('dialog', { name: /Registrar abono/ });
      await modal.getByLabel('Monto').fill(amount);
      await modal.getByRole('button', { name: 'Registrar abono' }).click();
      return modal;
    };
    const modal = await pay('30');
    await expect(
      page.getByText(
        'No llegó la respuesta del servidor y el abono pudo haberse registrado. Presiona Registrar abono otra vez sin cambiarlo: no se contará dos veces.',
      ),
    ).toBeVisible();
    lost.dropping = false;
    await modal.getByRole('button', { name: 'Registrar abono' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('client-balance')).toContainText('Saldo: $50.00');
    expectOneRequest(lost.sent);

    // The same amount again is another abono: a new key, recorded.
    const before = lost.sent.length;
    await pay('30');
    await expect(page.getByTestId('client-balance')).toContainText('Saldo: $20.00');
    expect(lost.sent[before]!.key).not.toBe(lost.sent[0]!.key);
    const { receipts } = await seed.get<{ receipts: Array<{ balance: number }> }>(`/client/details/${client.id}`);
    expect(receipts.map((r) => r.balance)).toEqual([20]);
  });
});
