import { closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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

/** An empty file with mode 0600 (SQLite gives its -wal and -shm files the same mode). */
export function createOwnerOnlyFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  closeSync(openSync(file, 'wx', 0o600));
}
