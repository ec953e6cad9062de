import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

// The embedded database is one file on the shop's PC. Starting on a file that vanished would
// silently begin an empty shop with a new Admin; a file without write permission would fail on
// the first sale. Both stop the start with a message that says what to do.

export class DatabaseFileError extends Error {}

/** Signs, left in the data folders, that a database has been used here before. */
function traces(file: string, dataDir: string, uploadDir: string): string[] {
  const found: string[] = [];
  if (existsSync(`${file}-wal`)) found.push(`${file}-wal`);
  const secret = join(dataDir, 'jwt-secret');
  if (resolve(dirname(file)).startsWith(resolve(dataDir)) && existsSync(secret)) found.push(secret);
  if (existsSync(uploadDir) && readdirSync(uploadDir).length > 0) found.push(`${uploadDir} (imágenes)`);
  return found;
}

/**
 * Checks the SQLite file before the server opens it, and creates a new one readable by its owner
 * only (0600: it holds customers' data and password hashes).
 */
export function prepareSqliteFile(path: string, folders: { dataDir: string; uploadDir: string }): void {
  const file = resolve(path);
  if (existsSync(file)) {
    if ((statSync(file).mode & 0o200) === 0) {
      throw new DatabaseFileError(
        `La base de datos ${file} es de solo lectura. Dale permiso de escritura al usuario que ejecuta Mostrador.`,
      );
    }
    return;
  }
  const found = traces(file, folders.dataDir, folders.uploadDir);
  if (found.length > 0) {
    throw new DatabaseFileError(
      `No se encontró la base de datos ${file}, pero quedan rastros de que existía (${found.join(', ')}). ` +
        'Mostrador no crea una vacía en su lugar: restaura un respaldo o la copia del archivo; para empezar de cero, ' +
        'mueve a otro lugar la carpeta de datos.',
    );
  }
  createOwnerOnlyFile(file);
}

/**
 * What holds customers' data and password hashes is its owner's only: folders 0700, files 0600.
 * Another account on the shop's PC must not read a backup (every password hash is in it).
 */
export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/**
 * The file beside the database whose lock says a process uses it (db/sqlite-lock.ts). It stays
 * when released (deleting a lock file races with a process opening it) and is no sign that a
 * database existed: a restore into an empty folder that failed leaves it too.
 */
export const LOCK_SUFFIX = '.lock';

/** An empty file with mode 0600 (SQLite gives its -wal, -shm and journal files the same mode). */
export function createOwnerOnlyFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: OWNER_ONLY_DIR });
  closeSync(openSync(file, 'wx', OWNER_ONLY_FILE));
}

/** `dir`, created 0700 when missing, or made 0700 when it exists. */
export function ensureOwnerOnlyDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  chmodSync(dir, OWNER_ONLY_DIR);
}

/** A copy of `from` at `to` (which must not exist) that is 0600 from its first byte, flushed to disk. */
export function copyOwnerOnly(from: string, to: string): void {
  const source = openSync(from, 'r');
  try {
    const target = openSync(to, 'wx', OWNER_ONLY_FILE);
    try {
      const buffer = Buffer.allocUnsafe(1024 * 1024);
      for (let read = readSync(source, buffer); read > 0; read = readSync(source, buffer)) {
        for (let written = 0; written < read;) written += writeSync(target, buffer, written, read - written);
      }
      fsyncSync(target);
    } finally {
      closeSync(target);
    }
  } finally {
    closeSync(source);
  }
}

export interface PrivateFiles {
  dataDir: string;
  /** The embedded database's backups (SQLite only). */
  backupDir?: string;
  /** The embedded database file (SQLite only). */
  databaseFile?: string;
}

/**
 * Makes owner-only, at every start, what Mostrador keeps (versions before this one left it
 * readable by every account): DATA_DIR and BACKUP_DIR 0700 (created so when missing); 0600 for
 * every backup, finished or partial, and for every file beside the database named after it (the
 * database, its -wal and -shm, the lock, the copies a restore leaves). Answers what it could not
 * change (a folder of another owner, a disk without permissions), in Spanish for the log.
 */
export function securePrivateFiles({ dataDir, backupDir, databaseFile }: PrivateFiles): string[] {
  const problems: string[] = [];
  const attempt = (path: string, change: () => void) => {
    try {
      change();
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      problems.push(`No se pudo dejar ${path} solo para el usuario que ejecuta Mostrador (${reason}).`);
    }
  };
  const filesIn = (dir: string, named: (name: string) => boolean) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter(named)
          .map((name) => join(dir, name))
      : [];
  const secureFile = (file: string) => {
    if (lstatSync(file).isFile()) attempt(file, () => chmodSync(file, OWNER_ONLY_FILE));
  };

  attempt(dataDir, () => ensureOwnerOnlyDir(dataDir));
  if (backupDir) {
    attempt(backupDir, () => ensureOwnerOnlyDir(backupDir));
    filesIn(backupDir, (name) => name.startsWith('respaldo-')).forEach(secureFile);
  }
  if (databaseFile) {
    const name = basename(databaseFile);
    filesIn(dirname(resolve(databaseFile)), (other) => other.startsWith(name)).forEach(secureFile);
  }
  return problems;
}
