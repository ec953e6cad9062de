// `npm run backup`: one backup of the embedded database into BACKUP_DIR, now, even while the
// server runs (SQLite's online backup API). On PostgreSQL use pg_dump (see the README).
import { loadConfig, loadDotEnv } from '../src/config.js';
import { takeBackup } from '../src/db/backup.js';
import { openDatabase } from '../src/db/connection.js';
import { POSTGRES_BACKUPS } from '../src/modules/backups/backups.service.js';

loadDotEnv();
const config = loadConfig();
const database = openDatabase(config.DATABASE_URL);
try {
  if (!database.sqlite) {
    console.error(POSTGRES_BACKUPS);
    process.exitCode = 1;
  } else {
    const backup = await takeBackup(database.sqlite, config.BACKUP_DIR, 'manual', Date.now());
    console.log(`Respaldo listo: ${config.BACKUP_DIR}/${backup.name} (${(backup.sizeBytes / 1024).toFixed(0)} KB)`);
  }
} finally {
  await database.close();
}
