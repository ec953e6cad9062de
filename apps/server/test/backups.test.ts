import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Backup, BackupListResponse } from '@mostrador/shared';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupRejected, restoreBackup, takeBackup } from '../src/db/backup.js';
import { openDatabase } from '../src/db/connection.js';
import { knownMigrationNames, migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { testDialect } from './helpers/database.js';
import { postReceipt, seedProduct, TODAY_NOON } from './helpers/factories.js';

let t: TestApp;
let backupDir: string;

beforeAll(async () => {
  backupDir = mkdtempSync(join(tmpdir(), 'mostrador-backups-'));
  t = await createTestApp({ BACKUP_DIR: backupDir, BACKUP_KEEP: '3' });
  await Promise.all([t.sessionAs('Seller'), t.sessionAs('Manager'), t.sessionAs('Admin')]);
});
afterAll(async () => {
  await t.close();
  rmSync(backupDir, { recursive: true, force: true });
});

/** What a backup file holds, read with SQLite itself. */
function openBackup(name: string) {
  return new SQLite(join(backupDir, name), { readonly: true, fileMustExist: true });
}

describe.runIf(testDialect === 'postgres')('on PostgreSQL', () => {
  it('lists no backups and says pg_dump does them', async () => {
    const list = await t.injectAs('Admin', { method: 'GET', url: '/api/backup/list' });
    expect(list.json<BackupListResponse>()).toEqual({ embedded: false, everyHours: 24, keep: 3, backups: [] });
    const create = await t.injectAs('Admin', { method: 'POST', url: '/api/backup/create' });
    expect(create.statusCode).toBe(409);
    expect(create.json().message).toMatch(/pg_dump/);
  });
});

// Online backups, their rotation and restore exist for the embedded database only (PostgreSQL's
// are pg_dump's, above).
describe.runIf(testDialect === 'sqlite')('on the embedded database', () => {
  it('a backup taken while eight clients sell holds every sale acknowledged before it began', async () => {
    const db = t.testDb.database.db;
    // Enough rows that the copy takes many turns of the event loop, with sales in between.
    for (let chunk = 0; chunk < 20; chunk++) {
      await db
        .insertInto('products')
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
            cuid: `RELLENO-${chunk}-${i}`,
            cuidKey: `relleno-${chunk}-${i}`,
            name: `Producto de relleno con un nombre largo ${chunk}-${i}`,
            units: 'pza',
            stockMilli: 5000,
            imagePath: null,
            createdAt: 0,
            updatedAt: 0,
          })),
        )
        .execute();
    }
    const product = await seedProduct(db, { stock: 1_000_000, name: 'Refresco' });
    const acknowledged: number[] = [];
    let selling = true;
    let enoughAcknowledged!: () => void;
    const enough = new Promise<void>((resolve) => (enoughAcknowledged = resolve));
    const seller = async () => {
      while (selling) {
        const response = await postReceipt(
          t,
          { paymentMode: 'Cash', date: TODAY_NOON, items: [{ productId: product.id, quantity: 1, price: 20 }] },
          { role: 'Manager' },
        );
        expect(response.statusCode).toBe(201);
        acknowledged.push(response.json<{ id: number }>().id);
        if (acknowledged.length === 40) enoughAcknowledged();
      }
    };
    const sellers = Array.from({ length: 8 }, seller);
    await enough;

    // On a busy machine a backup can end before any sale in flight is answered; another is taken
    // then, up to five: a backup that stopped the sales would never see one answered meanwhile.
    let before: number[] = [];
    let response: Awaited<ReturnType<typeof t.injectAs>> | undefined;
    let soldDuring = 0;
    for (let attempt = 0; attempt < 5 && soldDuring === 0; attempt++) {
      before = [...acknowledged];
      response = await t.injectAs('Admin', { method: 'POST', url: '/api/backup/create' });
      expect(response.statusCode).toBe(201);
      soldDuring = acknowledged.length - before.length;
    }
    selling = false;
    await Promise.all(sellers);

    const backup = response!.json<Backup>();
    expect(backup).toMatchObject({ kind: 'manual', name: expect.stringMatching(/^respaldo-.*-manual\.db$/) });
    expect(soldDuring).toBeGreaterThan(0);

    const copy = openBackup(backup.name);
    try {
      expect(copy.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      const ids = new Set(
        (copy.prepare('select id from receipts').all() as Array<{ id: number }>).map((row) => row.id),
      );
      expect(before.filter((id) => !ids.has(id))).toEqual([]);
      // A consistent copy: every sale in it with its line, its payment and its stock movement.
      const sold = copy.prepare('select count(*) as n from receipt_items where product_id = ?').get(product.id) as {
        n: number;
      };
      const stock = copy.prepare('select stock_milli as s from products where id = ?').get(product.id) as {
        s: number;
      };
      const logs = copy.prepare("select count(*) as n from inventory_logs where reason = 'SALE'").get() as {
        n: number;
      };
      expect(sold.n).toBe(ids.size);
      expect(logs.n).toBe(ids.size);
      expect(stock.s).toBe((1_000_000 - ids.size) * 1000);
    } finally {
      copy.close();
    }
  });

  it('lists the backups newest first and keeps BACKUP_KEEP of them, plus those taken before a migration', async () => {
    const sqlite = t.testDb.database.sqlite!;
    await takeBackup(sqlite, backupDir, 'migracion', Date.UTC(2020, 0, 1));
    for (let i = 0; i < 4; i++) await t.injectAs('Admin', { method: 'POST', url: '/api/backup/create' });
    const list = (await t.injectAs('Admin', { method: 'GET', url: '/api/backup/list' })).json<BackupListResponse>();
    expect(list).toMatchObject({ embedded: true, everyHours: 24, keep: 3 });
    expect(list.backups.map((b) => b.kind)).toEqual(['manual', 'manual', 'manual', 'migracion']);
    expect(list.backups[0]!.sizeBytes).toBeGreaterThan(1_000_000);
  });

  it('downloads a listed backup as it is on disk, and nothing else', async () => {
    const [newest] = (await t.injectAs('Admin', { method: 'GET', url: '/api/backup/list' })).json<BackupListResponse>()
      .backups;
    const download = await t.injectAs('Admin', { method: 'GET', url: `/api/backup/download/${newest!.name}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${newest!.name}"`);
    expect(download.rawPayload.equals(readFileSync(join(backupDir, newest!.name)))).toBe(true);

    const missing = await t.injectAs('Admin', {
      method: 'GET',
      url: '/api/backup/download/respaldo-2020-01-01T00-00-00-000Z-manual.db',
    });
    expect(missing.statusCode).toBe(404);
    const outside = await t.injectAs('Admin', { method: 'GET', url: '/api/backup/download/..%2F..%2Fetc%2Fpasswd' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('El nombre del respaldo no es válido.');
  });

  describe('restore', () => {
    let dir: string;
    let databasePath: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'mostrador-restore-'));
      databasePath = join(dir, 'tienda.db');
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    /** A database with these products, and a backup of it taken now. */
    async function databaseWithBackup(names: string[]) {
      rmSync(databasePath, { force: true });
      const database = openDatabase(`sqlite:${databasePath}`);
      await migrateToLatest(database);
      for (const name of names) await seedProduct(database.db, { name });
      const backup = await takeBackup(database.sqlite!, join(dir, 'respaldos'), 'manual', Date.now());
      return { database, file: join(dir, 'respaldos', backup.name) };
    }

    const productNames = (path: string) => {
      const sqlite = new SQLite(path, { readonly: true });
      try {
        return (sqlite.prepare('select name from products order by id').all() as Array<{ name: string }>).map(
          (row) => row.name,
        );
      } finally {
        sqlite.close();
      }
    };

    it('an upgrade backs the database up before its migration changes the schema, and not a new database', async () => {
      rmSync(databasePath, { force: true });
      const older = openDatabase(`sqlite:${databasePath}`);
      await migrateTo(older, '2026-11-21-initial');
      const calls: string[][] = [];
      const beforeChange = async (pending: string[]) => {
        calls.push(pending);
        await takeBackup(older.sqlite!, join(dir, 'respaldos'), 'migracion', Date.UTC(2026, 10, 23));
      };
      await migrateToLatest(older, { beforeChange });
      await migrateToLatest(older, { beforeChange });
      await older.close();
      expect(calls).toEqual([
        [
          '2026-11-23a-counter-selling',
          '2026-11-23b-sessions',
          '2026-11-23c-fiado',
          '2026-11-23e-health-probe',
          '2026-11-24a-late-sales',
          '2026-11-24b-cash-drawer',
          '2026-11-24c-dashboard',
          '2026-11-24d-pg-sale',
          '2026-11-25a-pg-sale-batch',
          '2026-11-25b-pg-sale-batch-whole',
          '2026-11-25c-cut-fence',
          '2026-11-25d-pg-sale-set',
          '2026-11-27a-sql-functions',
          '2026-11-27b-statement-links',
          '2026-11-28a-returns',
          '2026-11-28b-supervisors',
          '2026-11-28c-shop-settings',
          '2026-11-28d-cash-received',
          '2026-11-29a-taxes',
          '2026-11-29b-client-fiscal',
          '2026-11-29c-business-fiscal',
          '2026-11-30a-invoices',
          '2026-11-30b-payment-complements',
          '2026-11-30c-credit-notes',
          '2026-12-01a-purchases',
          '2026-12-01b-profit',
          '2026-12-02a-purchase-uuid-live',
        ],
      ]);
      const copy = new SQLite(join(dir, 'respaldos', 'respaldo-2026-11-23T00-00-00-000Z-migracion.db'), {
        readonly: true,
      });
      expect(
        (copy.prepare('select name from kysely_migration').all() as Array<{ name: string }>).map((r) => r.name),
      ).toEqual(['2026-11-21-initial']);
      copy.close();

      rmSync(databasePath, { force: true });
      const fresh = openDatabase(`sqlite:${databasePath}`);
      await migrateToLatest(fresh, { beforeChange });
      await fresh.close();
      expect(calls).toHaveLength(1);
    });

    it('puts the backup in place and keeps the replaced database beside it', async () => {
      const { database, file } = await databaseWithBackup(['Antes del respaldo']);
      await seedProduct(database.db, { name: 'Después del respaldo' });
      await database.close();

      const { replacedPath } = restoreBackup(file, databasePath, knownMigrationNames(), Date.now());

      expect(productNames(databasePath)).toEqual(['Antes del respaldo']);
      expect(replacedPath).toMatch(/tienda\.db\.reemplazada-/);
      expect(productNames(replacedPath!)).toEqual(['Antes del respaldo', 'Después del respaldo']);
      // The restored database opens and serves as usual.
      const reopened = openDatabase(`sqlite:${databasePath}`);
      await migrateToLatest(reopened);
      expect(await reopened.db.selectFrom('products').select('name').execute()).toEqual([
        { name: 'Antes del respaldo' },
      ]);
      await reopened.close();
    });

    const refusedWithNothingReplaced = (file: string, message: RegExp) => {
      const before = readFileSync(databasePath);
      const filesBefore = readdirSync(dir).sort();
      expect(() => restoreBackup(file, databasePath, knownMigrationNames(), Date.now())).toThrow(BackupRejected);
      expect(() => restoreBackup(file, databasePath, knownMigrationNames(), Date.now())).toThrow(message);
      expect(readFileSync(databasePath).equals(before)).toBe(true);
      expect(readdirSync(dir).sort()).toEqual(filesBefore);
    };

    it('refuses a corrupt backup and replaces nothing', async () => {
      const { database, file } = await databaseWithBackup(['Vigente']);
      await database.close();
      const bytes = readFileSync(file);
      bytes.fill(0x5a, 4096, bytes.length);
      const corrupt = join(dir, 'corrupto.db');
      writeFileSync(corrupt, bytes);
      refusedWithNothingReplaced(corrupt, /dañado/);
      writeFileSync(corrupt, 'esto no es una base de datos');
      refusedWithNothingReplaced(corrupt, /dañado o no es una base de datos SQLite/);
      refusedWithNothingReplaced(join(dir, 'no-existe.db'), /No existe el archivo/);
      expect(productNames(databasePath)).toEqual(['Vigente']);
    });

    it('refuses a backup of a newer version and replaces nothing', async () => {
      const { database, file } = await databaseWithBackup(['Vigente']);
      await database.close();
      const newer = new SQLite(file);
      newer.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('2099-01-01-futuro', '2099');
      newer.close();
      refusedWithNothingReplaced(file, /versión más nueva de Mostrador \(migración 2099-01-01-futuro\)/);
      expect(existsSync(databasePath)).toBe(true);
    });
  });
});
