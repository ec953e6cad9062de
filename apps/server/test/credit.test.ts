import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  AddClientPaymentResponse,
  Client,
  ClientCredit,
  PublicStatement,
  Receivables,
  Statement,
  StatementLinkInfo,
  StatementLinkList,
} from '@mostrador/shared';
import { businessNowLocalTimestamp, businessToday } from '@mostrador/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { errorBody } from './helpers/errors.js';
import { postReceipt, seedClient, seedProduct, seedReceipt, TODAY_NOON } from './helpers/factories.js';

let t: TestApp;
const db = () => t.testDb.database.db;
const DAY = 24 * 60 * 60 * 1000;
/** The tests' now (TODAY_NOON, Saturday 2026-11-21 at noon in Monterrey): ages and expiries never depend on today. */
const NOW = Date.parse('2026-11-21T18:00:00Z');
const clock = { now: NOW };
let sellerId: number;
let managerId: number;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => clock.now });
  const [seller, manager] = await Promise.all([t.sessionAs('Seller'), t.sessionAs('Manager'), t.sessionAs('Admin')]);
  sellerId = seller.user.id;
  managerId = manager.user.id;
});
afterAll(() => t.close());

const daysAgo = (days: number) => NOW - days * DAY;

/** A Pending credit receipt of `totalCents`, `paidCents` of it paid, sold `age` days ago. */
async function owed(clientId: number, age: number, totalCents: number, paidCents = 0) {
  const product = await seedProduct(db());
  const date = daysAgo(age);
  return seedReceipt(db(), {
    userId: sellerId,
    clientId,
    date,
    items: [{ product, quantity: 1, priceCents: totalCents }],
    payments: paidCents ? [{ amountCents: paidCents, createdAt: date + 1000 }] : [],
  });
}

const get = <T>(url: string, role: 'Admin' | 'Manager' | 'Seller' = 'Manager') =>
  t.injectAs(role, { method: 'GET', url }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json<T>();
  });

const abono = (body: object, headers: Record<string, string> = {}) =>
  t.injectAs('Manager', { method: 'POST', url: '/api/client/addPayment', payload: body, headers });

const creditSale = (clientId: number, price: number, role: 'Seller' | 'Manager' | 'Admin' = 'Seller', extra = {}) =>
  seedProduct(db()).then((product) =>
    postReceipt(
      t,
      {
        paymentMode: 'Credit',
        clientId,
        // A Seller's sale is dated now, the tests' noon.
        date: role === 'Seller' ? businessNowLocalTimestamp(NOW) : TODAY_NOON,
        items: [{ productId: product.id, quantity: 1, price }],
        ...extra,
      },
      { role },
    ),
  );

describe('balance and overdue', () => {
  it('adds the Pending credit receipts; the part past the plazo is overdue', async () => {
    const client = await seedClient(db(), { firstName: 'Saldo', creditLimitCents: 50_000, creditDays: 30 });
    await owed(client.id, 40, 10_000, 2_500); // 75.00 overdue
    await owed(client.id, 30, 3_333); // exactly at the plazo: not overdue yet
    await owed(client.id, 1, 5_000, 1);
    const paid = await owed(client.id, 50, 9_999);
    await db().updateTable('receipts').set({ state: 'Paid' }).where('id', '=', paid.id).execute();
    const cancelled = await owed(client.id, 50, 7_000);
    await db().updateTable('receipts').set({ state: 'Cancelled' }).where('id', '=', cancelled.id).execute();

    expect(await get<ClientCredit>(`/api/client/credit/${client.id}`)).toEqual({
      clientId: client.id,
      creditLimit: 500,
      creditDays: 30,
      balance: 158.32,
      overdue: 75,
      available: 341.68,
    });
    // A Seller gets what a sale needs (the available credit and the plazo) and the saldo an abono
    // at the till needs; neither the limit nor the vencido.
    expect(await get<ClientCredit>(`/api/client/credit/${client.id}`, 'Seller')).toEqual({
      clientId: client.id,
      creditDays: 30,
      available: 341.68,
      balance: 158.32,
    });
    const { clients } = await get<{ clients: Client[] }>('/api/client/list');
    expect(clients.find((c) => c.id === client.id)).toMatchObject({ balance: 158.32, overdue: 75, creditLimit: 500 });
  });

  it('registers and edits the credit terms; an edit without them keeps them', async () => {
    const created = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/client/register',
      payload: { firstName: 'Plazo', lastName: 'Corto', creditLimit: 1500.5, creditDays: 15 },
    });
    expect(created.json()).toMatchObject({ creditLimit: 1500.5, creditDays: 15, balance: 0, overdue: 0 });
    const id = created.json<Client>().id;
    const edited = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/client/edit',
      payload: { id, firstName: 'Plazo', lastName: 'Largo' },
    });
    expect(edited.json()).toMatchObject({ lastName: 'Largo', creditLimit: 1500.5, creditDays: 15 });
    const cleared = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/client/edit',
      payload: { id, firstName: 'Plazo', lastName: 'Largo', creditLimit: null, creditDays: 0 },
    });
    expect(cleared.json()).toMatchObject({ creditLimit: null, creditDays: 0 });
    const bad = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/client/register',
      payload: { firstName: 'Mal', lastName: 'Plazo', creditDays: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('El plazo no puede ser negativo.');
  });
});

