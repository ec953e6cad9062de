import { userListResponseSchema } from '@mostrador/shared';
import type { RoutesPlugin } from '../../lib/types.js';
import { listUsers } from '../auth/auth.queries.js';
import { toUser } from '../auth/auth.service.js';

const usersRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/user/list',
    {
      config: { operation: 'user/list' },
      schema: { summary: 'Listar usuarios', tags: ['users'], response: { 200: userListResponseSchema } },
    },
    async () => ({ users: (await listUsers(app.db)).map(toUser) }),
  );
};

export default usersRoutes;
