import { createServer } from 'node:http';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import type { Clock } from './lib/clock.js';
import type { App } from './lib/types.js';
import { validatorCompiler } from './lib/validation.js';
import { featureRoutes } from './modules/index.js';
import accessPlugin from './plugins/access.js';
import apiCachePlugin from './plugins/api-cache.js';
import compressionPlugin from './plugins/compression.js';
import docsPlugin from './plugins/docs.js';
import errorsPlugin from './plugins/errors.js';
import forwardedWarningPlugin from './plugins/forwarded-warning.js';
import requestIdPlugin, { genReqId } from './plugins/request-id.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import uploadsPlugin from './plugins/uploads.js';
import webPlugin, { inlineScriptHashes } from './plugins/web.js';
import { createServices } from './services.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** What every service reads as now (default Date.now): tests fix it, so no rule depends on today. */
  clock?: Clock;
}

/** A hop count trusts that many proxies nearest to the server (Fastify's types omit the number form). */
const trustProxyOption = (setting: Config['TRUST_PROXY']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

/** Builds the whole application without listening: tests call this, server.ts listens. */
export async function buildApp({ config, database, jwtSecret, logger = false, clock }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger,
    genReqId,
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    // A request (headers and body) must arrive within REQUEST_TIMEOUT_MS, else 408 and the
    // socket is closed: clients trickling bytes cannot hold the server's connections. Node checks
    // the deadline every connectionsCheckingInterval (30 s by default), so check every second.
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout: config.REQUEST_TIMEOUT_MS,
          headersTimeout: config.REQUEST_TIMEOUT_MS,
          connectionsCheckingInterval: 1000,
        },
        handler,
      ),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('services', createServices({ database, config, secret: jwtSecret, clock }));
  // A drawer kick already on its way reaches the printer before the server stops.
  app.addHook('onClose', () => app.services.printing.kicksSettled());

  await app.register(requestIdPlugin);
  await app.register(forwardedWarningPlugin);
  await app.register(apiCachePlugin);
  await app.register(errorsPlugin);
  await app.register(compressionPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        // index.html's one inline script (the app's loader), by hash.
        'script-src': ["'self'", ...inlineScriptHashes(config.WEB_DIST)],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", new URL(config.REALTIME_API_BASE).origin],
        'media-src': ["'self'", 'blob:'],
        'frame-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    // The app is usually reached over plain HTTP on the shop's network.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(accessPlugin, { secret: jwtSecret, accessTokenTtlSeconds: config.accessTokenTtlSeconds });
  await app.register(docsPlugin);
  await app.register(
    async (api) => {
      for (const routes of featureRoutes) await api.register(routes);
    },
    { prefix: '/api' },
  );
  await app.register(uploadsPlugin, { root: config.UPLOAD_DIR });
  await app.register(webPlugin, { root: config.WEB_DIST });
  return app;
}
