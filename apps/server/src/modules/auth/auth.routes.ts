import {
  loginBodySchema,
  logoutBodySchema,
  okResponseSchema,
  refreshBodySchema,
  registerBodySchema,
  sessionResponseSchema,
  userSchema,
  validateTokenResponseSchema,
} from '@mostrador/shared';
import type { RoutesPlugin } from '../../lib/types.js';
import { createAuthService } from './auth.service.js';

const authRoutes: RoutesPlugin = async (app) => {
  const auth = createAuthService({
    db: app.db,
    config: app.config,
    signAccessToken: (claims) => app.jwt.sign(claims, { expiresIn: app.config.accessTokenTtlSeconds }),
  });

  app.post(
    '/auth/login',
    {
      config: { operation: 'auth/login' },
      schema: {
        summary: 'Iniciar sesión',
        tags: ['auth'],
        errors: [401, 429],
        body: loginBodySchema,
        response: { 200: sessionResponseSchema },
      },
    },
    (request) => auth.login(request.body, request.ip),
  );

  app.post(
    '/auth/refreshToken',
    {
      config: { operation: 'auth/refreshToken' },
      schema: {
        summary: 'Renovar la sesión con el token de renovación',
        tags: ['auth'],
        errors: [401],
        body: refreshBodySchema,
        response: { 200: sessionResponseSchema },
      },
    },
    (request) => auth.refresh(request.body.refreshToken),
  );

  app.post(
    '/auth/logout',
    {
      config: { operation: 'auth/logout' },
      schema: { summary: 'Cerrar sesión', tags: ['auth'], body: logoutBodySchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await auth.logout(request.body?.refreshToken);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/validateToken',
    {
      config: { operation: 'auth/validateToken' },
      schema: {
        summary: 'Usuario de la sesión actual',
        tags: ['auth'],
        response: { 200: validateTokenResponseSchema },
      },
    },
    async (request) => ({ user: await auth.currentUser(request.user.id) }),
  );

  app.post(
    '/auth/register',
    {
      config: { operation: 'auth/register' },
      schema: {
        summary: 'Registrar un usuario',
        tags: ['auth'],
        errors: [409],
        body: registerBodySchema,
        response: { 201: userSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await auth.register(request.body)),
  );
};

export default authRoutes;
