import { dashboardQuerySchema, dashboardSchema, shoppingListQuerySchema } from '@mostrador/shared';
import { fileResponse, sendFile } from '../../lib/responses.js';
import type { RoutesPlugin } from '../../lib/types.js';

const dashboardRoutes: RoutesPlugin = async (app) => {
  const { dashboard } = app.services;

  app.get(
    '/dashboard',
    {
      config: { operation: 'dashboard' },
      schema: {
        summary: 'Panel: el día de hoy, los últimos 30 días, lo más vendido y lo que hay que resurtir',
        tags: ['dashboard'],
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema },
      },
    },
    (request) => dashboard.get(request.query),
  );

  app.get(
    '/dashboard/shopping-list',
    {
      config: { operation: 'dashboard/shoppingList' },
      schema: {
        summary: 'Lista de compras (productos en su mínimo) en CSV o PDF',
        tags: ['dashboard'],
        querystring: shoppingListQuerySchema,
        response: { 200: fileResponse('La lista de compras.', 'text/csv', 'application/pdf') },
      },
    },
    async (request, reply) => {
      const file = await dashboard.shoppingList(request.query.format);
      return sendFile(reply, { ...file, disposition: 'attachment' });
    },
  );
};

export default dashboardRoutes;
