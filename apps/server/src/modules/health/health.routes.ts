import { sql } from 'kysely';
import { z } from 'zod';
import type { RoutesPlugin } from '../../lib/types.js';

/** For load balancers and start-up scripts: the process answers and the database too. */
const healthRoutes: RoutesPlugin = async (app) => {
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
    async () => {
      await sql`select 1`.execute(app.db);
      return { ok: true as const, database: app.dialect };
    },
  );
};

export default healthRoutes;
