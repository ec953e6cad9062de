import type { ErrorCode } from '@mostrador/shared';
import type { FastifyServerOptions } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.js';
import { TEST_JWT_SECRET, testConfig } from './app.js';
import { createTestDatabase } from './database.js';

/** The body of an error answer (its request id is new on every request). */
export const errorBody = (message: string, error: ErrorCode) => ({
  message,
  error,
  requestId: expect.stringMatching(/^[\w.:-]{1,64}$/),
});

/**
 * An Admin's product list on an app whose database is gone: every query fails, the one way to
 * get an unexpected error (500) from outside.
 */
export async function requestWithDatabaseGone(logger: FastifyServerOptions['logger'] = false) {
  const testDb = await createTestDatabase();
  const app = await buildApp({ config: testConfig(), database: testDb.database, jwtSecret: TEST_JWT_SECRET, logger });
  await app.ready();
  const token = app.jwt.sign({ sub: '1', sid: 'any', name: 'Ana', email: 'ana@x.mx', role: 'Admin' });
  await testDb.drop();
  const response = await app.inject({
    method: 'GET',
    url: '/api/product/list',
    headers: { authorization: `Bearer ${token}` },
  });
  await app.close();
  return response;
}
