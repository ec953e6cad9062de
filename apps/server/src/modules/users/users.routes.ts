import {
  editUserBodySchema,
  okResponseSchema,
  resetPasswordBodySchema,
  userListResponseSchema,
  userSchema,
} from '@mostrador/shared';
import type { RoutesPlugin } from '../../lib/types.js';

const usersRoutes: RoutesPlugin = async (app) => {
  const { users } = app.services;

  app.get(
    '/user/list',
    {
      config: { operation: 'user/list' },
      schema: { summary: 'Listar usuarios', tags: ['users'], response: { 200: userListResponseSchema } },
    },
    async () => ({ users: await users.list() }),
  );

  app.post(
    '/user/edit',
    {
      config: { operation: 'user/edit' },
      schema: {
        summary: 'Editar un usuario: nombre, correo, rol o si está activo (desactivarlo cierra sus sesiones)',
        tags: ['users'],
        errors: [404, 409],
        body: editUserBodySchema,
        response: { 200: userSchema },
      },
    },
    async (request) => users.edit(request.body),
  );

  app.post(
    '/user/resetPassword',
    {
      config: { operation: 'user/resetPassword' },
      schema: {
        summary: 'Restablecer la contraseña de un usuario (cierra sus sesiones)',
        tags: ['users'],
        errors: [404],
        body: resetPasswordBodySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const { id, newPassword } = request.body;
      await users.setPassword(id, newPassword, request.user.sessionId);
      return { ok: true as const };
    },
  );
};

export default usersRoutes;
