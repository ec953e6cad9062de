import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Client } from '@mostrador/shared';
import { businessNowLocalTimestamp, clientFullName } from '@mostrador/shared';
import type { Page } from '@playwright/test';
import { expect, type Seed, storageStateOf, test, unique } from '../fixtures';

const DAY = 24 * 60 * 60 * 1000;

/** A client with a credit limit (pesos) and what they already owe, in credit receipts of these amounts and ages. */
async function clientOwing(
  seed: Seed,
  debts: Array<{ amount: number; daysAgo: number }>,
  fields: { creditLimit?: number; phone?: string } = {},
): Promise<Client> {
  const client = await seed.client({ firstName: `Fiado ${unique()}`, lastName: 'Cantú', ...fields });
  const product = await seed.product({ stock: 100 });
  for (const debt of debts) {
    await seed.receipt({
      paymentMode: 'Credit',
      clientId: client.id,
      date: businessNowLocalTimestamp(Date.now() - debt.daysAgo * DAY),
      items: [{ productId: product.id, quantity: 1, price: debt.amount }],
    });
  }
  return client;
}

/** Opens 'Nueva Remisión' and fills a one-line credit sale to the client, printing off. */
async function fillCreditSale(page: Page, client: Client, productCuid: string, price: string) {
  await page.goto('/receipts');
  await page.getByRole('button', { name: 'Nueva Remisión' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva Remisión' });
  await form.getByText('Crédito', { exact: true }).click();
  const clientBox = form.getByRole('combobox', { name: 'Cliente' });
  await clientBox.click();
  await clientBox.fill(client.firstName);
  await page.getByRole('option', { name: clientFullName(client)! }).click();
  const row = form.getByTestId('receipt-item').first();
  const productBox = row.getByRole('combobox', { name: 'Producto' });
  await productBox.click();
  await productBox.fill(productCuid);
  await page.getByRole('option', { name: new RegExp(productCuid) }).click();
  await row.getByLabel('Cantidad').fill('1');
  await row.getByLabel('Precio').fill(price);
  await form.getByRole('switch', { name: 'Imprimir remisión' }).uncheck();
  return form;
}

test.describe('Credit limit as Seller', () => {
  test.use({ storageState: storageStateOf('Seller') });

  test('sees the available credit on picking the client and is asked for a supervisor over the limit', async ({
    page,
    seed,
  }) => {
    const client = await clientOwing(seed, [{ amount: 80, daysAgo: 3 }], { creditLimit: 100 });
    const product = await seed.product();
    const form = await fillCreditSale(page, client, product.cuid, '30');
    const summary = form.getByRole('group', { name: 'Crédito del cliente' });
    await expect(summary).toContainText('Crédito disponible$20.00');
    await expect(summary).toContainText('Plazo 30 días');
    // A Seller reads one client's saldo (decision 083: the till's abono needs it); the limit is a
    // manager's figure (canSeeCreditFigures).
    await expect(summary).toContainText('Saldo$80.00');
    await expect(summary).not.toContainText('Límite');
    await form.getByRole('button', { name: 'Crear remisión' }).click();
    // Over the limit a Seller needs a supervisor (supervisor.spec.ts has one authorise it).
    const supervisor = page.getByRole('dialog', { name: 'Autorización de supervisor' });
    await expect(supervisor).toContainText(
      'El cliente excede su límite de crédito (límite $100.00, saldo $80.00): se necesita la autorización de un supervisor.',
    );
    await expect(page.getByRole('dialog', { name: 'Límite de crédito excedido' })).toBeHidden();
    await supervisor.getByRole('button', { name: 'Cancelar' }).click();
    await expect(supervisor).toBeHidden();
    await expect(form).toBeVisible();
    const credit = await seed.get<{ balance: number }>(`/client/credit/${client.id}`);
    expect(credit.balance).toBe(80);
  });
});

test.describe('Fiado as Manager', () => {
  test.use({ storageState: storageStateOf('Manager') });

  test('authorises a sale over the limit', async ({ page, seed }) => {
    const client = await clientOwing(seed, [{ amount: 80, daysAgo: 3 }], { creditLimit: 100 });
    const product = await seed.product();
    const form = await fillCreditSale(page, client, product.cuid, '30');
    await form.getByRole('button', { name: 'Crear remisión' }).click();
    const confirm = page.getByRole('dialog', { name: 'Límite de crédito excedido' });
    await expect(confirm).toContainText('El cliente excede su límite de crédito (límite $100.00, saldo $80.00).');
    await confirm.getByRole('button', { name: 'Autorizar venta' }).click();
    await expect(page.getByText(/La remisión #\d+ ha sido creada correctamente\./)).toBeVisible();
    const credit = await seed.get<{ balance: number; available: number }>(`/client/credit/${client.id}`);
    expect(credit).toMatchObject({ balance: 110, available: 0 });
  });

  test('one abono pays two receipts; the statement PDF renders; the link shares it without notes, and is revoked', async ({
    page,
    seed,
    browser,
  }) => {
    test.slow();
    const client = await clientOwing(
      seed,
      [
        { amount: 50, daysAgo: 10 },
        { amount: 30, daysAgo: 2 },
      ],
      { phone: '81 2345 6789' },
    );
    await page.goto(`/clients/${client.id}`);
    await expect(page.getByTestId('client-balance')).toContainText('Saldo: $80.00');
    await expect(page.getByTestId('statement-closing')).toHaveText('Saldo final: $80.00');

    await page.getByRole('button', { name: 'Registrar abono' }).click();
    const modal = page.getByRole('dialog', { name: /Registrar abono/ });
    await modal.getByLabel('Monto').fill('80');
    // Paid by card: the method goes with the abono (Efectivo unless chosen).
    await expect(modal.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
    await modal.getByText('Tarjeta', { exact: true }).click();
    // A note for the staff, which the shared statement must not show the customer.
    await modal.getByLabel('Nota').fill('cliente moroso, no fiarle');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/client/addPayment'));
    await modal.getByRole('button', { name: 'Registrar abono' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ amount: 80, method: 'Tarjeta' });
    await expect(page.getByText('Abono de $80.00 registrado en 2 remisiones.')).toBeVisible();
    await expect(page.getByTestId('statement-closing')).toHaveText('Saldo final: $0.00');
    await expect(page.getByTestId('client-balance')).toContainText('Saldo: $0.00');
    const table = page.getByTestId('statement-table');
    await expect(table.getByText(/^Abono a remisión #\d+/)).toHaveCount(2);
    // Each payment line says how it was paid, and the staff see its note.
    await expect(table.getByText(/^Abono a remisión #\d+ · Tarjeta · cliente moroso, no fiarle$/)).toHaveCount(2);
    const { receipts } = await seed.get<{ receipts: Array<{ state: string }> }>(`/client/details/${client.id}`);
    expect(receipts.map((r) => r.state)).toEqual(['Paid', 'Paid']);

    for (const [button, size] of [
      ['PDF 80 mm', /226\.77 x \d+(\.\d+)? pts/],
      ['PDF carta', /612 x 792 pts/],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: button }).click(),
      ]);
      const file = test.info().outputPath(download.suggestedFilename());
      await download.saveAs(file);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(size);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Estado de cuenta');
      expect(text).toContain(clientFullName(client)!);
      expect(text).toMatch(/Saldo final\s+\$0\.00/);
      execFileSync('pdftoppm', ['-png', '-r', '60', file, file.replace(/\.pdf$/, '')]);
    }

    // WhatsApp: wa.me is outside the machine, so the popup's address is only read.
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Compartir por WhatsApp' }).click(),
    ]);
    await popup.waitForURL(/^https:\/\/wa\.me\//);
    const wa = new URL(popup.url());
    expect(wa.pathname).toBe('/528123456789');
    const shared = wa.searchParams.get('text')!.match(/https?:\/\/\S+/)![0];
    expect(shared).toContain('/estado-de-cuenta?');

    const stranger = await browser.newContext();
    const publicPage = await stranger.newPage();
    await publicPage.goto(shared);
    await expect(publicPage.getByRole('heading', { level: 1, name: 'Estado de cuenta' })).toBeVisible();
    await expect(publicPage.getByText(clientFullName(client)!)).toBeVisible();
    await expect(publicPage.getByTestId('statement-closing')).toHaveText('Saldo final: $0.00');
    await expect(publicPage.getByRole('navigation')).toHaveCount(0);
    // The customer sees what each line is, not the staff's note.
    await expect(publicPage.getByTestId('statement-table').getByText(/^Abono a remisión #\d+ · Tarjeta$/)).toHaveCount(
      2,
    );
    await expect(publicPage.getByText('moroso')).toHaveCount(0);
    await expect(publicPage.getByText(/^Enlace válido hasta el /)).toBeVisible();
    const other = new URL(shared);
    other.searchParams.set('link', String(Number(other.searchParams.get('link')) + 1000));
    await publicPage.goto(other.toString());
    await expect(publicPage.getByRole('alert')).toContainText('No se puede abrir este estado de cuenta.');
    await expect(publicPage.getByRole('alert')).toContainText('El enlace no es válido.');

    // 'Revocar enlace' on the client's page: the link stops opening the statement.
    const links = page.getByRole('region', { name: 'Enlaces compartidos' });
    const link = links.getByTestId('statement-link');
    await expect(link).toHaveCount(1);
    await expect(link.getByText('Vigente')).toBeVisible();
    await link.getByRole('button', { name: /Revocar enlace/ }).click();
    await expect(page.getByText('Enlace revocado: ya no abre el estado de cuenta.')).toBeVisible();
    await expect(link.getByText('Revocado', { exact: true })).toBeVisible();
    await expect(link.getByRole('button', { name: /Revocar enlace/ })).toHaveCount(0);
    await publicPage.goto(shared);
    await expect(publicPage.getByRole('alert')).toContainText('Este enlace fue revocado; pide al negocio uno nuevo.');
    await stranger.close();
  });

  test('the receivables report lists the client by age of the debt and downloads as CSV', async ({ page, seed }) => {
    const client = await clientOwing(seed, [
      { amount: 20, daysAgo: 45 },
      { amount: 10.5, daysAgo: 1 },
    ]);
    const name = clientFullName(client)!;
    await page.goto('/reports');
    const table = page.getByRole('table', { name: 'Cuentas por cobrar' });
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell')).toHaveText([name, '$30.50', '$20.00', '$10.50', '$20.00', '$0.00', '$0.00']);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar CSV', exact: true }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFCliente,Saldo,Vencido,0–30 días,31–60 días,61–90 días,Más de 90 días');
    expect(csv).toContain(`${name},30.50,20.00,10.50,20.00,0.00,0.00\r\n`);
  });
});
