import { z } from 'zod';
import type { RoutesPlugin } from '../../lib/types.js';

/** For load balancers and start-up scripts: the process answers and the database takes writes (else 503). */
const healthRoutes: RoutesPlugin = async (app) => {
  const { health } = app.services;

  app.get(
    '/health',
    {
      config: { operation: 'health' },
      schema: {
        summary: 'Estado del servidor y de la base de datos',
        tags: ['health'],
        response: { 200: z.object({ ok: z.literal(true), database: z.string() }) },
      },
    },
    () => health.check(),
  );
};

export default healthRoutes;
