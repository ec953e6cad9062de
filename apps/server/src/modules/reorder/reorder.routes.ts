import { reorderSchema } from '@mostrador/shared';
import type { RoutesPlugin } from '../../lib/types.js';

const reorderRoutes: RoutesPlugin = async (app) => {
  const { reorder } = app.services;

  app.get(
    '/purchase/reorder',
    {
      config: { operation: 'purchase/reorder' },
      schema: {
        summary: 'Lista de compras por proveedor: los productos en su mínimo, agrupados por su último proveedor',
        tags: ['purchases'],
        response: { 200: reorderSchema },
      },
    },
    () => reorder.list(),
  );
};

export default reorderRoutes;
