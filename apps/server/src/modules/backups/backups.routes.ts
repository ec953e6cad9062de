import { createReadStream } from 'node:fs';
import { backupListResponseSchema, backupNameParamsSchema, backupSchema } from '@mostrador/shared';
import { fileResponse, sendFile } from '../../lib/responses.js';
import type { RoutesPlugin } from '../../lib/types.js';

const backupsRoutes: RoutesPlugin = async (app) => {
  const { backups } = app.services;

  app.get(
    '/backup/list',
    {
      config: { operation: 'backup/list' },
      schema: {
        summary: 'Respaldos de la base de datos integrada',
        tags: ['backups'],
        response: { 200: backupListResponseSchema },
      },
    },
    () => backups.list(),
  );

  app.post(
    '/backup/create',
    {
      config: { operation: 'backup/create' },
      schema: {
        summary: 'Respaldar ahora',
        tags: ['backups'],
        errors: [409],
        description: 'Copia la base de datos integrada sin detener las ventas. En PostgreSQL responde 409.',
        response: { 201: backupSchema },
      },
    },
    async (_request, reply) => reply.status(201).send(await backups.create('manual')),
  );

  app.get(
    '/backup/download/:name',
    {
      config: { operation: 'backup/download' },
      schema: {
        summary: 'Descargar un respaldo',
        tags: ['backups'],
        errors: [404, 409],
        params: backupNameParamsSchema,
        response: { 200: fileResponse('El archivo SQLite del respaldo.', 'application/vnd.sqlite3') },
      },
    },
    async (request, reply) => {
      const path = backups.pathOf(request.params.name);
      return sendFile(reply, {
        type: 'application/vnd.sqlite3',
        disposition: 'attachment',
        name: request.params.name,
        data: createReadStream(path),
      });
    },
  );
};

export default backupsRoutes;
