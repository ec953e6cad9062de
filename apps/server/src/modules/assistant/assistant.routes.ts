import { ephemeralKeyBodySchema, ephemeralKeyResponseSchema } from '@mostrador/shared';
import type { RoutesPlugin } from '../../lib/types.js';
import { createEphemeralKey } from './assistant.service.js';

const assistantRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/getEphemeralKey',
    {
      config: { operation: 'getEphemeralKey' },
      schema: {
        summary: 'Llave temporal del asistente de voz',
        tags: ['assistant'],
        errors: [502, 503],
        body: ephemeralKeyBodySchema,
        response: { 200: ephemeralKeyResponseSchema },
      },
    },
    async (request, reply) => {
      const key = await createEphemeralKey({
        apiBase: app.config.REALTIME_API_BASE,
        apiKey: app.config.OPENAI_API_KEY,
        model: app.config.REALTIME_MODEL,
        timeoutMs: app.config.REALTIME_TIMEOUT_MS,
        log: request.log,
      });
      // A secret: never kept by a cache along the way.
      return reply.header('cache-control', 'no-store').send(key);
    },
  );
};

export default assistantRoutes;
