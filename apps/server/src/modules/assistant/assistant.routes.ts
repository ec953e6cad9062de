import { ephemeralKeyBodySchema, ephemeralKeyResponseSchema } from '@mostrador/shared';
import type { Config } from '../../config.js';
import type { RoutesPlugin } from '../../lib/types.js';
import { createEphemeralKey, DEFAULT_PROVIDER_TIMEOUT_MS } from './assistant.service.js';

/**
 * How long to wait for the provider. Read at each request from REALTIME_TIMEOUT_MS when the
 * configuration carries it (tests set a short one), else 10 s.
 */
function providerTimeoutMs(config: Config): number {
  const value = (config as Config & { REALTIME_TIMEOUT_MS?: unknown }).REALTIME_TIMEOUT_MS;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : DEFAULT_PROVIDER_TIMEOUT_MS;
}

const assistantRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/getEphemeralKey',
    {
      config: { operation: 'getEphemeralKey' },
      schema: { tags: ['assistant'], body: ephemeralKeyBodySchema, response: { 200: ephemeralKeyResponseSchema } },
    },
    async (request, reply) => {
      const key = await createEphemeralKey({
        apiBase: app.config.REALTIME_API_BASE,
        apiKey: app.config.OPENAI_API_KEY,
        model: app.config.REALTIME_MODEL,
        timeoutMs: providerTimeoutMs(app.config),
        log: request.log,
      });
      // A secret: never kept by a cache along the way.
      return reply.header('cache-control', 'no-store').send(key);
    },
  );
};

export default assistantRoutes;
