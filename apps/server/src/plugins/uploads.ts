import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors.js';

/**
 * Product images under /uploads/<random name>. Names are random and never reused, so the files
 * are cached for good; a missing file is a plain 404, not the web app.
 */
export default async function uploadsPlugin(app: FastifyInstance, { root }: { root: string }) {
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: resolve(root),
        prefix: '/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        // The folder is created with the first upload.
        suppressWarning: true,
        setHeaders(reply) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
      scope.setNotFoundHandler(() => {
        throw notFound('Imagen no encontrada.');
      });
    },
    { prefix: '/uploads' },
  );
}
