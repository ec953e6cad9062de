// `npm run restore -- FILE`: puts a backup in place of the embedded database. Refused while the
// server runs (it holds the database's lock; the restore holds it too until done, so the server
// cannot start meanwhile). The file must pass SQLite's integrity check and come from this version
// of Mostrador or an older one; the replaced database stays beside it (<file>.reemplazada-<time>).
import { resolve } from 'node:path';
import { loadConfig, loadDotEnv } from '../src/config.js';
import { BackupRejected, restoreBackup } from '../src/db/backup.js';
import { dialectOf } from '../src/db/connection.js';
import { knownMigrationNames } from '../src/db/migrate.js';
import { DatabaseInUse, type DatabaseLock, lockDatabase } from '../src/db/sqlite-lock.js';
import { POSTGRES_BACKUPS } from '../src/modules/backups/backups.service.js';

loadDotEnv();
const config = loadConfig();
const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run restore -- ARCHIVO (por ejemplo data/backups/respaldo-….db)');
  process.exit(1);
}
if (dialectOf(config.DATABASE_URL) !== 'sqlite') {
  console.error(POSTGRES_BACKUPS);
  process.exit(1);
}
const databasePath = resolve(config.DATABASE_URL.slice('sqlite:'.length));
let lock: DatabaseLock;
try {
  lock = lockDatabase(databasePath);
} catch (error) {
  if (!(error instanceof DatabaseInUse)) throw error;
  console.error(
    `No se restauró nada: Mostrador está en marcha y usa la base de datos ${databasePath}. ` +
      'Detén el servidor (Ctrl+C en su ventana, o detén su servicio) y vuelve a ejecutar npm run restore.',
  );
  process.exit(1);
}
try {
  const { replacedPath } = restoreBackup(resolve(file), databasePath, knownMigrationNames(), Date.now());
  console.log(`Base de datos restaurada desde ${file}.`);
  if (replacedPath) console.log(`La base de datos anterior quedó en ${replacedPath}.`);
} catch (error) {
  if (!(error instanceof BackupRejected)) throw error;
  console.error(`No se restauró nada: ${error.message}`);
  process.exitCode = 1;
} finally {
  lock.release();
}
