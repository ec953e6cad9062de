import {
  editSupplierBodySchema,
  idParamsSchema,
  registerSupplierBodySchema,
  supplierListResponseSchema,
  supplierSchema,
} from '@mostrador/shared';
import type { RoutesPlugin } from '../../lib/types.js';

// Suppliers: Admin and Manager (API_ACCESS).
const suppliersRoutes: RoutesPlugin = async (app) => {
  const { suppliers } = app.services;

  app.get(
    '/supplier/list',
    {
      config: { operation: 'supplier/list' },
      schema: {
        summary: 'Listar proveedores habilitados',
        tags: ['suppliers'],
        response: { 200: supplierListResponseSchema },
      },
    },
    async () => ({ suppliers: await suppliers.list() }),
  );

  app.post(
    '/supplier/register',
    {
      config: { operation: 'supplier/register' },
      schema: {
        summary: 'Registrar un proveedor',
        tags: ['suppliers'],
        errors: [409],
        body: registerSupplierBodySchema,
        response: { 201: supplierSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await suppliers.register(request.body)),
  );

  app.post(
    '/supplier/edit/:id',
    {
      config: { operation: 'supplier/edit' },
      schema: {
        summary: 'Editar un proveedor',
        tags: ['suppliers'],
        errors: [404, 409],
        params: idParamsSchema,
        body: editSupplierBodySchema,
        response: { 200: supplierSchema },
      },
    },
    (request) => suppliers.edit(request.params.id, request.body),
  );

  app.post(
    '/supplier/disable/:id',
    {
      config: { operation: 'supplier/disable' },
      schema: {
        summary: 'Deshabilitar un proveedor',
        tags: ['suppliers'],
        errors: [404],
        params: idParamsSchema,
        response: { 200: supplierSchema },
      },
    },
    (request) => suppliers.disable(request.params.id),
  );
};

export default suppliersRoutes;
