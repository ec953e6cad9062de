// Fast bulk loading for benchmark data: prepared statements in big transactions on SQLite,
// one `INSERT … SELECT FROM unnest(arrays)` per batch on PostgreSQL. Raw SQL, snake_case.
// Secondary indexes and foreign keys of the loaded tables are dropped for the load and put back
// (and checked) at the end, which is much faster than maintaining them row by row.
import SQLite from 'better-sqlite3';
import pg from 'pg';

export type Row = Array<string | number | null>;

export interface TableSpec {
  table: string;
  columns: string[];
  /** PostgreSQL array types for unnest, in column order. */
  pgTypes: string[];
}

export interface BulkWriter {
  /** Drops the secondary indexes and foreign keys of these tables until `finish`. */
  prepare(tables: string[]): Promise<void>;
  write(spec: TableSpec, rows: Row[]): Promise<void>;
  /** Puts indexes and foreign keys back (checking every row), fixes sequences, ANALYZE. */
  finish(tables: string[]): Promise<void>;
  close(): Promise<void>;
}

export function openBulkWriter(url: string): BulkWriter {
  return url.startsWith('sqlite:') ? sqliteWriter(url.slice('sqlite:'.length)) : postgresWriter(url);
}

function sqliteWriter(path: string): BulkWriter {
  const db = new SQLite(path);
  db.pragma('journal_mode = WAL');
  // Benchmark data can be regenerated: no need to wait for each batch to reach the disk.
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144'); // 256 MB
  const statements = new Map<string, SQLite.Statement>();
  let dropped: string[] = [];
  const statement = (spec: TableSpec) => {
    let s = statements.get(spec.table);
    if (!s) {
      s = db.prepare(
        `INSERT INTO ${spec.table} (${spec.columns.join(', ')}) VALUES (${spec.columns.map(() => '?').join(', ')})`,
      );
      statements.set(spec.table, s);
    }
    return s;
  };
  return {
    async prepare(tables) {
      db.pragma('foreign_keys = OFF');
      const indexes = db
        .prepare(
          `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'
           AND tbl_name IN (${tables.map(() => '?').join(', ')})`,
        )
        .all(...tables) as Array<{ name: string; sql: string }>;
      for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
      dropped = indexes.map((index) => index.sql);
    },
    async write(spec, rows) {
      const insert = statement(spec);
      db.transaction((batch: Row[]) => {
        for (const row of batch) insert.run(row);
      })(rows);
    },
    async finish() {
      for (const sql of dropped) db.exec(sql);
      dropped = [];
      const violations = db.pragma('foreign_key_check') as unknown[];
      if (violations.length > 0) throw new Error(`${violations.length} filas violan una llave foránea.`);
      db.pragma('foreign_keys = ON');
      db.exec('ANALYZE');
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
    async close() {
      db.close();
    },
  };
}

function postgresWriter(url: string): BulkWriter {
  const client = new pg.Client({ connectionString: url });
  // Benchmark data can be regenerated: no need to wait for each batch to reach the disk.
  const connected = client.connect().then(() => client.query('SET synchronous_commit = off'));
  let droppedIndexes: string[] = [];
  let droppedKeys: Array<{ table: string; name: string; definition: string }> = [];
  return {
    async prepare(tables) {
      await connected;
      const keys = await client.query<{ table: string; name: string; definition: string }>(
        `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
         FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text = ANY($1)`,
        [tables],
      );
      for (const key of keys.rows) await client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`);
      droppedKeys = keys.rows;
      const indexes = await client.query<{ name: string; definition: string }>(
        `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
         WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
        [tables],
      );
      for (const index of indexes.rows) await client.query(`DROP INDEX ${index.name}`);
      droppedIndexes = indexes.rows.map((index) => index.definition);
    },
    async write(spec, rows) {
      await connected;
      const columns = spec.columns.map((_, i) => rows.map((row) => row[i] ?? null));
      const unnest = spec.pgTypes.map((type, i) => `$${i + 1}::${type}[]`).join(', ');
      await client.query(
        `INSERT INTO ${spec.table} (${spec.columns.join(', ')}) SELECT * FROM unnest(${unnest})`,
        columns,
      );
    },
    async finish(tables) {
      await connected;
      await client.query("SET maintenance_work_mem = '512MB'");
      for (const definition of droppedIndexes) await client.query(definition);
      droppedIndexes = [];
      // Adding a foreign key back checks every row in one pass.
      for (const key of droppedKeys) {
        await client.query(`ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`);
      }
      droppedKeys = [];
      for (const table of tables) {
        await client.query(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT max(id) FROM ${table}), 1))`,
        );
      }
      await client.query('VACUUM ANALYZE');
    },
    async close() {
      await client.end();
    },
  };
}

/**
 * Collects rows per table and writes them in batches. When the buffers are full, every table is
 * flushed in `order` (parents first), so a batch never references rows not yet written. One
 * flush may still be running while the next batch is generated (PostgreSQL works in parallel).
 */
export class BatchedWriter {
  private readonly buffers = new Map<string, { spec: TableSpec; rows: Row[] }>();
  private buffered = 0;
  private inFlight: Promise<void> = Promise.resolve();
  constructor(
    private readonly writer: BulkWriter,
    order: TableSpec[],
    private readonly batchSize = 50_000,
  ) {
    for (const spec of order) this.buffers.set(spec.table, { spec, rows: [] });
  }

  /** Adds a row; returns a promise only when a flush had to wait (await it then). */
  add(spec: TableSpec, row: Row): Promise<void> | undefined {
    let buffer = this.buffers.get(spec.table);
    if (!buffer) {
      buffer = { spec, rows: [] };
      this.buffers.set(spec.table, buffer);
    }
    buffer.rows.push(row);
    if (++this.buffered >= this.batchSize) return this.flush(false);
    return undefined;
  }

  /** Hands the buffered rows to the writer; with `wait` (the default) also waits for them. */
  async flush(wait = true) {
    const batches = [...this.buffers.values()]
      .filter((buffer) => buffer.rows.length > 0)
      .map((buffer) => {
        const rows = buffer.rows;
        buffer.rows = [];
        return { spec: buffer.spec, rows };
      });
    this.buffered = 0;
    // At most one batch written while the next one is built.
    await this.inFlight;
    this.inFlight = (async () => {
      for (const batch of batches) await this.writer.write(batch.spec, batch.rows);
    })();
    // A failure surfaces at the next flush; until then it must not count as unhandled.
    this.inFlight.catch(() => undefined);
    if (wait) await this.inFlight;
  }
}
