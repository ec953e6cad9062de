import {
  PUBLIC_URL_LOOPBACK,
  PUBLIC_URL_MESSAGE,
  type PublicStatement,
  RFC_MESSAGE,
  SETTINGS_MESSAGES,
  type ShopSettings,
} from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.js';
import { transactionRunnerFor } from '../src/db/transactions.js';
import { createSettingsService } from '../src/modules/settings/index.js';
import { createTestApp, type TestApp, testConfig } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { createReceipt, PNG_LOGO, saveSettings, seedClient, seedProduct } from './helpers/factories.js';
import { pdfText } from './helpers/pdf.js';

// The shop's settings: the environment's first-start defaults, an Admin's save, who may save,
// the messages of bad input, the copy kept in memory, and the identity every document prints.

const ENV = {
  BUSINESS_NAME: 'Abarrotes La Güera',
  BUSINESS_DETAILS: 'Av. Juárez 12|Centro, Monterrey',
  RECEIPT_FOOTER: '¡Vuelva pronto!',
  PUBLIC_URL: 'https://tienda.example.mx/',
  CASH_REQUIRES_SHIFT: 'true',
  BLIND_COUNT: 'true',
  SELLER_RETURN_LIMIT: '150.50',
  OPEN_PRICE_FLOOR: '10',
};

const FROM_ENV: ShopSettings = {
  businessName: 'Abarrotes La Güera',
  address: 'Av. Juárez 12\nCentro, Monterrey',
  phone: '',
  rfc: '',
  ticketFooter: '¡Vuelva pronto!',
  logo: null,
  publicUrl: 'https://tienda.example.mx',
  cashRequiresShift: true,
  blindCount: true,
  sellerReturnLimit: 150.5,
  openPriceFloor: 10,
};

const get = (t: TestApp, role: 'Admin' | 'Manager' | 'Seller' = 'Seller') =>
  t.injectAs(role, { method: 'GET', url: '/api/settings' });
const put = (t: TestApp, payload: unknown, role: 'Admin' | 'Manager' | 'Seller' = 'Admin') =>
  t.injectAs(role, { method: 'PUT', url: '/api/settings', payload: payload as object });
