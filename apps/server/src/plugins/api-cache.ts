import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API answers carry tokens and customers' personal data: no browser, proxy or shared cache may
 * keep them. A route that sets its own Cache-Control (downloads) keeps it, and those say
 * `no-store` too.
 */
function apiCachePlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}

export default fp(apiCachePlugin, { name: 'api-cache' });
