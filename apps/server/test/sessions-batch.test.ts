import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../src/db/connection.js';
import { createSessionsService, USER_DISABLED } from '../src/modules/sessions/sessions.service.js';
import { createTestDatabase, type TestDatabase, testDialect } from './helpers/database.js';
import { ensureUser } from './helpers/factories.js';

// On PostgreSQL every request reads its session; the checks that arrive together share one
// query, and each still gets its own answer as stored when its request arrived.
describe.runIf(testDialect === 'postgres')('session checks arriving together on PostgreSQL', () => {
  let testDb: TestDatabase;
  let database: Database;
  let sent: string[] = [];
  /** While set, the queries sent wait for it before they reach the database. */
  let gate: Promise<void> | undefined;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const original = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const [first] = args;
      sent.push(typeof first === 'string' ? first : String((first as { text?: unknown }).text));
      const send = () => (original as (...a: unknown[]) => unknown).apply(this, args) as never;
      return (gate ? gate.then(send) : send()) as never;
    });
    database = openDatabase(testDb.url);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await database.close();
    await testDb.drop();
  });

  it('one query for five checks: live, ended, disabled, unknown and a repeated session each answered', async () => {
    const sessions = createSessionsService({ db: database.db });
    const db = testDb.database.db;
    const seller = await ensureUser(db, { role: 'Seller', email: 'lote-v@prueba.mx', password: 'x' });
    const off = await ensureUser(db, { role: 'Manager', email: 'lote-g@prueba.mx', password: 'x' });
    await db.updateTable('users').set({ isEnabled: 0 }).where('id', '=', off.id).execute();
    const live = await sessions.start(db, seller.id, 1);
    const ended = await sessions.start(db, seller.id, 1);
    await sessions.end(db, ended, 2);
    const disabled = await sessions.start(db, off.id, 1);
    sent = [];
    const answers = await Promise.all(
      [live, ended, disabled, '00000000-0000-0000-0000-000000000000', live].map((id) => sessions.check(id)),
    );
    expect(sent).toHaveLength(1);
    expect(answers).toEqual([
      { user: { id: seller.id, name: seller.name, email: 'lote-v@prueba.mx', role: 'Seller', sessionId: live } },
      { refusal: 'Tu sesión terminó. Inicia sesión de nuevo.' },
      { refusal: USER_DISABLED },
      { refusal: 'Tu sesión terminó. Inicia sesión de nuevo.' },
      { user: { id: seller.id, name: seller.name, email: 'lote-v@prueba.mx', role: 'Seller', sessionId: live } },
    ]);
  });

  it('checks arriving while a query runs wait for it and share the next one', async () => {
    const sessions = createSessionsService({ db: database.db });
    const db = testDb.database.db;
    const seller = await ensureUser(db, { role: 'Seller', email: 'lote-v@prueba.mx', password: 'x' });
    const ids = await Promise.all([1, 2, 3, 4].map(() => sessions.start(db, seller.id, 1)));
    await sessions.end(db, ids[3]!, 2);
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    let release = () => {};
    gate = new Promise<void>((resolve) => (release = resolve));
    sent = [];
    const checks = [sessions.check(ids[0]!)];
    await turn();
    // The first query is on its way; three more checks, each in a turn of its own.
    for (const id of ids.slice(1)) {
      checks.push(sessions.check(id));
      await turn();
    }
    expect(sent).toHaveLength(1);
    gate = undefined;
    release();
    const answers = await Promise.all(checks);
    expect(sent).toHaveLength(2);
    expect(answers.map((a) => ('user' in a ? a.user.sessionId : a.refusal))).toEqual([
      ids[0],
      ids[1],
      ids[2],
      'Tu sesión terminó. Inicia sesión de nuevo.',
    ]);
  });
});
