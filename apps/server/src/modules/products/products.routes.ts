import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import {
  addInventoryBodySchema,
  adjustInventoryBodySchema,
  createProductBodySchema,
  editProductBodySchema,
  MAX_IMAGE_BYTES,
  PRODUCT_MESSAGES,
  productListResponseSchema,
  productSchema,
  removeInventoryBodySchema,
} from '@mostrador/shared';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import type { RoutesPlugin } from '../../lib/types.js';
import { type ImageUpload, isImageUpload } from './images.js';

// The optional image of create/edit: the multipart file field `image`, read into memory by onFile.
const imageField = z
  .custom<ImageUpload>(isImageUpload, { error: 'Debe ser un archivo de imagen.' })
  .optional()
  .meta({ type: 'string', format: 'binary', description: 'JPEG, PNG o WebP de hasta 5 MB.' });

const createRequestSchema = createProductBodySchema.extend({ image: imageField });
const editRequestSchema = editProductBodySchema.extend({ image: imageField });

/** Reads the uploaded file into memory (busboy stops at 5 MB) so the body validator sees it. */
async function readFilePart(part: MultipartFile) {
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', PRODUCT_MESSAGES.imageSize);
    }
    throw error;
  }
  // An empty file input (no file chosen) is the same as no image.
  if (data.length === 0 && !part.filename) {
    delete part.fields[part.fieldname];
    return;
  }
  part.value = { filename: part.filename, mimetype: part.mimetype, data } satisfies ImageUpload;
}

const productsRoutes: RoutesPlugin = async (app) => {
  const { products } = app.services;

  app.get(
    '/product/list',
    {
      config: { operation: 'product/list' },
      schema: { tags: ['products'], response: { 200: productListResponseSchema } },
    },
    async () => ({ products: await products.list() }),
  );

  app.post(
    '/product/addInventory',
    {
      config: { operation: 'product/addInventory' },
      schema: { tags: ['products'], body: addInventoryBodySchema, response: { 200: productSchema } },
    },
    (request) => products.addInventory(request.body, actorOf(request)),
  );

  app.post(
    '/product/removeInventory',
    {
      config: { operation: 'product/removeInventory' },
      schema: {
        tags: ['products'],
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
        tags: ['products'],
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
      attachFieldsToBody: 'keyValues',
      onFile: readFilePart,
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 10_000 },
    });

    scope.post(
      '/product/create',
      {
        config: { operation: 'product/create' },
        schema: {
          tags: ['products'],
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
          tags: ['products'],
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
