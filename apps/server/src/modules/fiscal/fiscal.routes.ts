import fastifyMultipart from '@fastify/multipart';
import { businessFiscalBodySchema, businessFiscalSchema, csdSummarySchema } from '@mostrador/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { RoutesPlugin } from '../../lib/types.js';

/** A SAT .cer or .key weighs a couple of KB: anything near this is not one. */
const MAX_CSD_FILE_BYTES = 64 * 1024;

const CSD_FORM = {
  cer: 'Sube el archivo .cer del certificado de sello digital (CSD).',
  key: 'Sube el archivo .key de la llave privada del CSD.',
  password: 'Escribe la contraseña de la llave privada.',
  tooLarge: 'Los archivos del CSD pesan unos pocos KB: este es demasiado grande.',
  broken: 'El formulario enviado está incompleto o mal formado.',
} as const;

const fileField = (message: string, description: string) =>
  z
    .custom<Buffer>((v) => Buffer.isBuffer(v) && v.length > 0, { error: message })
    .meta({
      type: 'string',
      format: 'binary',
      description,
    });

const csdUploadSchema = z.strictObject({
  cer: fileField(CSD_FORM.cer, 'El certificado (.cer, DER) que dio el SAT.'),
  key: fileField(CSD_FORM.key, 'La llave privada (.key, PKCS#8 DER cifrada) que dio el SAT.'),
  password: z.string({ error: CSD_FORM.password }).min(1, CSD_FORM.password).max(256, CSD_FORM.password),
});

/**
 * Reads the CSD's form (files `cer` and `key`, field `password`) into the body the validator
 * checks. The password is kept only in the body: no hook or error logs it (app.ts redacts it).
 */
async function readCsdForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      const value = part.type === 'file' ? await part.toBuffer() : part.value;
      // A field sent twice is refused by the validator (it is not one string or one file).
      body[part.fieldname] = part.fieldname in body ? [body[part.fieldname], value] : value;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', CSD_FORM.tooLarge);
    }
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw badRequest(CSD_FORM.broken);
  }
  request.body = body;
}

const fiscalRoutes: RoutesPlugin = async (app) => {
  const { fiscal } = app.services;

  app.get(
    '/business/fiscal',
    {
      config: { operation: 'business/fiscal' },
      schema: {
        summary: 'Datos fiscales del negocio',
        tags: ['fiscal'],
        description:
          'El RFC, la razón social, el régimen, el lugar de expedición, la serie y el folio, y del CSD solo sus datos públicos.',
        response: { 200: businessFiscalSchema },
      },
    },
    () => fiscal.get(),
  );

  app.put(
    '/business/fiscal',
    {
      config: { operation: 'business/fiscal/update' },
      schema: {
        summary: 'Guardar los datos fiscales del negocio',
        tags: ['fiscal'],
        description: 'Cambiar el RFC quita el CSD cargado: un CSD sella solo facturas de su RFC.',
        body: businessFiscalBodySchema,
        response: { 200: businessFiscalSchema },
      },
    },
    (request) => fiscal.update(request.body, actorOf(request)),
  );

  // The CSD's upload takes multipart/form-data; the parser lives only in this scope.
  const withCsdForm: RoutesPlugin = async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_CSD_FILE_BYTES, files: 2, fields: 1, parts: 3, fieldSize: 1000 },
    });
    scope.addHook('preValidation', readCsdForm);

    scope.post(
      '/business/csd',
      {
        config: { operation: 'business/csd' },
        schema: {
          summary: 'Subir el certificado de sello digital (CSD)',
          tags: ['fiscal'],
          description:
            'Revisa la contraseña, que la llave sea del certificado, que sea un CSD (no la e.firma), del RFC del ' +
            'negocio y vigente; solo entonces lo guarda, con la llave cifrada. Con cualquier problema no guarda nada.',
          errors: [409],
          consumes: ['multipart/form-data'],
          body: csdUploadSchema,
          response: { 200: csdSummarySchema },
        },
      },
      (request) => fiscal.uploadCsd(request.body, actorOf(request)),
    );
  };
  await app.register(withCsdForm);
};

export default fiscalRoutes;
