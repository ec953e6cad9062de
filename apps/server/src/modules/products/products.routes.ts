import fastifyMultipart from '@fastify/multipart';
import {
  addInventoryBodySchema,
  adjustInventoryBodySchema,
  createProductBodySchema,
  editProductBodySchema,
  lookupProductQuerySchema,
  lookupProductResponseSchema,
  MAX_IMAGE_BYTES,
  productListResponseSchema,
  productSchema,
  productTaxReviewSchema,
  removeInventoryBodySchema,
} from '@mostrador/shared';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.js';
import type { RoutesPlugin } from '../../lib/types.js';
import { readImageForm } from './image-form.js';
import { type ImageUpload, isImageUpload } from './images.js';

// The optional image of create/edit: the multipart file field `image`, read into memory by readImageForm.
const imageField = z
  .custom<ImageUpload>(isImageUpload, { error: 'Debe ser un archivo de imagen.' })
  .optional()
  .meta({ type: 'string', format: 'binary', description: 'JPEG, PNG o WebP de hasta 5 MB.' });

const createRequestSchema = createProductBodySchema.safeExtend({ image: imageField });
const editRequestSchema = editProductBodySchema.safeExtend({ image: imageField });

const productsRoutes: RoutesPlugin = async (app) => {
  const { products } = app.services;

  app.get(
    '/product/list',
    {
      config: { operation: 'product/list' },
      schema: {
        summary: 'Listar productos con su stock',
        tags: ['products'],
        response: { 200: productListResponseSchema },
      },
    },
    async (request) => ({ products: await products.list(actorOf(request)) }),
  );

  app.get(
    '/product/taxReview',
    {
      config: { operation: 'product/taxReview' },
      schema: {
        summary: 'Contar los productos con impuestos sin revisar',
        description:
          'Productos que nadie ha guardado desde que llegaron los impuestos (se asumió IVA 16 %): el aviso "Revisa los impuestos".',
        tags: ['products'],
        response: { 200: productTaxReviewSchema },
      },
    },
    () => products.taxReview(),
  );

  app.get(
    '/product/lookup',
    {
      config: { operation: 'product/lookup' },
      schema: {
        summary: 'Buscar un producto por código de barras, código o etiqueta de báscula',
        tags: ['products'],
        errors: [404],
        querystring: lookupProductQuerySchema,
        response: { 200: lookupProductResponseSchema },
      },
    },
    (request) => products.lookup(request.query.code, actorOf(request)),
  );

  app.post(
    '/product/addInventory',
    {
      config: { operation: 'product/addInventory' },
      schema: {
        summary: 'Registrar una entrada de inventario',
        tags: ['products'],
        errors: [404],
        body: addInventoryBodySchema,
        response: { 200: productSchema },
      },
    },
    (request) => products.addInventory(request.body, actorOf(request)),
  );

  app.post(
    '/product/removeInventory',
    {
      config: { operation: 'product/removeInventory' },
      schema: {
        summary: 'Registrar una merma',
        tags: ['products'],
        errors: [404, 409],
        description: 'Registra una merma (MERMA).',
        body: removeInventoryBodySchema,
        response: { 200: productSchema },
      },
    },
    (request) => products.removeInventory(request.body, actorOf(request)),
  );

  app.post(
    '/product/adjustInventory',
    {
      config: { operation: 'product/adjustInventory' },
      schema: {
        summary: 'Ajustar el inventario',
        tags: ['products'],
        errors: [404, 409],
        description: 'Ajuste con signo (ADJUSTMENT).',
        body: adjustInventoryBodySchema,
        response: { 200: productSchema },
      },
    },
    (request) => products.adjustInventory(request.body, actorOf(request)),
  );

  // Create and edit take multipart/form-data (or JSON without an image); the parser lives
  // only in this scope.
  const withImages: RoutesPlugin = async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 21, parts: 22, fieldSize: 10_000 },
    });
    scope.addHook('preValidation', readImageForm);

    scope.post(
      '/product/create',
      {
        config: { operation: 'product/create' },
        schema: {
          summary: 'Crear un producto',
          tags: ['products'],
          errors: [409],
          consumes: ['multipart/form-data', 'application/json'],
          body: createRequestSchema,
          response: { 201: productSchema },
        },
      },
      async (request, reply) => {
        const { image, ...input } = request.body;
        return reply.status(201).send(await products.create(input, image, actorOf(request)));
      },
    );

    scope.post(
      '/product/edit',
      {
        config: { operation: 'product/edit' },
        schema: {
          summary: 'Editar un producto',
          tags: ['products'],
          errors: [404, 409],
          consumes: ['multipart/form-data', 'application/json'],
          body: editRequestSchema,
          response: { 200: productSchema },
        },
      },
      (request) => {
        const { image, ...input } = request.body;
        return products.edit(input, image);
      },
    );
  };
  await app.register(withImages);
};

export default productsRoutes;
