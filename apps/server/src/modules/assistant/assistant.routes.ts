import { ephemeralKeyBodySchema, ephemeralKeyResponseSchema } from '@mostrador/shared';
import { realtimeModelWarning } from '../../config.js';
import type { RoutesPlugin } from '../../lib/types.js';

const assistantRoutes: RoutesPlugin = async (app) => {
  const { assistant } = app.services;
  const warning = realtimeModelWarning(app.config.REALTIME_MODEL);
  if (warning) app.log.warn({ model: app.config.REALTIME_MODEL }, warning);

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
      const key = await assistant.ephemeralKey(request.log);
      // A secret: never kept by a cache along the way.
      return reply.header('cache-control', 'no-store').send(key);
    },
  );
};

export default assistantRoutes;
