import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * helmet's security headers on every answer. @fastify/helmet builds helmet's middleware anew on
 * every request (parsing the CSP directives each time, a visible share of the server's time on the
 * sale path; docs/benchmarks.md); our options use no nonces, so the headers are the same for every
 * answer. They are computed once, by asking @fastify/helmet itself on a probe instance (what it
 * adds to an empty answer), and set from onRequest, as helmet does, so errors and 404s carry them
 * too.
 */
async function securityHeadersPlugin(app: FastifyInstance, options: FastifyHelmetOptions) {
  const headers = await headersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

async function headersOf(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', () => '');
    try {
      return (await probe.inject('/')).headers;
    } finally {
      await probe.close();
    }
  };
  const [plain, secured] = await Promise.all([answer(false), answer(true)]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(secured)) {
    if (plain[name] === undefined && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
