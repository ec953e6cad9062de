import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

const REQUEST_ID_HEADER = 'x-request-id';
// It lands in log lines and a response header, so only a short plain token is taken as it came.
const SANE_REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * The id of a request: the X-Request-Id a proxy in front (or a client) sent, when sane, so one
 * request can be followed through both logs; otherwise a new random UUID.
 */
export const genReqId: NonNullable<FastifyServerOptions['genReqId']> = (request) => {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
};

/**
 * Every answer names its request in X-Request-Id (error bodies carry it as `requestId` too), and
 * Fastify's request logger puts it in every log line as `reqId`: what a user reports leads to
 * the server's lines about it.
 */
function requestIdPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

export default fp(requestIdPlugin, { name: 'request-id' });
