import { shopSettingsSchema, updateShopSettingsBodySchema } from '@mostrador/shared';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { fileResponse, sendFile } from '../../lib/responses.js';
import type { RoutesPlugin } from '../../lib/types.js';

export const NO_LOGO = 'El negocio no tiene logotipo.';

const settingsRoutes: RoutesPlugin = async (app) => {
  const { settings } = app.services;

  app.get(
    '/settings',
    {
      config: { operation: 'settings' },
      schema: {
        summary: 'Configuración del negocio',
        tags: ['settings'],
        response: { 200: shopSettingsSchema },
      },
    },
    () => settings.current(),
  );

  app.put(
    '/settings',
    {
      config: { operation: 'settings/update' },
      schema: {
        summary: 'Guardar la configuración del negocio',
        tags: ['settings'],
        description: 'Guarda los campos enviados; los demás conservan su valor.',
        body: updateShopSettingsBodySchema,
        response: { 200: shopSettingsSchema },
      },
    },
    (request) => settings.update(request.body, actorOf(request)),
  );

  // The logo, as printed on the PDFs and shown on the public statement (public: it is on every ticket).
  app.get(
    '/settings/logo',
    {
      config: { operation: 'settings/logo' },
      schema: {
        summary: 'Logotipo del negocio',
        tags: ['settings'],
        errors: [404],
        querystring: z.strictObject({ v: z.string().max(20).optional() }),
        response: { 200: fileResponse('El logotipo.', 'image/png', 'image/jpeg') },
      },
    },
    async (_request, reply) => {
      const logo = await settings.logo();
      if (!logo) throw notFound(NO_LOGO);
      return sendFile(reply, {
        type: logo.type,
        disposition: 'inline',
        name: logo.type === 'image/png' ? 'logo.png' : 'logo.jpg',
        data: logo.data,
      });
    },
  );
};

export default settingsRoutes;
