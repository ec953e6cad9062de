// Backups of the embedded database: SQLite's online backup API, file names, rotation, and the
// checks a file must pass before it may replace the database.
import { chmodSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupKind } from '@mostrador/shared';
import SQLite from 'better-sqlite3';
import { copyOwnerOnly, createOwnerOnlyFile, ensureOwnerOnlyDir, OWNER_ONLY_FILE } from './sqlite-file.js';

/** respaldo-2026-11-23T18-20-00-123Z-manual.db: sorts by time, says why it was taken. */
const BACKUP_NAME = /^respaldo-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)-(automatico|manual|migracion)\.db$/;

export interface BackupFile {
  name: string;
  kind: BackupKind;
  sizeBytes: number;
  /** Epoch ms the backup finished. */
  createdAt: number;
}

/** Why a file may not replace the database, in Spanish for whoever runs the restore. */
export class BackupRejected extends Error {}

export function isBackupName(name: string): boolean {
  return BACKUP_NAME.test(name);
}

function backupName(now: number, kind: BackupKind): string {
  return `respaldo-${new Date(now).toISOString().replace(/[:.]/g, '-')}-${kind}.db`;
}

/**
 * Copies the open database into `dir` while it keeps serving. The backup runs on the server's
 * own connection: SQLite copies a hundred pages per turn of the event loop (so requests keep
 * being answered in between) and mirrors into the copy every write that same connection makes
 * meanwhile, so the file holds every sale committed before it finished. It is written under a
 * temporary name and renamed when complete: a listed backup is always a whole one. The folder is
 * 0700 and the file 0600 before SQLite writes its first page: a backup holds every password hash.
 */
export async function takeBackup(
  sqlite: SQLite.Database,
  dir: string,
  kind: BackupKind,
  now: number,
): Promise<BackupFile> {
  ensureOwnerOnlyDir(dir);
  const name = backupName(now, kind);
  const partial = join(dir, `${name}.partial`);
  rmSync(partial, { force: true });
  try {
    createOwnerOnlyFile(partial);
    await sqlite.backup(partial);
    renameSync(partial, join(dir, name));
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return describe(dir, name)!;
}

function describe(dir: string, name: string): BackupFile | null {
  const match = BACKUP_NAME.exec(name);
  if (!match) return null;
  const stats = statSync(join(dir, name));
  return { name, kind: match[2] as BackupKind, sizeBytes: stats.size, createdAt: stats.mtimeMs };
}

/** The backups in `dir`, newest first. */
export function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => describe(dir, name))
    .filter((file): file is BackupFile => file !== null)
    .sort((a, b) => b.name.localeCompare(a.name));
}

/**
 * Keeps the newest `keep` automatic and manual backups. Those taken before a migration stay:
 * they are the way back from a version that changed the schema.
 */
export function pruneBackups(dir: string, keep: number): string[] {
  const removable = listBackups(dir).filter((file) => file.kind !== 'migracion');
  const removed = removable.slice(keep).map((file) => file.name);
  for (const name of removed) rmSync(join(dir, name), { force: true });
  return removed;
}

/**
 * Refuses a file that is not a sound Mostrador database or that a newer version of Mostrador
 * wrote (a migration this code does not know): restoring it would start a server on a schema
 * it does not understand.
 */
export function checkBackup(file: string, knownMigrations: readonly string[]): void {
  let backup: SQLite.Database | undefined;
  try {
    backup = new SQLite(file, { readonly: true, fileMustExist: true });
    const result = backup.pragma('integrity_check') as Array<{ integrity_check: string }>;
    if (result.length !== 1 || result[0]?.integrity_check !== 'ok') {
      throw new BackupRejected('El respaldo está dañado: no pasó la revisión de integridad de SQLite.');
    }
    const hasMigrations = backup
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hasMigrations) throw new BackupRejected('El archivo no es un respaldo de Mostrador.');
    const applied = (backup.prepare('select name from kysely_migration').all() as Array<{ name: string }>).map(
      (row) => row.name,
    );
    const unknown = applied.filter((name) => !knownMigrations.includes(name));
    if (unknown.length > 0) {
      throw new BackupRejected(
        `El respaldo es de una versión más nueva de Mostrador (migración ${unknown.join(', ')}). ` +
          'Actualiza Mostrador antes de restaurarlo.',
      );
    }
  } catch (error) {
    if (error instanceof BackupRejected) throw error;
    throw new BackupRejected(
      `El respaldo está dañado o no es una base de datos SQLite (${error instanceof Error ? error.message : error}).`,
    );
  } finally {
    backup?.close();
  }
}

const SQLITE_COMPANIONS = ['', '-wal', '-shm'];

function removeWithCompanions(path: string) {
  for (const suffix of SQLITE_COMPANIONS) rmSync(path + suffix, { force: true });
}

/**
 * Puts a checked backup in place of the database at `databasePath` (the caller holds the
 * database's lock, db/sqlite-lock.ts: no server is using it). The backup is copied beside the
 * database (0600, whatever the backup's own mode) and that copy is checked, so what is installed
 * is exactly what passed. The replaced database, with its write-ahead log, is kept beside it as
 * `<name>.reemplazada-<time>`, made 0600 too; when the check fails nothing is touched.
 */
export function restoreBackup(file: string, databasePath: string, knownMigrations: readonly string[], now: number) {
  if (!existsSync(file)) throw new BackupRejected(`No existe el archivo ${file}.`);
  const staging = `${databasePath}.restaurando`;
  removeWithCompanions(staging);
  try {
    copyOwnerOnly(file, staging);
    checkBackup(staging, knownMigrations);
  } catch (error) {
    removeWithCompanions(staging);
    throw error;
  }
  // Opening the copy to check it may leave an empty write-ahead log beside it.
  rmSync(`${staging}-wal`, { force: true });
  rmSync(`${staging}-shm`, { force: true });
  const replacedPath = existsSync(databasePath)
    ? `${databasePath}.reemplazada-${new Date(now).toISOString().replace(/[:.]/g, '-')}`
    : null;
  if (replacedPath) {
    for (const suffix of SQLITE_COMPANIONS) {
      if (!existsSync(databasePath + suffix)) continue;
      renameSync(databasePath + suffix, replacedPath + suffix);
      chmodSync(replacedPath + suffix, OWNER_ONLY_FILE);
    }
  }
  renameSync(staging, databasePath);
  return { replacedPath };
}
