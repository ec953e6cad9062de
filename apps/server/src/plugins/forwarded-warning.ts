import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What the log says, once, when a proxy seems to be in front of a server that does not trust it. */
export function forwardedWithoutTrustProxyWarning(address: string | undefined): string {
  return (
    'Llegan solicitudes con la cabecera X-Forwarded-For, pero TRUST_PROXY no está configurado: ' +
    `Mostrador no la lee y ve a todos los clientes con la dirección del proxy (${address ?? 'desconocida'}), ` +
    'así que los intentos fallidos de inicio de sesión de una persona bloquean a toda la tienda. ' +
    'Si Mostrador está detrás de un proxy, define TRUST_PROXY (README, «HTTPS behind a proxy»).'
  );
}

/**
 * Behind a reverse proxy every request comes from the proxy's address, so without TRUST_PROXY
 * the sign-in limits, counted per address, count the whole shop as one client. The header is
 * not read (anyone can send it); its arrival is only worth one warning per process.
 */
function forwardedWarningPlugin(app: FastifyInstance) {
  if (app.config.TRUST_PROXY !== false) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      request.log.warn(forwardedWithoutTrustProxyWarning(request.socket.remoteAddress));
    }
    done();
  });
}

export default fp(forwardedWarningPlugin, { name: 'forwarded-warning' });
