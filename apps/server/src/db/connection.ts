import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type Transaction } from 'kysely';
import pg from 'pg';
import { PreparingClient } from './prepared-statements.js';
import type { DB } from './schema.js';
import { createOwnerOnlyFile } from './sqlite-file.js';
import { createWalSync, type WalSync } from './wal-sync.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** The SQLite connection itself (its online backup API), on the embedded database only. */
  sqlite?: SQLite.Database;
  /** The write-ahead log's fsync off the main thread, on a SQLite file (db/wal-sync.ts). */
  walSync?: WalSync;
  close(): Promise<void>;
}

/** A query runner: the database itself or an open transaction. */
export type Executor = Kysely<DB> | Transaction<DB>;

// COUNT/SUM come back from PostgreSQL as int8/numeric strings; our values fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function dialectOf(url: string): DialectName {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

export function openDatabase(url: string): Database {
  return dialectOf(url) === 'sqlite' ? openSqlite(url.slice('sqlite:'.length)) : openPostgres(url);
}

function openSqlite(path: string): Database {
  const memory = path === ':memory:';
  if (!memory && !existsSync(resolve(path))) createOwnerOnlyFile(resolve(path));
  const sqlite = new SQLite(memory ? ':memory:' : resolve(path));
  const wal = (sqlite.pragma('journal_mode = WAL', { simple: true }) as string) === 'wal';
  // FULL: a receipt the server acknowledged survives a power cut, not only a crash. The
  // group-commit runner commits with NORMAL and syncs the log itself before answering (walSync).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const walSync = wal ? createWalSync(`${sqlite.name}-wal`) : undefined;
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: walSync ? [new CamelCasePlugin(), walSync.plugin] : [new CamelCasePlugin()],
  });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    walSync,
    async close() {
      await walSync?.settled().catch(() => undefined);
      await db.destroy();
      walSync?.close();
    },
  };
}

/**
 * Kysely prepares every query anew; preparing is a large share of a short query's cost on
 * SQLite. The same SQL text reuses its prepared statement (least recently used ones are
 * dropped). Safe because Kysely runs one query at a time on its single SQLite connection.
 */
function withStatementCache(sqlite: SQLite.Database, capacity = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 20, Client: PreparingClient });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
