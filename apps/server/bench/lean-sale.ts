// What the storage limit of receipt create would be with the changes docs/benchmarks.md proposes:
// today's receipts service against a leaner sale (no re-read after the inserts, one multi-row
// inventory-log insert), on SQLite with and without a prepared-statement cache and without the
// per-commit fsync (the upper bound of group commit). A measuring aid, not the application.
//   npx tsx apps/server/bench/lean-sale.ts sqlite:./data/bench/sqlite-100000.db
//   npx tsx apps/server/bench/lean-sale.ts postgres://postgres@127.0.0.1:5432/mostrador_bench_100000
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  type CreateReceiptBody,
  createReceiptBodySchema,
  localTimestampToEpoch,
  pesosToCents,
  totalsFromCents,
} from '@mostrador/shared';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/db/connection.js';
import type { DB } from '../src/db/schema.js';
import { createReceiptsService } from '../src/modules/receipts/receipts.service.js';
import { ROOT } from '../scripts/server-process.js';
import { receiptMaker } from './workload.js';

const SECONDS = 4;
const CONCURRENCY = 32;
const seller = { id: 3, name: 'Vendedor Uno' };

/** The same sale as the service (same rows, same stock rule) in fewer statements. */
async function leanSale(db: Kysely<DB>, body: CreateReceiptBody) {
  const at = Date.now();
  return db.transaction().execute(async (trx) => {
    const ids = [...new Set(body.items.map((i) => i.productId))].sort((a, b) => a - b);
    const found = await trx.selectFrom('products').select(['id', 'name', 'units']).where('id', 'in', ids).execute();
    const products = new Map(found.map((p) => [p.id, p]));
    const items = body.items.map((i) => ({
      productId: i.productId,
      quantity: i.quantity,
      priceCents: pesosToCents(i.price),
    }));
    const { totalCents } = totalsFromCents(items, []);
    const receipt = await trx
      .insertInto('receipts')
      .values({
        state: body.paymentMode === 'Cash' ? 'Paid' : 'Pending',
        paymentMode: body.paymentMode,
        clientId: body.clientId ?? null,
        userId: seller.id,
        date: localTimestampToEpoch(body.date),
        totalCents,
        createdAt: at,
        updatedAt: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const itemIds = await trx
      .insertInto('receiptItems')
      .values(
        items.map((i) => ({
          ...i,
          receiptId: receipt.id,
          productName: products.get(i.productId)!.name,
          units: products.get(i.productId)!.units,
        })),
      )
      .returning('id')
      .execute();
    const quantities = new Map<number, number>();
    for (const i of items) quantities.set(i.productId, (quantities.get(i.productId) ?? 0) + i.quantity);
    const logs = [];
    for (const id of ids) {
      const quantity = quantities.get(id)!;
      const updated = await trx
        .updateTable('products')
        .set((eb) => ({ stockQuantity: eb('stockQuantity', '-', quantity), updatedAt: at }))
        .where('id', '=', id)
        .where('stockQuantity', '>=', quantity)
        .returning(['name', 'stockQuantity'])
        .executeTakeFirst();
      if (!updated) throw new Error(`Stock insuficiente del producto #${id}`);
      logs.push({
        productId: id,
        receiptId: receipt.id,
        userId: seller.id,
        reason: 'SALE' as const,
        delta: -quantity,
        stockBefore: updated.stockQuantity + quantity,
        stockAfter: updated.stockQuantity,
        productName: updated.name,
        userName: seller.name,
        note: `Remisión #${receipt.id}`,
        createdAt: at,
      });
    }
    await trx.insertInto('inventoryLogs').values(logs).execute();
    const payment =
      body.paymentMode === 'Cash'
        ? await trx
            .insertInto('payments')
            .values({
              receiptId: receipt.id,
              amountCents: totalCents,
              reason: 'ADD',
              note: 'Contado',
              userId: seller.id,
              createdAt: at,
              isEnabled: 1,
              cancelledAt: null,
              cancelledBy: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        : undefined;
    // Everything the answer needs is at hand: no re-read.
    return { receipt, itemIds, payment };
  });
}

function sqlite(path: string, synchronous: 'FULL' | 'OFF', cache: boolean): Kysely<DB> {
  const raw = new SQLite(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma(`synchronous = ${synchronous}`);
  raw.pragma('foreign_keys = ON');
  const statements = new Map<string, SQLite.Statement>();
  const cached = {
    close: () => raw.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = raw.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
  return new Kysely<DB>({
    dialect: new SqliteDialect({ database: cache ? (cached as unknown as SQLite.Database) : raw }),
    plugins: [new CamelCasePlugin()],
  });
}

async function measure(label: string, db: Kysely<DB>, lean: boolean) {
  const service = createReceiptsService({ db });
  const make = receiptMaker({ productIds: Array.from({ length: 2000 }, (_, i) => i + 1), clientIds: [1, 2, 3, 4, 5] });
  let sold = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const body = createReceiptBodySchema.parse(make());
        try {
          if (lean) await leanSale(db, body);
          else await service.create(body, seller);
          sold += 1;
        } catch {
          failed += 1;
        }
      }
    }),
  );
  const rate = sold / ((performance.now() - started) / 1000);
  console.log(`${label.padEnd(44)} ${rate.toFixed(0).padStart(5)}/s${failed ? ` (${failed} refused)` : ''}`);
  await db.destroy();
}

const source = process.argv[2] ?? `sqlite:${join(ROOT, 'data/bench/sqlite-100000.db')}`;
if (source.startsWith('sqlite:')) {
  const work = join(ROOT, 'data/bench/lean-sale.db');
  const variants = [
    ['FULL', false, false],
    ['FULL', false, true],
    ['FULL', true, false],
    ['FULL', true, true],
    ['OFF', true, true],
  ] as const;
  for (const [synchronous, cache, lean] of variants) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(work + suffix, { force: true });
    copyFileSync(source.slice('sqlite:'.length), work);
    await measure(`sqlite ${synchronous} cache=${cache} lean=${lean}`, sqlite(work, synchronous, cache), lean);
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(work + suffix, { force: true });
} else {
  const template = new URL(source).pathname.slice(1);
  const admin = new URL(source);
  admin.pathname = '/postgres';
  const work = new URL(source);
  work.pathname = '/mostrador_lean_sale';
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  for (const lean of [false, true]) {
    await query('DROP DATABASE IF EXISTS mostrador_lean_sale WITH (FORCE)');
    await query(`CREATE DATABASE mostrador_lean_sale TEMPLATE ${template}`);
    await measure(`postgres lean=${lean}`, openDatabase(work.toString()).db, lean);
  }
  await query('DROP DATABASE IF EXISTS mostrador_lean_sale WITH (FORCE)');
}
