import fastifyJwt from '@fastify/jwt';
import { API_ACCESS, isRole, type Requirement } from '@mostrador/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors.js';
import { admitted } from '../modules/sessions/sessions.service.js';
import type { AccessTokenClaims, ApiRoute, AuthUser, SessionToCheck } from '../lib/types.js';
import { rememberingVerifier } from '../lib/verified-tokens.js';

const API_PREFIX = '/api/';
const UNGUARDED_PREFIXES = ['/api/docs'];

/**
 * Authentication and permissions for every API route, in one place: a route names its
 * operation in `config.operation`; API_ACCESS (packages/shared) says who may call it.
 */
async function accessPlugin(
  app: FastifyInstance,
  { secret, accessTokenTtlSeconds }: { secret: string; accessTokenTtlSeconds: number },
) {
  await app.register(fastifyJwt, {
    secret,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
    formatUser: (claims) => ({
      id: Number(claims.sub),
      name: claims.name,
      email: claims.email,
      role: claims.role,
      sessionId: claims.sid,
    }),
  });

  app.decorate('signAccessToken', (user: AuthUser) =>
    app.jwt.sign(
      { sub: String(user.id), sid: user.sessionId, name: user.name, email: user.email, role: user.role },
      { expiresIn: accessTokenTtlSeconds },
    ),
  );

  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);

  // A route under /api without an operation would be open to anyone: refuse to start.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX) || UNGUARDED_PREFIXES.some((p) => route.url.startsWith(p))) return;
    const operation = route.config?.operation;
    if (!operation || !(operation in API_ACCESS)) {
      throw new Error(`La ruta ${route.method} ${route.url} no declara una operación de API_ACCESS.`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, operation });
    }
  });

  // A token verified once is remembered until its own `exp`; the session is still checked on
  // every request below. The plugin's verifier directly, as request.jwtVerify() also decodes the
  // token first and runs a callback chain.
  const verifyAccessToken = rememberingVerifier((token) => app.jwt.verify<AccessTokenClaims>(token), 1000);

  /** What the request's token claims, to be checked against the session: a 401 without a valid token. */
  function sessionToCheck(request: FastifyRequest, requirement: Requirement): SessionToCheck {
    let claims: AccessTokenClaims;
    try {
      claims = verifyAccessToken(bearerToken(request.headers.authorization));
    } catch {
      throw unauthorized();
    }
    const id = Number(claims.sub);
    const { role, sid: sessionId } = claims;
    if (!Number.isInteger(id) || id <= 0 || !isRole(role) || typeof sessionId !== 'string') throw unauthorized();
    return { userId: id, sessionId, requirement };
  }

  // The token says who signed in; the database says whether that still holds and with which role.
  const authorize = async (request: FastifyRequest, requirement: Requirement) => {
    const toCheck = sessionToCheck(request, requirement);
    return admitted(await app.services.sessions.check(toCheck.sessionId), toCheck);
  };
  app.decorate('authorize', authorize);

  app.addHook('onRequest', async (request) => {
    const operation = request.routeOptions.config.operation;
    if (!operation) return;
    const requirement = API_ACCESS[operation];
    if (requirement === null) return;
    // A route may hand the session to its service, which checks it with the same `admitted` in
    // its own read (a sale reads it together with what it sells). request.user stays unset there.
    if (request.routeOptions.config.sessionCheckedByService) {
      request.sessionToCheck = sessionToCheck(request, requirement);
      return;
    }
    request.user = await authorize(request, requirement);
  });
}

/** The token of an `Authorization: Bearer <token>` header, as @fastify/jwt reads it; throws otherwise. */
function bearerToken(header: string | undefined): string {
  const parts = header && /^Bearer\s/i.test(header) ? header.split(' ') : [];
  if (parts.length !== 2 || !parts[1]) throw unauthorized();
  return parts[1];
}

export default fp(accessPlugin, { name: 'access' });