const settingsRow = (t: TestApp) =>
  t.testDb.database.db.selectFrom('shopSettings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

describe('defaults', () => {
  it("are the environment's until the shop saves them, for every signed-in role", async () => {
    const t = await createTestApp(ENV);
    try {
      for (const role of ['Admin', 'Manager', 'Seller'] as const) {
        const response = await get(t, role);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual(FROM_ENV);
      }
      expect(await t.app.services.settings.current()).toEqual(FROM_ENV);
      // Nothing was saved: every column is still null.
      expect(await settingsRow(t)).toMatchObject({ businessName: null, publicUrl: null, blindCount: null, version: 0 });
    } finally {
      await t.close();
    }
  });

  it('without the environment: the name Mostrador, the usual footer, no public address, every rule off', async () => {
    const t = await createTestApp();
    try {
      expect((await get(t)).json()).toEqual({
        businessName: 'Mostrador',
        address: '',
        phone: '',
        rfc: '',
        ticketFooter: '¡Gracias por su compra!',
        logo: null,
        publicUrl: null,
        cashRequiresShift: false,
        blindCount: false,
        sellerReturnLimit: 0,
        openPriceFloor: 0,
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('refuses to start with a public address that is not one, or a flag that is not true or false', () => {
    expect(() => testConfig({ PUBLIC_URL: 'tienda.mx' })).toThrow(ConfigError);
    expect(() => testConfig({ PUBLIC_URL: 'ftp://tienda.mx' })).toThrow(`PUBLIC_URL: ${PUBLIC_URL_MESSAGE}`);
    // This machine's own address, on purpose (a test run): taken, unlike on the settings screen.
    expect(testConfig({ PUBLIC_URL: 'http://127.0.0.1:3902/' }).PUBLIC_URL).toBe('http://127.0.0.1:3902');
    expect(() => testConfig({ CASH_REQUIRES_SHIFT: 'sí' })).toThrow('CASH_REQUIRES_SHIFT: debe ser true o false');
    expect(() => testConfig({ SELLER_RETURN_LIMIT: '-5' })).toThrow('SELLER_RETURN_LIMIT');
    expect(testConfig({ BLIND_COUNT: 'TRUE', OPEN_PRICE_FLOOR: '12.5' })).toMatchObject({
      BLIND_COUNT: true,
      OPEN_PRICE_FLOOR: 12.5,
      CASH_REQUIRES_SHIFT: false,
    });
  });
});

describe('saving', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ENV);
  });
  afterAll(() => t.close());

  it('an Admin saves what they send, the rest keeps its value, and every role and the service read it at once', async () => {
    // Read first, so the copy in memory is the old one.
    expect((await t.app.services.settings.current()).businessName).toBe('Abarrotes La Güera');
    const saved = await saveSettings(t, {
      businessName: '  Papelería Ñandú ',
      phone: '81 1234-5678',
      rfc: 'gue-a800101ab1',
      publicUrl: 'https://nandu.mx/',
      cashRequiresShift: false,
      sellerReturnLimit: 200.25,
    });
    const expected: ShopSettings = {
      ...FROM_ENV,
      businessName: 'Papelería Ñandú',
      phone: '81 1234-5678',
      rfc: 'GUEA800101AB1',
      publicUrl: 'https://nandu.mx',
      cashRequiresShift: false,
      sellerReturnLimit: 200.25,
    };
    expect(saved).toEqual(expected);
    expect((await get(t, 'Manager')).json()).toEqual(expected);
    expect(await t.app.services.settings.current()).toEqual(expected);
    expect(await settingsRow(t)).toMatchObject({
      businessName: 'Papelería Ñandú',
      sellerReturnLimitCents: 20_025,
      cashRequiresShift: 0,
      // Never saved: the environment's value still applies.
      blindCount: null,
      openPriceFloorCents: null,
      version: 1,
    });

    // Emptied: the address prints nothing, the public address is gone (not the environment's).
    const cleared = await saveSettings(t, { address: '', publicUrl: null, blindCount: false });
    expect(cleared).toMatchObject({ address: '', publicUrl: null, blindCount: false, businessName: 'Papelería Ñandú' });
    expect(await t.app.services.settings.current()).toEqual(cleared);
  });

  it('is 403 for a Manager and a Seller, and changes nothing', async () => {
    const before = await settingsRow(t);
    for (const role of ['Manager', 'Seller'] as const) {
      const response = await put(t, { businessName: 'Tomada' }, role);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'FORBIDDEN', message: expect.any(String) });
    }
    expect(await settingsRow(t)).toEqual(before);
    expect((await get(t)).json<ShopSettings>().businessName).not.toBe('Tomada');
  });

  it('refuses bad input with a Spanish message that says what to fix, and writes nothing', async () => {
    const before = await settingsRow(t);
    const cases: Array<[object, string]> = [
      [{ businessName: '   ' }, SETTINGS_MESSAGES.businessNameRequired],
      [{ rfc: 'ABC123' }, RFC_MESSAGE],
      [{ rfc: 'GUEA801301AB1' }, RFC_MESSAGE],
      [{ phone: 'llámame' }, SETTINGS_MESSAGES.phone],
      [{ publicUrl: 'http://localhost:3000' }, PUBLIC_URL_LOOPBACK],
      [{ publicUrl: 'http://127.0.0.1:3902/' }, PUBLIC_URL_LOOPBACK],
      [{ publicUrl: 'tienda.mx' }, PUBLIC_URL_MESSAGE],
      [{ publicUrl: 'https://tienda.mx/?a=1' }, PUBLIC_URL_MESSAGE],
      [
        { sellerReturnLimit: -1 },
        'El límite de devoluciones del vendedor debe ser un número de pesos entre 0 y 1,000,000, con hasta 2 decimales.',
      ],
      [
        { openPriceFloor: 10.005 },
        'El precio mínimo sin supervisor debe ser un número de pesos entre 0 y 1,000,000, con hasta 2 decimales.',
      ],
      [{ cashRequiresShift: 'true' }, 'Exigir caja abierta debe ser sí o no.'],
      [{ logo: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }, SETTINGS_MESSAGES.logo],
      // JPEG bytes called a PNG: the first bytes decide.
      [{ logo: 'data:image/png;base64,/9j/4AAQSkZJRgABAQAAAQABAAD' }, SETTINGS_MESSAGES.logo],
      [{ logo: `data:image/png;base64,iVBORw0KGgo${'A'.repeat(350_000)}` }, SETTINGS_MESSAGES.logoTooLarge],
    ];
    for (const [body, message] of cases) {
      const response = await put(t, body);
      expect([JSON.stringify(body).slice(0, 60), response.statusCode, response.json().message]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        expect.stringContaining(message),
      ]);
    }
    const unknown = await put(t, { businessName: 'Otra', colorFavorito: 'azul' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(await settingsRow(t)).toEqual(before);
  });

  it('keeps a logo in the database, serves it without signing in, and replaces or removes it', async () => {
    const saved = await saveSettings(t, { logo: PNG_LOGO });
    expect(saved.logo).toMatch(/^\/api\/settings\/logo\?v=\d+$/);
    const served = await t.app.inject({ method: 'GET', url: saved.logo! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(Buffer.from(PNG_LOGO.split(',')[1]!, 'base64'));

    // Saving something else keeps it, under a new address (a browser fetches it again).
    const renamed = await saveSettings(t, { ticketFooter: 'Gracias' });
    expect(renamed.logo).not.toBe(saved.logo);
    expect((await t.app.inject({ method: 'GET', url: renamed.logo! })).statusCode).toBe(200);

    const removed = await saveSettings(t, { logo: null });
    expect(removed.logo).toBeNull();
    const gone = await t.app.inject({ method: 'GET', url: '/api/settings/logo' });
    expect(gone.json()).toEqual(errorBody('El negocio no tiene logotipo.', 'NOT_FOUND'));
  });
});

describe('the copy in memory', () => {
  it('is read once, kept while fresh, and replaced by a save at once', async () => {
    const t = await createTestApp({ BUSINESS_NAME: 'Antes' });
    try {
      const { database } = t.testDb;
      let now = 0;
      const service = createSettingsService({
        db: database.db,
        dialect: database.dialect,
        transact: transactionRunnerFor(database),
        clock: Date.now,
        config: t.config,
        maxAgeMs: 1000,
        monotonic: () => now,
      });
      expect((await service.current()).businessName).toBe('Antes');
      // Another process saves (straight to the database): unseen while the copy is fresh…
      await database.db.updateTable('shopSettings').set({ businessName: 'Otro proceso', version: 7 }).execute();
      now = 999;
      expect((await service.current()).businessName).toBe('Antes');
      // …and read again once it is not: the stale copy answers meanwhile (a sale never waits for it).
      now = 1000;
      expect((await service.current()).businessName).toBe('Antes');
      await expect.poll(async () => (await service.current()).businessName).toBe('Otro proceso');
      // A save of its own is kept at once, with the version after the other process's.
      const saved = await service.update(
        { businessName: 'Guardado aquí' },
        { id: (await t.sessionAs('Admin')).user.id, name: 'Admin' },
      );
      expect(saved.businessName).toBe('Guardado aquí');
      expect((await service.current()).businessName).toBe('Guardado aquí');
      expect((await settingsRow(t)).version).toBe(8);
      // Inside a transaction the read goes through it.
      now = 5000;
      const inside = await transactionRunnerFor(database)((trx) => service.current(trx));
      expect(inside.businessName).toBe('Guardado aquí');
    } finally {
      await t.close();
    }
  });
});

describe('the identity every document prints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BUSINESS_NAME: 'Nombre de arranque' });
    await saveSettings(t, {
      businessName: 'Ferretería El Tornillo',
      address: 'Calle Hidalgo 45\nCol. Centro, Saltillo',
      phone: '844 123 4567',
      rfc: 'FET010101AB1',
      ticketFooter: 'Cambios con ticket',
      logo: PNG_LOGO,
    });
  });
  afterAll(() => t.close());

  const IDENTITY = [
    'Ferretería El Tornillo',
    'Calle Hidalgo 45',
    'Col. Centro, Saltillo',
    'Tel. 844 123 4567',
    'RFC FET010101AB1',
  ];

  it('on the receipt PDF (with the footer), the cut PDF and the statement PDFs; never the first-start name', async () => {
    const db = t.testDb.database.db;
    const product = await seedProduct(db, { name: 'Tornillo', stock: 100 });
    const client = await seedClient(db, { firstName: 'Rosa', creditDays: 15 });
    const receipt = await createReceipt(t, {
      paymentMode: 'Credit',
      clientId: client.id,
      date: '2026-11-21T10:00:00',
      items: [{ productId: product.id, quantity: 2, price: 12.5 }],
    });
    const receiptPdf = await t.injectAs('Manager', { method: 'GET', url: `/api/receipt/pdf/${receipt.id}` });
    expect(receiptPdf.statusCode).toBe(200);
    const cut = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/reports/generate',
      payload: { date: '2026-11-21' },
    });
    expect(cut.statusCode, cut.body).toBe(201);
    const cutPdf = await t.injectAs('Manager', { method: 'GET', url: `/api/reports/pdf/${cut.json().id}` });
    const roll = await t.injectAs('Manager', { method: 'GET', url: `/api/client/statementPdf/${client.id}?paper=80` });
    const letter = await t.injectAs('Manager', {
      method: 'GET',
      url: `/api/client/statementPdf/${client.id}?paper=letter`,
    });
    for (const [name, response] of [
      ['receipt', receiptPdf],
      ['cut', cutPdf],
      ['statement 80', roll],
      ['statement letter', letter],
    ] as const) {
      expect([name, response.statusCode]).toEqual([name, 200]);
      const text = pdfText(response.rawPayload);
      for (const line of IDENTITY) expect([name, text]).toEqual([name, expect.stringContaining(line)]);
      expect(text).not.toContain('Nombre de arranque');
    }
    const receiptText = pdfText(receiptPdf.rawPayload);
    expect(receiptText).toContain('Cambios con ticket');
    // The credit ticket: its due day (the sale's day plus 15 days) and the promissory line.
    expect(receiptText).toContain('Vence 06/12/2026');
    expect(receiptText).toContain(
      'Debo y pagaré a Ferretería El Tornillo la cantidad de $25.00 a más tardar el 06/12/2026.',
    );
    expect(receiptText).toContain('Firma: Rosa López');
  });

  it('on the public statement, and its shared link at the public address (none without one)', async () => {
    const client = await seedClient(t.testDb.database.db, { firstName: 'Lupe' });
    const share = () =>
      t.injectAs('Manager', { method: 'POST', url: `/api/client/statementLink/${client.id}`, payload: {} });

    const withoutAddress = await share();
    expect(withoutAddress.statusCode, withoutAddress.body).toBe(200);
    expect(withoutAddress.json()).toMatchObject({ url: null, path: expect.stringMatching(/^\/estado-de-cuenta\?/) });

    await saveSettings(t, { publicUrl: 'https://tornillo.mx/' });
    const link = (await share()).json<{ path: string; url: string }>();
    expect(link.url).toBe(`https://tornillo.mx${link.path}`);

    const shared = await t.app.inject({ method: 'GET', url: `/api/public/statement?${link.path.split('?')[1]}` });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json<PublicStatement>().business).toEqual({
      businessName: 'Ferretería El Tornillo',
      address: 'Calle Hidalgo 45\nCol. Centro, Saltillo',
      phone: '844 123 4567',
      rfc: 'FET010101AB1',
      logo: expect.stringMatching(/^\/api\/settings\/logo\?v=\d+$/),
    });
  });
});
