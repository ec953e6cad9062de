import { RawNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionRunnerFor } from '../src/db/transactions.js';
import { createTestDatabase, type TestDatabase, testDialect } from './helpers/database.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const addClient = (name: string) => (trx: Parameters<Parameters<ReturnType<typeof transactionRunnerFor>>[0]>[0]) =>
  trx
    .insertInto('clients')
    .values({ firstName: name, lastName: null, phone: null, email: null, address: null, createdAt: 1, updatedAt: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();

const namesStartingWith = async (prefix: string) =>
  (
    await testDb.database.db
      .selectFrom('clients')
      .select('firstName')
      .where('firstName', 'like', `${prefix}%`)
      .orderBy('id')
      .execute()
  ).map((r) => r.firstName);

describe('transactionRunnerFor', () => {
  it('is one shared runner per database', () => {
    expect(transactionRunnerFor(testDb.database)).toBe(transactionRunnerFor(testDb.database));
  });

  it('commits every call that succeeds and undoes only the one that fails, among many at once', async () => {
    const transact = transactionRunnerFor(testDb.database);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        transact(async (trx) => {
          await addClient(`lote-${String(i).padStart(2, '0')}`)(trx);
          if (i === 7) throw new Error('la llamada 7 falla después de escribir');
          return i;
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual(
      Array.from({ length: 20 }, (_, i) => i).filter((i) => i !== 7),
    );
    expect(results[7]).toMatchObject({
      status: 'rejected',
      reason: { message: 'la llamada 7 falla después de escribir' },
    });
    const names = await namesStartingWith('lote-');
    expect(names).toHaveLength(19);
    expect(names).not.toContain('lote-07');
  });

  // SQLite's group commit runs the calls one after another; on PostgreSQL they are concurrent
  // transactions by design (row locks order them where it matters).
  it.runIf(testDialect === 'sqlite')('lets each call see the writes of the calls before it (SQLite)', async () => {
    const transact = transactionRunnerFor(testDb.database);
    const seen = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        transact(async (trx) => {
          await addClient(`orden-${i}`)(trx);
          const row = await trx
            .selectFrom('clients')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('firstName', 'like', 'orden-%')
            .executeTakeFirstOrThrow();
          return Number(row.n);
        }),
      ),
    );
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  // Each HTTP request reaches the runner from its own I/O callback; better-sqlite3 would run a
  // batch started at once to its COMMIT before Node reads the next request.
  it.runIf(testDialect === 'sqlite')('puts the calls of one event-loop turn in one batch (SQLite)', async () => {
    let batches = 0;
    const db = testDb.database.db.withPlugin({
      transformQuery: ({ node }) => {
        if (RawNode.is(node) && node.sqlFragments.join('').trim() === 'begin immediate') batches += 1;
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    const transact = transactionRunnerFor({ ...testDb.database, db });
    const calls = await new Promise<Array<Promise<unknown>>>((resolve) => {
      const started: Array<Promise<unknown>> = [];
      for (let i = 0; i < 5; i++) setImmediate(() => started.push(transact(addClient(`turno-${i}`))));
      setImmediate(() => resolve(started));
    });
    await Promise.all(calls);
    expect(batches).toBe(1);
    expect(await namesStartingWith('turno-')).toEqual(['turno-0', 'turno-1', 'turno-2', 'turno-3', 'turno-4']);
  });

  // A SQLite write transaction shuts every other writer out, so it always reads one state; on
  // PostgreSQL only a snapshot transaction ignores what others commit while it runs.
  it.runIf(testDialect === 'postgres')(
    'reads one snapshot when asked, and what others commit otherwise (PostgreSQL)',
    async () => {
      const transact = transactionRunnerFor(testDb.database);
      const countSeen = async (snapshot: boolean, prefix: string) =>
        transact(
          async (trx) => {
            const count = async () =>
              Number(
                (
                  await trx
                    .selectFrom('clients')
                    .select((eb) => eb.fn.countAll<number>().as('n'))
                    .where('firstName', 'like', `${prefix}%`)
                    .executeTakeFirstOrThrow()
                ).n,
              );
            const before = await count();
            await addClient(`${prefix}-otro`)(testDb.database.db);
            return [before, await count()];
          },
          { snapshot },
        );
      expect(await countSeen(true, 'instantanea')).toEqual([0, 0]);
      expect(await countSeen(false, 'al-dia')).toEqual([0, 1]);
    },
  );

  it('answers a call only once its writes are committed and visible to everyone', async () => {
    const transact = transactionRunnerFor(testDb.database);
    const { id } = await transact(addClient('visible'));
    const row = await testDb.database.db
      .selectFrom('clients')
      .select('firstName')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.firstName).toBe('visible');
  });
  // The COMMIT does not wait for the disk; the write-ahead log's fdatasync runs on libuv's thread
  // pool, and neither the caller nor any reader gets the batch before that fsync returned.
  it.runIf(testDialect === 'sqlite')(
    'answers a call, and lets others read its writes, only after the log is synced (SQLite)',
    async () => {
      const walSync = testDb.database.walSync!;
      const realSync = walSync.sync;
      const held: Array<() => void> = [];
      let syncs = 0;
      walSync.sync = async (fd) => {
        await realSync(fd);
        syncs += 1;
        await new Promise<void>((resolve) => held.push(resolve));
      };
      try {
        const transact = transactionRunnerFor(testDb.database);
        let answered = false;
        const call = transact(addClient('sin-fsync')).then((r) => ((answered = true), r));
        let read = false;
        const seen = (async () => {
          while (held.length === 0) await new Promise((r) => setImmediate(r));
          const rows = await namesStartingWith('sin-fsync');
          read = true;
          return rows;
        })();
        while (held.length === 0) await new Promise((r) => setImmediate(r));
        for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
        expect(syncs).toBe(1);
        expect(answered).toBe(false);
        expect(read).toBe(false);
        // Committed, so a call that arrives now runs (and commits) without waiting for that sync.
        let second = false;
        const next = transact(addClient('sin-fsync-2')).then(() => (second = true));
        for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
        expect(second).toBe(false);
        held.shift()!();
        await call;
        expect(answered).toBe(true);
        expect(await seen).toEqual(['sin-fsync']);
        while (held.length === 0) await new Promise((r) => setImmediate(r));
        held.shift()!();
        await next;
        expect(syncs).toBe(2);
      } finally {
        walSync.sync = realSync;
        held.forEach((release) => release());
      }
    },
  );

  it.runIf(testDialect === 'sqlite')('fails the call when the log cannot be synced (SQLite)', async () => {
    // A database of its own: after a failed sync nothing is known to be on disk, so it refuses
    // every later call until the server restarts.
    const own = await createTestDatabase();
    try {
      own.database.walSync!.sync = () => Promise.reject(new Error('EIO'));
      const transact = transactionRunnerFor(own.database);
      await expect(transact(addClient('no-sync'))).rejects.toThrow('EIO');
      await expect(transact(addClient('despues'))).rejects.toThrow('EIO');
    } finally {
      await own.drop();
    }
  });
});
