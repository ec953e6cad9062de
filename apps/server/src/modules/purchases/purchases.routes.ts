import {
  createPurchaseBodySchema,
  idParamsSchema,
  listPurchasesQuerySchema,
  listPurchasesResponseSchema,
  purchaseSchema,
} from '@mostrador/shared';
import { actorOf } from '../../lib/actor.js';
import type { RoutesPlugin } from '../../lib/types.js';
import { idempotencyKeyOf } from '../idempotency/index.js';

// Purchases (compras): Admin and Manager (API_ACCESS).
const purchasesRoutes: RoutesPlugin = async (app) => {
  const { purchases } = app.services;

  app.post(
    '/purchase/create',
    {
      config: { operation: 'purchase/create' },
      schema: {
        summary: 'Registrar una compra a un proveedor',
        description:
          'El stock entra con una Entrada por producto que nombra la compra; el costo promedio, el último costo y el último proveedor cambian en la misma transacción. Con fromDrawer, una Salida del turno de caja abierto. Acepta Idempotency-Key.',
        tags: ['purchases'],
        errors: [404, 409],
        body: createPurchaseBodySchema,
        response: { 201: purchaseSchema },
      },
    },
    async (request, reply) => {
      const result = await purchases.create(request.body, actorOf(request), idempotencyKeyOf(request));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.value);
    },
  );

  app.get(
    '/purchase/list',
    {
      config: { operation: 'purchase/list' },
      schema: {
        summary: 'Listar compras',
        tags: ['purchases'],
        querystring: listPurchasesQuerySchema,
        response: { 200: listPurchasesResponseSchema },
      },
    },
    (request) => purchases.list(request.query),
  );

  app.get(
    '/purchase/details/:id',
    {
      config: { operation: 'purchase/details' },
      schema: {
        summary: 'Detalle de una compra',
        tags: ['purchases'],
        errors: [404],
        params: idParamsSchema,
        response: { 200: purchaseSchema },
      },
    },
    (request) => purchases.details(request.params.id),
  );

  app.post(
    '/purchase/cancel/:id',
    {
      config: { operation: 'purchase/cancel' },
      schema: {
        summary: 'Cancelar una compra',
        description:
          'El stock sale de nuevo (se rechaza si algún producto quedaría abajo de cero) y el costo promedio se revierte.',
        tags: ['purchases'],
        errors: [404, 409],
        params: idParamsSchema,
        response: { 200: purchaseSchema },
      },
    },
    (request) => purchases.cancel(request.params.id, actorOf(request)),
  );
};

export default purchasesRoutes;
