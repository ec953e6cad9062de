// A client's fiscal data (issue 33): RFC, razón social, régimen fiscal, C.P. fiscal, uso de CFDI
// and the invoices' e-mail, through register, edit, list, details and the spreadsheets.
import {
  businessToday,
  type Client,
  type ClientDetails,
  CONTROL_CHARACTERS,
  RFC_MESSAGES,
  TAX_MESSAGES,
} from '@mostrador/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { csv, liveCells, readCsv, readXlsx, upload } from './helpers/spreadsheets.js';

let t: TestApp;
let db: Kysely<DB>;
beforeAll(async () => {
  t = await createTestApp();
  db = t.testDb.database.db;
});
afterAll(() => t.close());

type Role = 'Admin' | 'Manager' | 'Seller';
const post = (url: string, payload: object, role: Role = 'Admin') => t.injectAs(role, { method: 'POST', url, payload });
const get = (url: string, role: Role = 'Admin') => t.injectAs(role, { method: 'GET', url });

let seq = 0;
const surname = () => `Fiscal ${++seq}`;

async function register(fields: Record<string, unknown>, role: Role = 'Admin') {
  const response = await post('/api/client/register', { firstName: 'Cliente', lastName: surname(), ...fields }, role);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Client>();
}

const storedFiscal = (id: number) =>
  db
    .selectFrom('clients')
    .select(['rfc', 'legalName', 'taxRegime', 'taxZipCode', 'cfdiUse', 'invoiceEmail'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const countClients = async () =>
  Number(
    (
      await db
        .selectFrom('clients')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const MORAL = {
  rfc: ' eku-900317-3c9 ',
  legalName: '  Escuela Kemper   Urgate ',
  taxRegime: '601',
  taxZipCode: ' 26015 ',
  cfdiUse: 'g03',
  invoiceEmail: ' Facturas@Kemper.MX ',
};
const MORAL_STORED = {
  rfc: 'EKU9003173C9',
  legalName: 'ESCUELA KEMPER URGATE',
  taxRegime: '601',
  taxZipCode: '26015',
  cfdiUse: 'G03',
  invoiceEmail: 'facturas@kemper.mx',
};
const FISICA = {
  rfc: 'CACX7605101P8',
  legalName: 'Xochilt Casas Chavez',
  taxRegime: '612',
  taxZipCode: '36257',
  cfdiUse: 'D01',
  invoiceEmail: 'xochilt@correo.mx',
};
const NO_FISCAL = {
  rfc: null,
  legalName: null,
  taxRegime: null,
  taxZipCode: null,
  cfdiUse: null,
  invoiceEmail: null,
};

describe('registering a client with fiscal data', () => {
  it('stores and answers a persona moral’s and a persona física’s, normalised', async () => {
    const moral = await register(MORAL);
    expect(moral).toMatchObject(MORAL_STORED);
    expect(await storedFiscal(moral.id)).toEqual(MORAL_STORED);

    const fisica = await register(FISICA);
    expect(fisica).toMatchObject({ ...FISICA, legalName: 'XOCHILT CASAS CHAVEZ' });

    const list = (await get('/api/client/list')).json<{ clients: Client[] }>().clients;
    expect(list.find((c) => c.id === moral.id)).toMatchObject(MORAL_STORED);
    const details = (await get(`/api/client/details/${fisica.id}`)).json<ClientDetails>();
    expect(details).toMatchObject({ rfc: 'CACX7605101P8', legalName: 'XOCHILT CASAS CHAVEZ', taxRegime: '612' });
  });

  it('answers null for what was left out or blank', async () => {
    const client = await register({ rfc: '', taxRegime: '  ', cfdiUse: '' });
    expect(client).toMatchObject(NO_FISCAL);
    expect(await storedFiscal(client.id)).toEqual(NO_FISCAL);
  });

  it('accepts the generic RFCs with any régimen', async () => {
    const general = await register({ rfc: 'XAXX010101000', legalName: 'Público en general', taxRegime: '616' });
    expect(general).toMatchObject({ rfc: 'XAXX010101000', legalName: 'PÚBLICO EN GENERAL', taxRegime: '616' });
    const foreign = await register({ rfc: 'xexx010101000' });
    expect(foreign.rfc).toBe('XEXX010101000');
  });

  it('lets a Seller give the fiscal data, still without credit terms', async () => {
    const client = await register(FISICA, 'Seller');
    expect(client).toMatchObject({ rfc: 'CACX7605101P8', taxRegime: '612', cfdiUse: 'D01' });
    expect(client).not.toHaveProperty('creditLimit');
    const withTerms = await post(
      '/api/client/register',
      { firstName: 'A', lastName: 'B', ...FISICA, creditDays: 5 },
      'Seller',
    );
    expect(withTerms.statusCode).toBe(403);
  });

  it.each([
    ['a wrong check digit', { rfc: 'EKU9003173C8' }, RFC_MESSAGES.checkDigit],
    ['a malformed RFC', { rfc: 'EKU90031' }, RFC_MESSAGES.format],
    ['a moral régimen for a persona física', { rfc: 'CACX7605101P8', taxRegime: '601' }, TAX_MESSAGES.taxRegimePerson],
    ['a física régimen for a persona moral', { rfc: 'EKU9003173C9', taxRegime: '612' }, TAX_MESSAGES.taxRegimePerson],
    ['a régimen not in the catalogue', { taxRegime: '999' }, TAX_MESSAGES.taxRegime],
    ['a uso de CFDI not in the catalogue', { cfdiUse: 'G99' }, TAX_MESSAGES.cfdiUse],
    ['a postal code of 4 digits', { taxZipCode: '6400' }, TAX_MESSAGES.zipCode],
    ['a bad invoice e-mail', { invoiceEmail: 'facturas' }, TAX_MESSAGES.invoiceEmail],
    ['a razón social with a control character', { legalName: 'ACME\u0007' }, CONTROL_CHARACTERS],
  ])('refuses %s with 400 and its Spanish message, writing nothing', async (_case, fields, message) => {
    const before = await countClients();
    const response = await post('/api/client/register', { firstName: 'Mal', lastName: 'Dato', ...fields }, 'Seller');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody(message, 'VALIDATION_ERROR'));
    expect(await countClients()).toBe(before);
  });

  it('says the régimen does not suit the RFC in those words', async () => {
    const response = await post('/api/client/register', {
      firstName: 'A',
      lastName: 'B',
      rfc: 'CACX7605101P8',
      taxRegime: '601',
    });
    expect(response.json().message).toMatch(/^El régimen fiscal no corresponde/);
  });
});

describe('editing a client’s fiscal data', () => {
  /** An edit keeps the name (an import of the export later matches every client by it). */
  const named = ({ id, firstName, lastName }: Client) => ({ id, firstName, lastName });

  it('keeps the fiscal fields an edit leaves out', async () => {
    const client = await register(MORAL);
    const response = await post('/api/client/edit', { ...named(client), phone: '8112345678' }, 'Manager');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ...MORAL_STORED, phone: '8112345678' });
    expect(await storedFiscal(client.id)).toEqual(MORAL_STORED);
  });

  it('clears the ones sent blank and changes the ones sent', async () => {
    const client = await register(MORAL);
    const response = await post('/api/client/edit', {
      ...named(client),
      rfc: '',
      legalName: ' ',
      taxRegime: '',
      taxZipCode: '',
      cfdiUse: 'S01',
      invoiceEmail: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedFiscal(client.id)).toEqual({ ...NO_FISCAL, cfdiUse: 'S01' });
  });

  it('holds an RFC sent alone against the stored régimen, and a régimen against the stored RFC', async () => {
    const client = await register(MORAL);
    const rfcAlone = await post('/api/client/edit', { ...named(client), rfc: 'CACX7605101P8' });
    expect(rfcAlone.statusCode).toBe(400);
    expect(rfcAlone.json()).toEqual(errorBody(TAX_MESSAGES.taxRegimePerson, 'VALIDATION_ERROR'));
    const regimeAlone = await post('/api/client/edit', { ...named(client), taxRegime: '612' });
    expect(regimeAlone.statusCode).toBe(400);
    expect(regimeAlone.json().message).toBe(TAX_MESSAGES.taxRegimePerson);
    expect(await storedFiscal(client.id)).toEqual(MORAL_STORED);

    // Another régimen open to personas morales, and the RFC changed with its régimen cleared.
    expect((await post('/api/client/edit', { ...named(client), taxRegime: '603' })).statusCode).toBe(200);
    const both = await post('/api/client/edit', { ...named(client), rfc: 'CACX7605101P8', taxRegime: '' });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({ rfc: 'CACX7605101P8', taxRegime: null, legalName: 'ESCUELA KEMPER URGATE' });
  });

  it('answers 404 for an unknown client sending an RFC alone', async () => {
    const response = await post('/api/client/edit', { id: 999999, firstName: 'A', lastName: 'B', rfc: 'EKU9003173C9' });
    expect(response.statusCode).toBe(404);
  });
});

describe('the fiscal data in the spreadsheets', () => {
  const HEADER = ['RFC', 'Razón social', 'Régimen fiscal', 'C.P. fiscal', 'Uso CFDI', 'Correo para facturas'];
  const exportToday = async (format: 'csv' | 'xlsx' = 'csv') => {
    const today = businessToday();
    const response = await get(`/api/export?dataset=clients&format=${format}&from=${today}&to=${today}`, 'Manager');
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('an import reads the Spanish columns (keys written with their names too), an export writes them back the same', async () => {
    const [a, b] = [surname(), surname()];
    const file = csv([
      ['Nombre', 'Apellido', ...HEADER],
      [
        'Ana',
        a,
        'eku9003173c9',
        'Escuela Kemper Urgate',
        '601 - General de Ley Personas Morales',
        '26015',
        'G03',
        'f@k.mx',
      ],
      // A formula-like razón social comes back out of the CSV as text.
      ['Beto', b, 'CACX7605101P8', '=HYPERLINK("http://x")', '612', '01000', 'D01 Honorarios médicos', ''],
    ]);
    const imported = await upload(t, 'commit', 'clients', file);
    expect(imported.statusCode, imported.body).toBe(200);

    const rows = readCsv((await exportToday()).body);
    expect(rows[0]).toEqual(['nombre', 'apellido', 'teléfono', 'correo', 'dirección', ...HEADER, 'activo', 'alta']);
    const fiscalOf = (last: string) => rows.find((r) => r[1] === last)?.slice(5, 11);
    expect(fiscalOf(a)).toEqual(['EKU9003173C9', 'ESCUELA KEMPER URGATE', '601', '26015', 'G03', 'f@k.mx']);
    expect(fiscalOf(b)).toEqual(['CACX7605101P8', `'=HYPERLINK("HTTP://X")`, '612', '01000', 'D01', '']);
    expect(liveCells(rows)).toEqual([]);

    const workbook = await readXlsx((await exportToday('xlsx')).rawPayload);
    expect(workbook.find((r) => r[1] === b)?.slice(5, 10)).toEqual([
      'CACX7605101P8',
      '=HYPERLINK("HTTP://X")',
      '612',
      '01000',
      'D01',
    ]);
  });

  it('an exported file imports back exactly', async () => {
    const moral = await register(MORAL);
    const fisica = await register({ ...FISICA, legalName: '=SUM(1)' });
    const expected = [await storedFiscal(moral.id), await storedFiscal(fisica.id)];
    const exported = (await exportToday()).body;

    // Emptied in the database: the import of the export gives every field back.
    await db.updateTable('clients').set(NO_FISCAL).where('id', 'in', [moral.id, fisica.id]).execute();
    const imported = await upload(t, 'commit', 'clients', Buffer.from(exported));
    expect(imported.statusCode, imported.body).toBe(200);
    expect([await storedFiscal(moral.id), await storedFiscal(fisica.id)]).toEqual(expected);
    expect(expected[1]!.legalName).toBe('=SUM(1)');

    // And the same from the workbook.
    const workbook = (await exportToday('xlsx')).rawPayload;
    await db.updateTable('clients').set(NO_FISCAL).where('id', 'in', [moral.id, fisica.id]).execute();
    const fromXlsx = await upload(t, 'commit', 'clients', workbook, { filename: 'clientes.xlsx' });
    expect(fromXlsx.statusCode, fromXlsx.body).toBe(200);
    expect([await storedFiscal(moral.id), await storedFiscal(fisica.id)]).toEqual(expected);
  });

  it('refuses a row whose régimen does not suit the RFC, its own or the stored one', async () => {
    const stored = await register(MORAL);
    const fresh = surname();
    const file = csv([
      ['Nombre', 'Apellido', 'RFC', 'Régimen fiscal'],
      ['Cliente', stored.lastName!, '', '612'],
      ['Cliente', fresh, 'EKU9003173C8', ''],
    ]);
    const preview = await upload(t, 'preview', 'clients', file);
    expect(preview.json().errors).toEqual([
      { row: 2, message: `Régimen fiscal: ${TAX_MESSAGES.taxRegimePerson}` },
      { row: 3, message: `RFC: ${RFC_MESSAGES.checkDigit}` },
    ]);
    expect((await upload(t, 'commit', 'clients', file)).statusCode).toBe(400);
    expect(await storedFiscal(stored.id)).toEqual(MORAL_STORED);
  });
});
