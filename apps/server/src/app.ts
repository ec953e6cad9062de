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

/**
 * What the log never shows, whatever a future line logs: credentials and the CSD's secrets (its
 * key's password arrives as a form field named `password`, like a sign-in's).
 */
export const LOG_REDACT = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    // @fastify/multipart logs the request's headers at trace level.
    'busboyOptions.headers.authorization',
    'busboyOptions.headers.cookie',
    'password',
    '*.password',
    'body.password',
    'passphrase',
    '*.passphrase',
    'csdKeySealed',
    '*.csdKeySealed',
    // The PAC's account and a cancellation's key (modules/invoicing/pac), should one be logged.
    'PAC_PASSWORD',
    '*.PAC_PASSWORD',
    'b64Key',
    '*.b64Key',
  ],
  censor: '[oculto]',
};

/** Fastify's own default, lost when a serverFactory builds the server. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

const withRedaction = (logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] =>
  logger === true ? { redact: LOG_REDACT } : logger ? { redact: LOG_REDACT, ...logger } : logger;

/** Builds the whole application without listening: tests call this, server.ts listens. */
export async function buildApp({ config, database, jwtSecret, logger = false, clock }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: withRedaction(logger),
    genReqId,
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    // A request (headers and body) must arrive within REQUEST_TIMEOUT_MS, else 408 and the
    // socket is closed: clients trickling bytes cannot hold the server's connections. Node checks
    // the deadline every connectionsCheckingInterval (30 s by default), so check every second.
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout: config.REQUEST_TIMEOUT_MS,
          headersTimeout: config.REQUEST_TIMEOUT_MS,
          connectionsCheckingInterval: 1000,
        },
        handler,
      );
      // A factory skips Fastify's keepAliveTimeout (72 s), leaving Node's 5 s: a client or proxy
      // reusing a connection idle for about 5 s could send its request as the server closed it,
      // and get a reset instead of an answer. Idle keep-alive sockets hold no request, so the
      // REQUEST_TIMEOUT_MS deadline does not apply to them; this outlives proxies' usual 60 s.
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('services', createServices({ database, config, secret: jwtSecret, clock }));
  // The shop's settings in memory before the first request: no sale waits to read them.
  app.addHook('onReady', async () => {
    // A database not answering yet is the health check's to report: the first request reads them again.
    await app.services.settings.current().catch((error: unknown) => app.log.warn({ err: error }, 'settings not read'));
  });
  // A drawer kick already on its way reaches the printer before the server stops.
  app.addHook('onClose', () => app.services.printing.kicksSettled());
  // Pending invoices (an unknown outcome at the PAC) are sent again, the same XML, every
  // INVOICE_RETRY_MS while the app runs (modules/invoicing/stamping.ts).
  app.addHook('onReady', async () =>
    app.services.invoicing.startRetries((error) => app.log.error({ err: error }, 'invoice retry round failed')),
  );
  app.addHook('onClose', () => app.services.invoicing.stopRetries());

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
