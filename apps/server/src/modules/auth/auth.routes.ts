import {
  changePasswordBodySchema,
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
import type { SessionGrant } from './auth.service.js';

const authRoutes: RoutesPlugin = async (app) => {
  const { auth, users } = app.services;
  const withAccessToken = ({ user, refreshToken, sessionId }: SessionGrant) => ({
    user,
    refreshToken,
    accessToken: app.signAccessToken({ ...user, sessionId }),
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
    async (request) => withAccessToken(await auth.login(request.body, request.ip)),
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
    async (request) => withAccessToken(await auth.refresh(request.body.refreshToken)),
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
    '/auth/changePassword',
    {
      config: { operation: 'auth/changePassword' },
      schema: {
        summary: 'Cambiar la contraseña propia (cierra las demás sesiones)',
        tags: ['auth'],
        errors: [429],
        body: changePasswordBodySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await auth.changePassword(request.user.id, request.user.sessionId, request.body, request.ip);
      return { ok: true as const };
    },
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
    async (request, reply) => reply.status(201).send(await users.register(request.body)),
  );
};

export default authRoutes;