describe('credit limit', () => {
  it('refuses a sale over the limit; a Seller cannot authorise it, a Manager can and is recorded', async () => {
    const client = await seedClient(db(), { creditLimitCents: 10_000 });
    await owed(client.id, 3, 8_000);

    const refused = await creditSale(client.id, 30, 'Manager');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(
      errorBody('El cliente excede su límite de crédito (límite $100.00, saldo $80.00).', 'CONFLICT'),
    );
    // A Seller's sale over the limit needs a supervisor, asked for or not.
    for (const extra of [{}, { allowOverLimit: true }]) {
      const seller = await creditSale(client.id, 30, 'Seller', extra);
      expect(seller.json()).toEqual(
        errorBody(
          'El cliente excede su límite de crédito (límite $100.00, saldo $80.00): se necesita la autorización de un supervisor.',
          'SUPERVISOR_REQUIRED',
        ),
      );
      expect(seller.statusCode).toBe(403);
    }

    const upToTheLimit = await creditSale(client.id, 20);
    expect(upToTheLimit.statusCode).toBe(201);
    const authorised = await creditSale(client.id, 30, 'Manager', { allowOverLimit: true });
    expect(authorised.statusCode).toBe(201);
    const rows = await db()
      .selectFrom('receipts')
      .select(['id', 'overLimitAuthorizedBy'])
      .where('id', 'in', [upToTheLimit.json().id, authorised.json().id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.overLimitAuthorizedBy)).toEqual([null, managerId]);
    expect((await get<ClientCredit>(`/api/client/credit/${client.id}`)).balance).toBe(130);
  });

  it('a client without a limit and a cash sale are never refused', async () => {
    const client = await seedClient(db());
    await owed(client.id, 3, 1_000_000);
    expect((await creditSale(client.id, 5000)).statusCode).toBe(201);
    const limited = await seedClient(db(), { creditLimitCents: 100 });
    const product = await seedProduct(db());
    const cash = await postReceipt(t, {
      paymentMode: 'Cash',
      clientId: limited.id,
      date: TODAY_NOON,
      items: [{ productId: product.id, quantity: 1, price: 500 }],
    });
    expect(cash.statusCode).toBe(201);
  });

  it('twelve simultaneous credit sales never pass the limit together', async () => {
    const client = await seedClient(db(), { creditLimitCents: 10_000 });
    const products = await Promise.all(Array.from({ length: 12 }, () => seedProduct(db())));
    const responses = await Promise.all(
      products.map((product, i) =>
        postReceipt(
          t,
          {
            paymentMode: 'Credit',
            clientId: client.id,
            date: businessNowLocalTimestamp(NOW),
            items: [{ productId: product.id, quantity: 1, price: 30 }],
          },
          { role: i % 2 ? 'Seller' : 'Manager' },
        ),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(3);
    // The refused: a Manager's is a 409 (they may authorise it), a Seller's asks for a supervisor.
    responses.forEach((response, i) => {
      if (response.statusCode === 201) return;
      expect([response.statusCode, response.json().error]).toEqual(
        i % 2 ? [403, 'SUPERVISOR_REQUIRED'] : [409, 'CONFLICT'],
      );
    });
    expect((await get<ClientCredit>(`/api/client/credit/${client.id}`)).balance).toBe(90);
  });
});

describe('one abono for the account', () => {
  it('pays the oldest receipts first, a payment row on each, settled ones become Paid', async () => {
    const client = await seedClient(db());
    const oldest = await owed(client.id, 20, 5_000, 1_000); // owes 40.00
    const middle = await owed(client.id, 10, 3_000); // owes 30.00
    const newest = await owed(client.id, 2, 4_000); // owes 40.00
    const response = await abono({ clientId: client.id, amount: 55.5, note: 'Abono semanal' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AddClientPaymentResponse>();
    expect(body.payments.map(({ receiptId, amount, settled }) => ({ receiptId, amount, settled }))).toEqual([
      { receiptId: oldest.id, amount: 40, settled: true },
      { receiptId: middle.id, amount: 15.5, settled: false },
    ]);
    expect(body.credit.balance).toBe(54.5);

    const states = await db()
      .selectFrom('receipts')
      .select(['id', 'state'])
      .where('clientId', '=', client.id)
      .orderBy('id')
      .execute();
    expect(states).toEqual([
      { id: oldest.id, state: 'Paid' },
      { id: middle.id, state: 'Pending' },
      { id: newest.id, state: 'Pending' },
    ]);
    const payments = await db()
      .selectFrom('payments')
      .select(['receiptId', 'amountCents', 'note', 'userId'])
      .where('receiptId', 'in', [oldest.id, middle.id, newest.id])
      .where('note', '=', 'Abono semanal')
      .orderBy('id')
      .execute();
    expect(payments).toEqual([
      { receiptId: oldest.id, amountCents: 4_000, note: 'Abono semanal', userId: managerId },
      { receiptId: middle.id, amountCents: 1_550, note: 'Abono semanal', userId: managerId },
    ]);
  });

  it('more than the total owed is a 409 naming it, and nothing is written', async () => {
    const client = await seedClient(db());
    const receipt = await owed(client.id, 5, 2_000, 500);
    const response = await abono({ clientId: client.id, amount: 15.01 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(errorBody('El abono excede el saldo del cliente, que es de $15.00.', 'CONFLICT'));
    const count = await db().selectFrom('payments').select('id').where('receiptId', '=', receipt.id).execute();
    expect(count).toHaveLength(1);
    expect((await abono({ clientId: 999_999, amount: 1 })).statusCode).toBe(404);
    expect((await abono({ clientId: client.id, amount: 0.5 })).statusCode).toBe(400);
  });

  it('is idempotent with an Idempotency-Key', async () => {
    const client = await seedClient(db());
    await owed(client.id, 5, 10_000);
    const headers = { 'idempotency-key': `abono-${client.id}` };
    const first = await abono({ clientId: client.id, amount: 25 }, headers);
    const again = await abono({ clientId: client.id, amount: 25 }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await get<ClientCredit>(`/api/client/credit/${client.id}`)).balance).toBe(75);
    const other = await abono({ clientId: client.id, amount: 30 }, headers);
    expect(other.statusCode).toBe(409);
  });

  it('simultaneous abonos and receipt payments never overpay', async () => {
    const client = await seedClient(db());
    const a = await owed(client.id, 9, 6_000);
    const b = await owed(client.id, 8, 4_000);
    const responses = await Promise.all([
      ...Array.from({ length: 8 }, () => abono({ clientId: client.id, amount: 30 })),
      t.injectAs('Manager', {
        method: 'POST',
        url: '/api/receipt/addPayment',
        payload: { receiptId: b.id, amount: 40 },
      }),
    ]);
    const paid = await db()
      .selectFrom('payments')
      .select('amountCents')
      .where('receiptId', 'in', [a.id, b.id])
      .execute();
    const total = paid.reduce((sum, p) => sum + p.amountCents, 0);
    const succeeded = responses.filter((r) => r.statusCode === 200).length;
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(total).toBeLessThanOrEqual(10_000);
    // Whatever the order, at most 10_000 fits: 3 abonos (9_000) and either the receipt payment
    // or a fourth abono's room is left; the sum is exactly what the successes paid.
    const abonosOk = responses.slice(0, 8).filter((r) => r.statusCode === 200).length;
    const receiptOk = responses[8]!.statusCode === 200 ? 4_000 : 0;
    expect(total).toBe(abonosOk * 3_000 + receiptOk);
    expect(succeeded).toBeGreaterThanOrEqual(3);
    const credit = await get<ClientCredit>(`/api/client/credit/${client.id}`);
    expect(credit.balance! * 100).toBe(10_000 - total);
  });
});

describe('statement', () => {
  it('opening balance, every movement with the running balance, closing and overdue', async () => {
    const client = await seedClient(db(), { firstName: 'Estado', creditDays: 10 });
    const before = await owed(client.id, 40, 10_000); // before the period: opening 100.00
    const inside = await owed(client.id, 20, 5_000); // overdue at the end
    const cancelled = await owed(client.id, 15, 2_000);
    const seller = sellerId;
    const at = (days: number) => daysAgo(days);
    const cancelledAt = at(9);
    await db()
      .insertInto('payments')
      .values([
        {
          receiptId: before.id,
          amountCents: 3_000,
          reason: 'ADD',
          isEnabled: 1,
          note: 'Efectivo',
          userId: seller,
          createdAt: at(12),
          cancelledAt: null,
          cancelledBy: null,
        },
        {
          receiptId: inside.id,
          amountCents: 1_000,
          reason: 'ADD',
          isEnabled: 0,
          note: null,
          userId: seller,
          createdAt: at(11),
          cancelledAt: at(10),
          cancelledBy: seller,
        },
        {
          receiptId: cancelled.id,
          amountCents: 500,
          reason: 'ADD',
          isEnabled: 1,
          note: null,
          userId: seller,
          createdAt: at(14),
          cancelledAt: null,
          cancelledBy: null,
        },
        {
          receiptId: cancelled.id,
          amountCents: 500,
          reason: 'REMOVE',
          isEnabled: 1,
          note: null,
          userId: seller,
          createdAt: cancelledAt,
          cancelledAt: null,
          cancelledBy: null,
        },
      ])
      .execute();
    await db()
      .updateTable('receipts')
      .set({ state: 'Cancelled', updatedAt: cancelledAt })
      .where('id', '=', cancelled.id)
      .execute();

    const from = businessToday(daysAgo(30));
    const statement = await get<Statement>(`/api/client/statement/${client.id}?from=${from}&to=${businessToday(NOW)}`);
    expect(statement.opening).toBe(100);
    expect(statement.lines.map((l) => [l.kind, l.receiptId, l.amount, l.balance])).toEqual([
      ['sale', inside.id, 50, 150],
      ['sale', cancelled.id, 20, 170],
      ['payment', cancelled.id, -5, 165],
      ['payment', before.id, -30, 135],
      ['payment', inside.id, -10, 125],
      ['paymentCancelled', inside.id, 10, 135],
      ['cancellation', cancelled.id, -20, 115],
      ['refund', cancelled.id, 5, 120],
    ]);
    expect(statement.closing).toBe(120);
    expect(statement.overdue).toBe(120);
    expect((await get<ClientCredit>(`/api/client/credit/${client.id}`)).balance).toBe(120);

    for (const paper of ['80', 'letter']) {
      const pdf = await t.injectAs('Manager', {
        method: 'GET',
        url: `/api/client/statementPdf/${client.id}?paper=${paper}`,
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const backwards = await t.injectAs('Manager', {
      method: 'GET',
      url: `/api/client/statement/${client.id}?from=2026-02-01&to=2026-01-01`,
    });
    expect(backwards.statusCode).toBe(400);
  });

  it("names a payment line's method (JSON and PDF); sales carry none", async () => {
    const client = await seedClient(db(), { firstName: 'Metodo', creditDays: 30 });
    const receipt = await owed(client.id, 3, 8_000);
    const response = await abono({ clientId: client.id, amount: 30, method: 'Tarjeta', note: 'Con tarjeta' });
    expect(response.statusCode, response.body).toBe(200);

    const statement = await get<Statement>(`/api/client/statement/${client.id}`);
    expect(statement.lines.map((l) => [l.kind, l.receiptId, l.method, l.amount, l.balance])).toEqual([
      ['sale', receipt.id, null, 80, 80],
      ['payment', receipt.id, 'Tarjeta', -30, 50],
    ]);

    const pdf = await t.injectAs('Manager', {
      method: 'GET',
      url: `/api/client/statementPdf/${client.id}?paper=letter`,
    });
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'estado-'));
    try {
      const file = join(dir, 'estado.pdf');
      writeFileSync(file, pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain(`Abono a remisión #${receipt.id} · Tarjeta · Con tarjeta`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('shared statement links', () => {
  type Link = { id: number; path: string; expiresAt: string };
  const share = async (clientId: number, period: object = {}) => {
    const response = await t.injectAs('Manager', {
      method: 'POST',
      url: `/api/client/statementLink/${clientId}`,
      payload: period,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Link>();
  };
  const queryOf = (link: Link) => new URLSearchParams(link.path.split('?')[1]);
  /** Each test opens links from an address of its own, so none meets another's rate limit. */
  let address = 0;
  const from = () => `192.0.2.${++address}`;
  const open = (query: URLSearchParams | Link, remoteAddress = '198.51.100.1') =>
    t.app.inject({
      method: 'GET',
      url: `/api/public/statement?${query instanceof URLSearchParams ? query : queryOf(query)}`,
      remoteAddress,
    });
  const revoke = (id: number, role: 'Admin' | 'Manager' | 'Seller' = 'Manager') =>
    t.injectAs(role, { method: 'POST', url: '/api/client/revokeStatementLink', payload: { id } });

  it('names its stored row and shows that statement without a token until it expires, and no other', async () => {
    const ip = from();
    const client = await seedClient(db(), { firstName: 'Compartido' });
    const other = await seedClient(db(), { firstName: 'Ajeno' });
    await owed(client.id, 3, 4_200);
    await owed(other.id, 3, 9_900);
    const link = await share(client.id);
    expect(Date.parse(link.expiresAt)).toBe(NOW + 7 * DAY);
    expect(link.path).toBe(`/estado-de-cuenta?link=${link.id}&sig=${queryOf(link).get('sig')}`);

    const shared = await open(link, ip);
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['cache-control']).toBe('private, no-store');
    expect(shared.json<PublicStatement>()).toMatchObject({
      client: { name: 'Compartido López' },
      closing: 42,
      expiresAt: link.expiresAt,
    });

    // Another link's id with this signature, or a signature changed: not valid.
    const otherLink = await share(other.id);
    const swapped = queryOf(link);
    swapped.set('link', String(otherLink.id));
    expect((await open(swapped, ip)).json()).toEqual(errorBody('El enlace no es válido.', 'FORBIDDEN'));
    const tampered = queryOf(link);
    tampered.set('sig', `${tampered.get('sig')!.slice(0, -1)}A`);
    expect((await open(tampered, ip)).statusCode).toBe(403);
    const unknown = queryOf(link);
    unknown.set('link', '999999');
    expect((await open(unknown, ip)).json()).toEqual(errorBody('El enlace no es válido.', 'FORBIDDEN'));

    // The same link a week later, to the millisecond: expired.
    clock.now = NOW + 7 * DAY;
    try {
      const late = await open(link, ip);
      expect([late.statusCode, late.json().message]).toEqual([403, 'El enlace expiró; pide al negocio uno nuevo.']);
    } finally {
      clock.now = NOW;
    }
  });

  it("is signed over its row: a row changed afterwards (another client, a longer period) doesn't match", async () => {
    const ip = from();
    const client = await seedClient(db(), { firstName: 'Firmado' });
    const other = await seedClient(db(), { firstName: 'Otro' });
    const link = await share(client.id, { from: '2026-11-01', to: '2026-11-21' });
    expect((await open(link, ip)).statusCode).toBe(200);
    await db().updateTable('statementLinks').set({ clientId: other.id }).where('id', '=', link.id).execute();
    expect((await open(link, ip)).statusCode).toBe(403);
    await db()
      .updateTable('statementLinks')
      .set({ clientId: client.id, fromDay: '2020-01-01' })
      .where('id', '=', link.id)
      .execute();
    expect((await open(link, ip)).statusCode).toBe(403);
  });

  it('a link of the old form (client, period and expiry in the address, no stored row) no longer opens', async () => {
    const client = await seedClient(db(), { firstName: 'Antiguo' });
    const old = new URLSearchParams({ client: String(client.id), from: '2026-11-01', to: '2026-11-21' });
    old.set('expires', String(NOW + DAY));
    old.set('sig', 'x'.repeat(43));
    const response = await open(old, from());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('shows the customer no internal notes, nor the phone or the client id', async () => {
    const ip = from();
    const client = await seedClient(db(), { firstName: 'Moroso', phone: '8112345678' });
    const receipt = await owed(client.id, 5, 10_000);
    const paid = await abono({ clientId: client.id, amount: 30, method: 'Tarjeta', note: 'cliente moroso, no fiarle' });
    expect(paid.statusCode, paid.body).toBe(200);
    // The staff's statement keeps the note.
    const staff = await get<Statement>(`/api/client/statement/${client.id}`);
    expect(staff.lines.map((line) => line.note)).toEqual([null, 'cliente moroso, no fiarle']);

    const shared = await open(await share(client.id), ip);
    expect(shared.statusCode).toBe(200);
    expect(shared.body).not.toContain('moroso, no fiarle');
    expect(shared.body).not.toContain('8112345678');
    const statement = shared.json<PublicStatement>();
    expect(statement.client).toEqual({ name: 'Moroso López' });
    expect(statement.lines).toEqual([
      { date: expect.any(String), kind: 'sale', receiptId: receipt.id, method: null, amount: 100, balance: 100 },
      { date: expect.any(String), kind: 'payment', receiptId: receipt.id, method: 'Tarjeta', amount: -30, balance: 70 },
    ]);
  });

  it("are listed on the client's page and revoked one by one ('Revocar enlace')", async () => {
    const ip = from();
    const client = await seedClient(db(), { firstName: 'Revocado' });
    const first = await share(client.id);
    const second = await share(client.id);

    const revoked = await revoke(first.id);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<StatementLinkInfo>()).toMatchObject({
      id: first.id,
      state: 'revoked',
      revokedBy: 'Usuario Manager',
    });
    const gone = await open(first, ip);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual(errorBody('Este enlace fue revocado; pide al negocio uno nuevo.', 'GONE'));
    expect((await open(second, ip)).statusCode).toBe(200);

    const list = await get<StatementLinkList>(`/api/client/statementLinks/${client.id}`);
    expect(list.links).toEqual([
      {
        id: second.id,
        from: '2026-08-23',
        to: '2026-11-21',
        createdAt: new Date(NOW).toISOString(),
        createdBy: 'Usuario Manager',
        expiresAt: second.expiresAt,
        revokedAt: null,
        revokedBy: null,
        state: 'active',
      },
      expect.objectContaining({ id: first.id, state: 'revoked', revokedAt: new Date(NOW).toISOString() }),
    ]);

    const again = await revoke(first.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`El enlace #${first.id} ya estaba revocado.`);
    const missing = await revoke(999_999);
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'El enlace #999999 no existe.']);
    // An expired link leaves the list.
    clock.now = NOW + 7 * DAY;
    try {
      expect((await get<StatementLinkList>(`/api/client/statementLinks/${client.id}`)).links).toEqual([]);
    } finally {
      clock.now = NOW;
    }
  });

  it("die when the client is disabled, and a disabled client's statement cannot be shared", async () => {
    const ip = from();
    const client = await seedClient(db(), { firstName: 'Baja' });
    const link = await share(client.id);
    expect((await open(link, ip)).statusCode).toBe(200);
    const disabled = await t.injectAs('Manager', {
      method: 'POST',
      url: '/api/client/disable',
      payload: { id: client.id },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await open(link, ip)).json()).toEqual(errorBody('Este estado de cuenta ya no está disponible.', 'GONE'));
    const refused = await t.injectAs('Manager', {
      method: 'POST',
      url: `/api/client/statementLink/${client.id}`,
      payload: {},
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'Baja López está deshabilitado: su estado de cuenta no se puede compartir.',
    ]);
  });

  it('answers an address 30 times a minute, then a Spanish 429; other addresses go on', async () => {
    const ip = from();
    const link = await share((await seedClient(db(), { firstName: 'Límite' })).id);
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push((await open(link, ip)).statusCode);
    expect(answers).toEqual(Array(30).fill(200));
    // Bad links count too: guessing ids is what the limit is for.
    const refused = await open(new URLSearchParams({ link: '1', sig: 'x' }), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(
      errorBody('Demasiadas consultas seguidas desde esta conexión. Intenta de nuevo en 1 minuto.', 'RATE_LIMITED'),
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await open(link, from())).statusCode).toBe(200);
  });
});

describe('receivables and the cut', () => {
  it('every client who owes, with aging buckets and totals, most overdue first', async () => {
    const before = await get<Receivables>('/api/reports/receivables');
    const a = await seedClient(db(), { firstName: 'Cobranza', lastName: 'Uno', creditDays: 30 });
    const b = await seedClient(db(), { firstName: 'Cobranza', lastName: 'Dos', creditDays: 30 });
    await owed(a.id, 5, 1_000);
    await owed(a.id, 45, 2_000, 500);
    await owed(b.id, 75, 3_000);
    await owed(b.id, 120, 4_000);
    await owed(b.id, 31, 100, 100); // fully paid but Pending: owes nothing

    const report = await get<Receivables>('/api/reports/receivables');
    const mine = report.clients.filter((c) => c.clientId === a.id || c.clientId === b.id);
    expect(mine).toEqual([
      {
        clientId: b.id,
        name: 'Cobranza Dos',
        phone: null,
        balance: 70,
        overdue: 70,
        days0to30: 0,
        days31to60: 0,
        days61to90: 30,
        over90: 40,
      },
      {
        clientId: a.id,
        name: 'Cobranza Uno',
        phone: null,
        balance: 25,
        overdue: 15,
        days0to30: 10,
        days31to60: 15,
        days61to90: 0,
        over90: 0,
      },
    ]);
    const overdues = report.clients.map((c) => c.overdue);
    expect(overdues).toEqual([...overdues].sort((x, y) => y - x));
    expect(Math.round((report.totals.balance - before.totals.balance) * 100)).toBe(9_500);
    expect(Math.round((report.totals.over90 - before.totals.over90) * 100)).toBe(4_000);
  });

  it("the day's cut counts an account abono as payments", async () => {
    const today = businessToday(NOW);
    const cutOf = async () => {
      const response = await t.injectAs('Manager', {
        method: 'POST',
        url: '/api/reports/generate',
        payload: { date: today },
      });
      return JSON.parse(response.json<{ data: string }>().data) as { totals: { totalPayments: number } };
    };
    const before = (await cutOf()).totals.totalPayments;
    const client = await seedClient(db());
    await owed(client.id, 40, 12_345);
    expect((await abono({ clientId: client.id, amount: 100.45 })).statusCode).toBe(200);
    expect(Math.round(((await cutOf()).totals.totalPayments - before) * 100)).toBe(10_045);
  });
});
