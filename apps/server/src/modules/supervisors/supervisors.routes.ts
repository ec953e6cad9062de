import {
  clearSupervisorPinBodySchema,
  okResponseSchema,
  setSupervisorPinBodySchema,
  supervisorPinStatusSchema,
} from '@mostrador/shared';
import type { RoutesPlugin } from '../../lib/types.js';

const supervisorsRoutes: RoutesPlugin = async (app) => {
  const { supervisors } = app.services;

  app.get(
    '/supervisor/pin',
    {
      config: { operation: 'supervisor/pin' },
      schema: {
        summary: 'Saber si el usuario tiene un PIN de supervisor',
        tags: ['supervisors'],
        response: { 200: supervisorPinStatusSchema },
      },
    },
    async (request) => ({ hasPin: await supervisors.hasPin(request.user.id) }),
  );

  app.post(
    '/supervisor/setPin',
    {
      config: { operation: 'supervisor/setPin' },
      schema: {
        summary: 'Poner el PIN de supervisor propio (4 a 6 dígitos)',
        tags: ['supervisors'],
        errors: [429],
        body: setSupervisorPinBodySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await supervisors.setPin(request.user.id, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/supervisor/clearPin',
    {
      config: { operation: 'supervisor/clearPin' },
      schema: {
        summary: 'Quitar el PIN de supervisor de un usuario',
        tags: ['supervisors'],
        errors: [404],
        body: clearSupervisorPinBodySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await supervisors.clearPin(request.body.userId);
      return { ok: true as const };
    },
  );
};

export default supervisorsRoutes;
