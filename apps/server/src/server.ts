import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { takeBackup } from './db/backup.js';
import { dialectOf, openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { DatabaseFileError, prepareSqliteFile } from './db/sqlite-file.js';
import { resolveJwtSecret } from './lib/secret.js';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  if (dialectOf(config.DATABASE_URL) === 'sqlite' && config.DATABASE_URL !== 'sqlite::memory:') {
    prepareSqliteFile(config.DATABASE_URL.slice('sqlite:'.length), {
      dataDir: config.DATA_DIR,
      uploadDir: config.UPLOAD_DIR,
    });
  }
  const database = openDatabase(config.DATABASE_URL);
  // A version that changes the schema first copies the database as it was: the way back.
  const { sqlite } = database;
  await migrateToLatest(database, {
    beforeChange: sqlite ? () => takeBackup(sqlite, config.BACKUP_DIR, 'migracion', Date.now()) : undefined,
  });
  const jwtSecret = resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  const app = await buildApp({ config, database, jwtSecret, logger: { level: config.LOG_LEVEL } });
  const admin = await app.services.users.ensureFirstAdmin();

  const stopBackups = app.services.backups.startSchedule((error) =>
    app.log.error({ err: error }, 'El respaldo automático falló'),
  );
  const shutdown = async () => {
    stopBackups();
    await app.close();
    await database.close();
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
  if (error instanceof ConfigError || error instanceof DatabaseFileError) console.error(error.message);
  else console.error('No se pudo iniciar Mostrador:', error instanceof Error ? error.message : error);
  process.exit(1);
});
