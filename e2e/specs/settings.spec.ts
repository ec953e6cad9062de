import { createServer, type Server, type Socket } from 'node:net';
import { expect, test, unique, uniqueBarcode } from '../fixtures';
import { type OwnServer, startOwnServer } from '../support/own-server';

// 'Configuración' (issue 32, part 5): an Admin types the shop's name and public address, saves,
// and the printed ticket and the statement's WhatsApp link use them; the shared statement fits a
// 390 px phone. A server of its own: a thermal printer (a local TCP listener) and no public
// address at first, and the settings it changes are seen by no other spec.

const PUBLIC = 'https://tlapaleria-e2e.example.mx';

/** The bytes a thermal printer gets for this text (PC850: á is 0xa0, é 0x82…). */
const cp850 = (text: string) =>
  Buffer.from(
    text.replace(/[áéíóúñ]/g, (c) => String.fromCharCode({ á: 0xa0, é: 0x82, í: 0xa1, ó: 0xa2, ú: 0xa3, ñ: 0xa4 }[c]!)),
    'latin1',
  );

test.describe('the shop’s settings', () => {
  let printer: Server;
  let received: Buffer[];
  let server: OwnServer;
  const admin = { email: `duena.${unique()}@e2e.mx`, password: 'candado-verde-2026' };

  test.beforeAll(async () => {
    received = [];
    printer = createServer((socket: Socket) => socket.on('data', (chunk: Buffer) => received.push(chunk)));
    await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
    const address = printer.address();
    if (!address || typeof address === 'string') throw new Error('El listener no tiene puerto.');
    server = await startOwnServer('settings', admin, {
      PRINTER_URL: `tcp://127.0.0.1:${address.port}`,
      BUSINESS_NAME: 'Nombre de arranque',
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => (printer ? printer.close(() => resolve()) : resolve()));
  });

  test('the Admin sets the name and the public address; the ticket and the WhatsApp link use them; the statement fits a phone', async ({
    page,
    browser,
  }) => {
    const id = unique();
    const name = `Tlapalería Don Chuy ${id}`;
    const seed = await server.seedAs();
    const nails = await seed.product({ name: `Clavos ${id}`, price: 37.5, barcode: uniqueBarcode(), stock: 50 });
    const client = await seed.client({ firstName: `Lupita ${id}`, lastName: 'Garza', phone: '81 2345 6789' });
    await seed.receipt({
      clientId: client.id,
      paymentMode: 'Credit',
      items: [{ productId: nails.id, quantity: 3, price: 1234.5 }],
      printReceipt: false,
    });
    // The Admin's drawer is open: the counter goes straight to 'Cobrar'.
    await seed.post('/cash/open', { openingFloat: 0 });
    await seed.dispose();

    await server.signIn(page);

    // Without a public address, sharing says what to set and where, and takes the Admin there.
    await page.goto(`${server.url}/clients/${client.id}`);
    await page.getByRole('button', { name: 'Compartir por WhatsApp' }).click();
    const missing = page.getByRole('dialog', { name: 'Falta la dirección pública' });
    await expect(missing.getByText(/Configuración › Tickets y enlaces › Dirección pública/)).toBeVisible();
    await missing.getByRole('link', { name: 'Ir a Configuración' }).click();
    await expect(page).toHaveURL(/\/configuracion$/);

    // Configuración: the name and the public address, typed as a person does.
    await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
    const business = page.getByRole('region', { name: 'Negocio' });
    const nameField = business.getByRole('textbox', { name: 'Nombre del negocio' });
    await expect(nameField).toHaveValue('Nombre de arranque');
    await nameField.fill('');
    await nameField.pressSequentially(name);
    await business.getByRole('textbox', { name: 'RFC' }).pressSequentially('tdc0101019z8');
    const links = page.getByRole('region', { name: 'Tickets y enlaces' });
    const address = links.getByRole('textbox', { name: 'Dirección pública' });
    // A bad address first: the contract's message, nothing saved.
    await address.pressSequentially('http://localhost:3000');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(links.getByText(/no puede ser localhost ni 127\.0\.0\.1/)).toBeVisible();
    await address.fill('');
    await address.pressSequentially(`${PUBLIC}/`);
    await page
      .getByRole('region', { name: 'Caja' })
      .getByRole('switch', { name: 'Conteo a ciegas al cerrar la caja' })
      .click();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Configuración guardada.')).toBeVisible();
    await expect(address).toHaveValue(PUBLIC);
    await expect(business.getByRole('textbox', { name: 'RFC' })).toHaveValue('TDC0101019Z8');

    // Saved in the database: a reload shows it.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Nombre del negocio' })).toHaveValue(name);
    await expect(page.getByRole('switch', { name: 'Conteo a ciegas al cerrar la caja' })).toBeChecked();

    // A cash sale at the counter: the ticket the printer gets carries the name, Recibido and Cambio.
    await page.goto(`${server.url}/vender`);
    await expect(page.getByRole('textbox', { name: 'Código' })).toBeFocused();
    await page.keyboard.type(nails.barcode!, { delay: 10 });
    await page.keyboard.press('Enter');
    await page.keyboard.press('F12');
    const pay = page.getByRole('dialog', { name: 'Cobrar' });
    await expect(pay.getByLabel('Recibido')).toBeFocused();
    await page.keyboard.type('50');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('last-sale')).toBeVisible();
    const printed = () => Buffer.concat(received);
    // The name in double size: 21 columns, so the id goes on a line of its own.
    await expect.poll(() => printed().includes(cp850('Tlapalería Don Chuy\n')), { timeout: 10_000 }).toBe(true);
    expect(printed().includes(Buffer.from(`${id}\n`))).toBe(true);
    expect(printed().includes(Buffer.from('RFC TDC0101019Z8'))).toBe(true);
    expect(printed().includes(Buffer.from(`Recibido${' '.repeat(42 - 8 - 6)}$50.00`))).toBe(true);
    expect(printed().includes(Buffer.from(`Cambio${' '.repeat(42 - 6 - 6)}$12.50`))).toBe(true);
    expect(printed().includes(Buffer.from('Nombre de arranque'))).toBe(false);

    // The statement's WhatsApp link starts with the public address.
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
    await page.goto(`${server.url}/clients/${client.id}`);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Compartir por WhatsApp' }).click(),
    ]);
    await popup.waitForURL(/^https:\/\/wa\.me\//);
    const shared = new URL(popup.url()).searchParams.get('text')!.match(/https?:\/\/\S+/)![0];
    expect(shared.startsWith(`${PUBLIC}/estado-de-cuenta?link=`)).toBe(true);

    // On the client's phone (390 px): the public address stands for this server.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await phone.route(`${PUBLIC}/**`, async (route) => {
      const url = route.request().url().replace(PUBLIC, server.url);
      await route.fulfill({ response: await route.fetch({ url }) });
    });
    const statement = await phone.newPage();
    await statement.goto(shared);
    await expect(statement.getByRole('heading', { level: 1, name: 'Estado de cuenta' })).toBeVisible();
    await expect(statement.getByTestId('shared-statement-shop').getByText(name)).toBeVisible();
    await expect(statement.getByText(`Lupita ${id} Garza`)).toBeVisible();
    const closing = statement.getByTestId('statement-closing');
    await expect(closing).toHaveText('Saldo final: $3,703.50');
    await expect(closing).toBeInViewport();
    const table = statement.getByTestId('statement-table');
    for (const amount of await table.getByText('$3,703.50').all()) await expect(amount).toBeInViewport();
    expect(await statement.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await statement.screenshot({ path: test.info().outputPath('estado-de-cuenta-390.png'), fullPage: true });
    await phone.close();
  });
});
