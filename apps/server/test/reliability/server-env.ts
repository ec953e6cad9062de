import { join } from 'node:path';

/**
 * The environment of a real server process started by a reliability test: its database, every
 * folder it writes inside `dataDir` (backups included, so nothing lands in the repository's
 * ./data), a fixed secret and a known first Admin.
 */
export function reliabilityServerEnv(
  databaseUrl: string,
  dataDir: string,
  admin: { email: string; password: string },
): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    UPLOAD_DIR: join(dataDir, 'uploads'),
    BACKUP_DIR: join(dataDir, 'backups'),
    WEB_DIST: join(dataDir, 'no-web'),
    JWT_SECRET: 'reliability-secret-that-is-long-enough-for-hs256',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'fatal',
  };
}
