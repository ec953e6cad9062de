import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { takeBackup } from './db/backup.js';
import { dialectOf, openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { DatabaseFileError, prepareSqliteFile, securePrivateFiles } from './db/sqlite-file.js';
import { DatabaseInUse, type DatabaseLock, lockDatabase } from './db/sqlite-lock.js';
import { resolveJwtSecret } from './lib/secret.js';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const sqliteFile =
    dialectOf(config.DATABASE_URL) === 'sqlite' && config.DATABASE_URL !== 'sqlite::memory:'
      ? config.DATABASE_URL.slice('sqlite:'.length)
      : null;
  // Folders 0700 and the database and its backups 0600, what an older version left open included.
  const unsecured = securePrivateFiles({
    dataDir: config.DATA_DIR,
    ...(sqliteFile && { backupDir: config.BACKUP_DIR, databaseFile: sqliteFile }),
  });
  let lock: DatabaseLock | undefined;
  if (sqliteFile) {
    prepareSqliteFile(sqliteFile, { dataDir: config.DATA_DIR, uploadDir: config.UPLOAD_DIR });
    // Held while the server runs: `npm run restore` refuses meanwhile (db/sqlite-lock.ts).
    lock = lockDatabase(sqliteFile);
  }
  const database = openDatabase(config.DATABASE_URL);
  // A version that changes the schema first copies the database as it was: the way back.
  const { sqlite } = database;
  await migrateToLatest(database, {
    beforeChange: sqlite ? () => takeBackup(sqlite, config.BACKUP_DIR, 'migracion', Date.now()) : undefined,
  });
  const jwtSecret = resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  const app = await buildApp({ config, database, jwtSecret, logger: { level: config.LOG_LEVEL } });
  for (const problem of unsecured) app.log.warn(problem);
  const admin = await app.services.users.ensureFirstAdmin();

  const stopBackups = app.services.backups.startSchedule((error) =>
    app.log.error({ err: error }, 'El respaldo automático falló'),
  );
  const shutdown = async () => {
    stopBackups();
    await app.close();
    await database.close();
    lock?.release();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const lines = ['', `  Mostrador está listo: http://localhost:${port}`];
  if (admin) {
    lines.push(`  Primer administrador: ${admin.email}`);
    lines.push(
      admin.password
        ? `  Contraseña (se muestra solo esta vez): ${admin.password}`
        : '  Contraseña: la de ADMIN_PASSWORD',
    );
  } else {
    lines.push('  Inicia sesión con tu correo y contraseña.');
  }
  lines.push(`  Base de datos: ${database.dialect === 'sqlite' ? config.DATABASE_URL : 'PostgreSQL'}`, '');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof DatabaseInUse) {
    console.error(
      `No se pudo iniciar Mostrador: la base de datos ${error.databaseFile} ya la usa otro proceso de Mostrador ` +
        '(un servidor en marcha o una restauración). Espera a que termine o detenlo antes de iniciar este.',
    );
  } else if (error instanceof ConfigError || error instanceof DatabaseFileError) console.error(error.message);
  else console.error('No se pudo iniciar Mostrador:', error instanceof Error ? error.message : error);
  process.exit(1);
});
