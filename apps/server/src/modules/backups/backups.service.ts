import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Backup, type BackupKind, type BackupListResponse, toIso } from '@mostrador/shared';
import type { Config } from '../../config.js';
import { type BackupFile, isBackupName, listBackups, pruneBackups, takeBackup } from '../../db/backup.js';
import type { Database } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';

export const POSTGRES_BACKUPS =
  'En PostgreSQL los respaldos se hacen con pg_dump en el servidor de la base de datos; consulta el README.';

export interface BackupsDeps {
  database: Database;
  config: Pick<Config, 'BACKUP_DIR' | 'BACKUP_EVERY_HOURS' | 'BACKUP_KEEP'>;
  clock: Clock;
}

const HOUR_MS = 60 * 60 * 1000;

function toBackup(file: BackupFile): Backup {
  return { name: file.name, kind: file.kind, sizeBytes: file.sizeBytes, createdAt: toIso(file.createdAt) };
}

export function createBackupsService({ database, config, clock }: BackupsDeps) {
  const dir = resolve(config.BACKUP_DIR);
  // One backup at a time: 'Respaldar ahora' during the automatic one waits for it to finish.
  let last: Promise<unknown> = Promise.resolve();

  function embedded() {
    if (!database.sqlite) throw conflict(POSTGRES_BACKUPS);
    return database.sqlite;
  }

  async function create(kind: BackupKind): Promise<Backup> {
    const sqlite = embedded();
    const run = last.then(async () => {
      const file = await takeBackup(sqlite, dir, kind, clock());
      pruneBackups(dir, config.BACKUP_KEEP);
      return file;
    });
    last = run.catch(() => undefined);
    return toBackup(await run);
  }

  return {
    list(): BackupListResponse {
      return {
        embedded: !!database.sqlite,
        everyHours: config.BACKUP_EVERY_HOURS,
        keep: config.BACKUP_KEEP,
        backups: database.sqlite ? listBackups(dir).map(toBackup) : [],
      };
    },

    create,

    /** Where a listed backup's file is, for its download. */
    pathOf(name: string): string {
      embedded();
      const path = join(dir, name);
      if (!isBackupName(name) || !existsSync(path)) throw notFound('El respaldo no existe.');
      return path;
    },

    /**
     * Backs up whenever the newest backup is older than BACKUP_EVERY_HOURS, checking at start and
     * then every hour at most: a shop PC switched off at night still gets its daily backup the
     * morning after. Answers the function that stops the checks.
     */
    startSchedule(onError: (error: unknown) => void): () => void {
      if (!database.sqlite || config.BACKUP_EVERY_HOURS === 0) return () => undefined;
      const intervalMs = config.BACKUP_EVERY_HOURS * HOUR_MS;
      const check = () => {
        const newest = listBackups(dir).find((file) => file.kind !== 'migracion');
        if (!newest || clock() - newest.createdAt >= intervalMs) create('automatico').catch(onError);
      };
      check();
      const timer = setInterval(check, Math.min(intervalMs, HOUR_MS));
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
