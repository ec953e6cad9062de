// A formula planted through the API by the least trusted role comes out of every CSV export as
// text: a Seller registers a client whose name, surname, phone and address are spreadsheet
// formulas and sells to them; a Manager exports the clients and the receipts; each of those cells
// starts with an apostrophe and no cell of either file would run. The .xlsx keeps the text as a
// string cell.
import { businessNowLocalTimestamp, businessToday, type Client } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { postReceipt, seedProduct } from '../helpers/factories.js';
import { FORMULAS, liveCells, readCsv, readXlsx } from '../helpers/spreadsheets.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const [hyperlink, command, sum] = FORMULAS;
const DDE = "-2+3+cmd|' /C calc'!A0";

describe('a formula planted by a Seller, exported', () => {
  let client: Client;

  beforeAll(async () => {
    const registered = await t.injectAs('Seller', {
      method: 'POST',
      url: '/api/client/register',
      payload: { firstName: hyperlink, lastName: sum, phone: command, address: DDE },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    client = registered.json<Client>();
    const product = await seedProduct(t.testDb.database.db, { name: 'Refresco', price: 18 });
    const sale = await postReceipt(
      t,
      {
        paymentMode: 'Cash',
        clientId: client.id,
        date: businessNowLocalTimestamp(Date.now()),
        items: [{ productId: product.id, quantity: 1, price: 18 }],
      },
      { role: 'Seller' },
    );
    expect(sale.statusCode, sale.body).toBe(201);
  });

  const exportToday = async (dataset: string, format = 'csv') => {
    const today = businessToday();
    const response = await t.injectAs('Manager', {
      method: 'GET',
      url: `/api/export?dataset=${dataset}&format=${format}&from=${today}&to=${today}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('the clients CSV writes each planted cell behind an apostrophe', async () => {
    const rows = readCsv((await exportToday('clients')).body);
    const row = rows.find((cells) => cells[0] === `'${hyperlink}`);
    expect(row?.slice(0, 5)).toEqual([`'${hyperlink}`, `'${sum}`, `'${command}`, '', `'${DDE}`]);
    expect(liveCells(rows)).toEqual([]);
  });

  it("the receipts CSV writes the client's name behind an apostrophe", async () => {
    const rows = readCsv((await exportToday('receipts')).body);
    expect(rows.filter((cells) => cells[4]?.includes('HYPERLINK')).map((cells) => cells[4])).toEqual([
      `'${hyperlink} ${sum}`,
    ]);
    expect(liveCells(rows)).toEqual([]);
  });

  it('the Excel workbook holds the same texts as plain string cells', async () => {
    const rows = await readXlsx((await exportToday('clients', 'xlsx')).rawPayload);
    expect(rows.find((cells) => cells[0] === hyperlink)?.slice(0, 3)).toEqual([hyperlink, sum, command]);
  });
});
