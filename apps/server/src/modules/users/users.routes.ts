import { userListResponseSchema } from '@mostrador/shared';
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
};

export default usersRoutes;
