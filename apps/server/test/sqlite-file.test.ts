// The embedded database file: created for its owner only, never silently recreated after it
// vanished, and refused when it cannot be written.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection.js';
import { prepareSqliteFile, securePrivateFiles } from '../src/db/sqlite-file.js';
import { testDialect } from './helpers/database.js';

let dir: string;
let dataDir: string;
let uploadDir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-file-'));
  dataDir = join(dir, 'data');
  uploadDir = join(dataDir, 'uploads');
  file = join(dataDir, 'remisiones.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// File rules of the embedded database only; the PostgreSQL project has no file to check.
describe.runIf(testDialect === 'sqlite')('the SQLite file', () => {
  it('is created 0600 on a first start, and so are its WAL files', async () => {
    prepareSqliteFile(file, { dataDir, uploadDir });
    const database = openDatabase(`sqlite:${file}`);
    await sql`create table t (x integer)`.execute(database.db);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
    await database.close();
  });

  it('is not recreated when it vanished but the data folder shows it existed', () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'jwt-secret'), 'x');
    expect(() => prepareSqliteFile(file, { dataDir, uploadDir })).toThrow(
      /^No se encontró la base de datos .*remisiones\.db, pero quedan rastros de que existía \(.*jwt-secret\)/,
    );
    expect(() => statSync(file)).toThrow();
  });

  it('counts product images left behind as a trace too', () => {
    mkdirSync(uploadDir, { recursive: true });
    writeFileSync(join(uploadDir, 'a.png'), 'x');
    expect(() => prepareSqliteFile(file, { dataDir, uploadDir })).toThrow(/imágenes/);
  });

  it('is refused when it is read-only', () => {
    prepareSqliteFile(file, { dataDir, uploadDir });
    chmodSync(file, 0o400);
    expect(() => prepareSqliteFile(file, { dataDir, uploadDir })).toThrow(
      `La base de datos ${file} es de solo lectura. Dale permiso de escritura al usuario que ejecuta Mostrador.`,
    );
  });
});

describe('securing the data folders at start', () => {
  it('says what it could not make owner-only instead of refusing to start', () => {
    mkdirSync(dataDir, { recursive: true });
    // A backup folder that cannot be one: a file stands where it should be.
    writeFileSync(join(dir, 'no-es-carpeta'), 'x');
    const backupDir = join(dir, 'no-es-carpeta', 'respaldos');
    expect(securePrivateFiles({ dataDir, backupDir })).toEqual([
      `No se pudo dejar ${backupDir} solo para el usuario que ejecuta Mostrador (ENOTDIR).`,
    ]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });
});
