import fastifyMultipart from '@fastify/multipart';
import {
  exportQuerySchema,
  importPreviewSchema,
  importQuerySchema,
  importResultSchema,
  MAX_IMPORT_BYTES,
} from '@mostrador/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { fileResponse, sendFile } from '../../lib/responses.js';
import type { RoutesPlugin } from '../../lib/types.js';
import { importBusy } from './import.service.js';

const FILE_REQUIRED = 'Envía el archivo CSV o Excel en el campo "file" de un formulario (multipart/form-data).';
const FILE_TOO_LARGE = `El archivo no puede pesar más de ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`;

const uploadSchema = z.strictObject({
  file: z
    .custom<Buffer>(Buffer.isBuffer, { error: FILE_REQUIRED })
    .meta({ type: 'string', format: 'binary', description: 'CSV (UTF-8 o Windows-1252) o Excel .xlsx, hasta 20 MB.' }),
});

/** Reads the uploaded file (multipart field `file`) into the body the validator checks. */
async function readUpload(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file' && !file) file = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', FILE_TOO_LARGE);
    }
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw badRequest('El formulario enviado está incompleto o mal formado.');
  }
  request.body = file ? { file } : {};
}

const spreadsheetsRoutes: RoutesPlugin = async (app) => {
  const { exports, imports } = app.services;

  app.get(
    '/export',
    {
      config: { operation: 'data/export' },
      schema: {
        summary: 'Exportar una lista como CSV o Excel',
        tags: ['data'],
        querystring: exportQuerySchema,
        response: {
          200: fileResponse(
            'La lista pedida, filtrada por fechas.',
            'text/csv',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ),
        },
      },
    },
    async (request, reply) => {
      const file = await exports.file(request.query);
      return sendFile(reply, { ...file, disposition: 'attachment' });
    },
  );

  // The imports take a file upload; the multipart parser lives only in this scope.
  const withUploads: RoutesPlugin = async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1000 },
    });
    // While another import is at work the upload is refused before it is read into memory.
    scope.addHook('preValidation', async (request) => {
      if (imports.busy()) throw importBusy();
      await readUpload(request);
    });

    scope.post(
      '/import/preview',
      {
        config: { operation: 'data/importPreview' },
        schema: {
          summary: 'Revisar un archivo de productos o clientes antes de importarlo',
          tags: ['data'],
          description:
            'No escribe nada: responde cuántas filas se crearían o actualizarían y cada error por fila. ' +
            'Una importación a la vez: mientras otra está en curso responde 409.',
          consumes: ['multipart/form-data'],
          querystring: importQuerySchema,
          body: uploadSchema,
          response: { 200: importPreviewSchema },
          errors: [409],
        },
      },
      (request) => imports.preview(request.query.kind, request.body.file),
    );

    scope.post(
      '/import/commit',
      {
        config: { operation: 'data/import' },
        schema: {
          summary: 'Importar productos o clientes',
          tags: ['data'],
          description:
            'Todo o nada: con cualquier error en el archivo responde 400 y no escribe nada. ' +
            'Una importación a la vez: mientras otra está en curso responde 409.',
          consumes: ['multipart/form-data'],
          querystring: importQuerySchema,
          body: uploadSchema,
          response: { 200: importResultSchema },
          errors: [409],
        },
      },
      (request) => imports.commit(request.query.kind, request.body.file, actorOf(request)),
    );
  };
  await app.register(withUploads);
};

export default spreadsheetsRoutes;
