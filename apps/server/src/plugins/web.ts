import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors.js';

/**
 * Serves the built single-page app for every path outside /api, with history fallback
 * (a reload on /clients/7 gets index.html). Unknown /api paths answer a JSON 404.
 */
async function webPlugin(app: FastifyInstance, { root }: { root: string }) {
  const built = existsSync(join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        const hashed = path.includes(`${join(root, 'assets')}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
      throw notFound('Ruta no encontrada.');
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('La aplicación web no está compilada. Ejecuta "npm run build" o usa "npm start".');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

export default fp(webPlugin, { name: 'web' });
