import type { ApiOperation, Requirement, Role } from '@mostrador/shared';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';

/** The signed-in user as stored now (read on every request), and the session of the request. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
}

/** What an access token claims, still to be held against the stored session (sessions.service.ts `admitted`). */
export interface SessionToCheck {
  userId: number;
  sessionId: string;
  /** What the route needs (API_ACCESS). */
  requirement: Requirement;
}

/** What an access token carries: the user's id as `sub`, the session as `sid`, and what the web app shows. */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
  name: string;
  email: string;
  role: Role;
  /** Expiry in seconds since the epoch, set by the signer from the token's time to live. */
  exp?: number;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A feature's routes: registered under /api by app.ts. */
export type RoutesPlugin = FastifyPluginAsyncZod;

export interface ApiRoute {
  method: string;
  url: string;
  operation: ApiOperation;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every guarded /api route, as registered (the endpoint × role test walks it). */
    apiRoutes: ApiRoute[];
    config: Config;
    /** A signed access token for that user, valid for `config.accessTokenTtlSeconds`. */
    signAccessToken(user: AuthUser): string;
    /**
     * The request's user when its token and session hold and its role meets `requirement`; a 401
     * or 403 otherwise. For what no operation of API_ACCESS names (the API's documentation).
     */
    authorize(request: FastifyRequest, requirement: Requirement): Promise<AuthUser>;
  }
  interface FastifyContextConfig {
    /** Names the route in API_ACCESS; the access plugin enforces it. */
    operation?: ApiOperation;
    /**
     * The route hands the session to its service, which checks it (with the same rule, `admitted`)
     * in its own read: the access plugin checks the token and leaves `request.sessionToCheck`
     * instead of `request.user`. receipt/create: a sale reads its seller's session together
     * with what it sells.
     */
    sessionCheckedByService?: boolean;
  }
  interface FastifyRequest {
    /** Set instead of `user` on a route whose service checks the session itself (`sessionCheckedByService`). */
    sessionToCheck?: SessionToCheck;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AuthUser;
  }
}
