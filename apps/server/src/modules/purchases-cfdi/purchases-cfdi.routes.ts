import fastifyMultipart from '@fastify/multipart';
import { isCfdiFileError, MAX_CFDI_FILE_BYTES, MAX_CFDI_FILES, readCfdiResponseSchema } from '@mostrador/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.js';
import type { RoutesPlugin } from '../../lib/types.js';
import type { UploadedFile } from './purchases-cfdi.service.js';

const FORM = {
  noFiles: 'Sube al menos un archivo XML de factura de proveedor.',
  tooMany: `Sube como máximo ${MAX_CFDI_FILES} archivos XML a la vez.`,
  broken: 'El formulario enviado está incompleto o mal formado.',
} as const;

const uploadedFile = z.custom<UploadedFile>(
  (v) => typeof v === 'object' && v !== null && Buffer.isBuffer((v as UploadedFile).data),
  { error: FORM.noFiles },
);

const readCfdiBodySchema = z.strictObject({
  files: z
    .array(uploadedFile, { error: FORM.noFiles })
    .min(1, FORM.noFiles)
    .max(MAX_CFDI_FILES, FORM.tooMany)
    .meta({
      type: 'array',
      items: { type: 'string', format: 'binary' },
      description: `Los XML (campo \`files\`, repetido): hasta ${MAX_CFDI_FILES}, de 1 MB como máximo cada uno.`,
    }),
});

/**
 * Reads the form's `files` parts into the body the validator checks. A file over the size cap is
 * kept as such (its own error in the answer, the others still read); any other field is refused.
 */
async function readXmlFiles(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'files') throw badRequest(FORM.broken);
      const data = await part.toBuffer();
      files.push({ fileName: part.filename || 'sin-nombre.xml', data, tooLarge: part.file.truncated });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', FORM.tooMany);
    }
    throw badRequest(FORM.broken);
  }
  request.body = { files };
}

const purchasesCfdiRoutes: RoutesPlugin = async (app) => {
  const { purchasesCfdi } = app.services;

  // The upload takes multipart/form-data; the parser lives only in this scope.
  const withXmlForm: RoutesPlugin = async (scope) => {
    await scope.register(fastifyMultipart, {
      // Past fileSize a file is cut (part.file.truncated) rather than failing the whole upload.
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_CFDI_FILE_BYTES, files: MAX_CFDI_FILES, fields: 0, parts: MAX_CFDI_FILES },
    });
    scope.addHook('preValidation', readXmlFiles);

    scope.post(
      '/purchase/readCfdi',
      {
        config: { operation: 'purchase/readCfdi' },
        schema: {
          summary: 'Leer el XML (CFDI) de facturas de proveedor como borradores de compra',
          tags: ['purchases'],
          description:
            'Lee CFDI 3.3 y 4.0 timbrados de tipo ingreso: el proveedor por su RFC, el folio, el UUID del timbre y ' +
            'cada concepto con su costo unitario sin IVA y con el IEPS incluido, y el producto que le corresponde. ' +
            'Cada archivo que no se puede leer trae su propio error. No guarda nada.',
          consumes: ['multipart/form-data'],
          body: readCfdiBodySchema,
          response: { 200: readCfdiResponseSchema },
          // 400 too when no file of the upload is a CFDI (its message says what each one is).
        },
      },
      async (request) => {
        const drafts = await purchasesCfdi.readCfdi(request.body.files);
        // An upload with no CFDI in it is bad input as a whole: a 400 saying what each file is.
        // With at least one, every file keeps its own line in the answer.
        if (drafts.every(isCfdiFileError)) {
          const [only] = drafts;
          throw badRequest(
            drafts.length === 1 && only ? only.error : drafts.map((d) => `${d.fileName}: ${d.error}`).join(' '),
          );
        }
        return { drafts };
      },
    );
  };
  await app.register(withXmlForm);
};

export default purchasesCfdiRoutes;
