import {
  clientDetailsQuerySchema,
  clientDetailsSchema,
  clientListResponseSchema,
  clientSchema,
  disableClientBodySchema,
  editClientBodySchema,
  idParamsSchema,
  registerClientBodySchema,
} from '@mostrador/shared';
import { actorOf } from '../../lib/actor.js';
import type { RoutesPlugin } from '../../lib/types.js';

// Every role registers, lists and opens clients (a seller creates the client while selling);
// only Admin and Manager edit or disable them, set credit terms and see what clients owe.
const clientsRoutes: RoutesPlugin = async (app) => {
  const { clients } = app.services;

  app.post(
    '/client/register',
    {
      config: { operation: 'client/register' },
      schema: {
        summary: 'Registrar un cliente',
        tags: ['clients'],
        body: registerClientBodySchema,
        response: { 201: clientSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await clients.register(request.body, actorOf(request))),
  );

  app.get(
    '/client/list',
    {
      config: { operation: 'client/list' },
      schema: {
        summary: 'Listar clientes habilitados',
        tags: ['clients'],
        response: { 200: clientListResponseSchema },
      },
    },
    async (request) => ({ clients: await clients.list(actorOf(request)) }),
  );

  app.get(
    '/client/details/:id',
    {
      config: { operation: 'client/details' },
      schema: {
        summary: 'Detalle de un cliente con una página de sus remisiones',
        tags: ['clients'],
        errors: [404],
        params: idParamsSchema,
        querystring: clientDetailsQuerySchema,
        response: { 200: clientDetailsSchema },
      },
    },
    (request) => clients.details(request.params.id, request.query, actorOf(request)),
  );

  app.post(
    '/client/edit',
    {
      config: { operation: 'client/edit' },
      schema: {
        summary: 'Editar un cliente',
        tags: ['clients'],
        errors: [404],
        body: editClientBodySchema,
        response: { 200: clientSchema },
      },
    },
    (request) => clients.edit(request.body, actorOf(request)),
  );

  app.post(
    '/client/disable',
    {
      config: { operation: 'client/disable' },
      schema: {
        summary: 'Deshabilitar un cliente',
        tags: ['clients'],
        errors: [404],
        body: disableClientBodySchema,
        response: { 200: clientSchema },
      },
    },
    (request) => clients.disable(request.body.id, actorOf(request)),
  );
};

export default clientsRoutes;
