import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { createOwnerOnlyFile, LOCK_SUFFIX } from './sqlite-file.js';

// One process at a time uses the embedded database: the server while it runs, or a restore.
// Under a running server a restore loses writes: the server goes on writing to the file it
// opened, which the restore moved aside, so what it records afterwards is gone at its next
// start. Two servers on one file would each trust their own memory of the sessions. The lock is SQLite's own file lock, taken
// on a small file beside the database (`<database>.lock`) and held until the process closes it
// or ends: the operating system drops it when the process dies, however it dies, so a server
// that crashed leaves nothing that blocks the next start or a restore, and no process id is
// guessed at.

/** Another process holds the database's lock. */
export class DatabaseInUse extends Error {
  constructor(readonly databaseFile: string) {
    super(`La base de datos ${databaseFile} está en uso por otro proceso de Mostrador.`);
  }
}

export interface DatabaseLock {
  readonly file: string;
  release(): void;
}

/**
 * Takes the lock of the SQLite database at `databaseFile` for this process, without waiting:
 * throws DatabaseInUse when another process (or another lock in this one) holds it.
 */
export function lockDatabase(databaseFile: string): DatabaseLock {
  const file = `${resolve(databaseFile)}${LOCK_SUFFIX}`;
  try {
    createOwnerOnlyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const lock = new SQLite(file, { timeout: 0 });
  try {
    // In exclusive locking mode SQLite keeps the lock of its first write until the connection
    // closes; a write is what takes it. The journal in memory: the file's content does not matter
    // and no -journal file is left beside it (better-sqlite3's defensive mode refuses OFF).
    lock.pragma('journal_mode = MEMORY');
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, since INTEGER NOT NULL)');
    lock.prepare('DELETE FROM holder').run();
    lock.prepare('INSERT INTO holder (pid, since) VALUES (?, ?)').run(process.pid, Date.now());
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new DatabaseInUse(resolve(databaseFile));
    throw error;
  }
  return {
    file,
    release: () => {
      if (lock.open) lock.close();
    },
  };
}
