import type { ApiOperation, Role } from '@mostrador/shared';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DialectName } from '../db/connection.js';
import type { DB } from '../db/schema.js';
import type { TransactionRunner } from '../db/transactions.js';
import type { AccessTokenClaims } from '../modules/auth/auth.service.js';

/** The signed-in user as the access token describes them. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: Role;
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
    db: Kysely<DB>;
    dialect: DialectName;
    config: Config;
    /** Atomic writes (group commit on SQLite); shared by every service of this database. */
    transact: TransactionRunner;
  }
  interface FastifyContextConfig {
    /** Names the route in API_ACCESS; the access plugin enforces it. */
    operation?: ApiOperation;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AuthUser;
  }
}
