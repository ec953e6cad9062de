import {
  cashCountReportSchema,
  generateCutBodySchema,
  idParamsSchema,
  listReportsQuerySchema,
  listReportsResponseSchema,
} from '@mostrador/shared';
import { pdfResponse } from '../../lib/responses.js';
import type { RoutesPlugin } from '../../lib/types.js';

const reportsRoutes: RoutesPlugin = async (app) => {
  const { reports } = app.services;

  app.get(
    '/reports/list',
    {
      config: { operation: 'reports/list' },
      schema: {
        summary: 'Movimientos de inventario y cortes de caja',
        tags: ['reports'],
        querystring: listReportsQuerySchema,
        response: { 200: listReportsResponseSchema },
      },
    },
    (request) => reports.list(request.query),
  );

  app.post(
    '/reports/generate',
    {
      config: { operation: 'reports/generate' },
      schema: {
        summary: 'Generar el corte de caja de un día',
        tags: ['reports'],
        body: generateCutBodySchema,
        response: { 201: cashCountReportSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reports.generate(request.body.date, { id: request.user.id })),
  );

  // The cut as a letter-size PDF (the web app downloads it with its token and opens it).
  app.get(
    '/reports/pdf/:id',
    {
      config: { operation: 'reports/pdf' },
      schema: {
        summary: 'Corte de caja en PDF',
        tags: ['reports'],
        errors: [404],
        params: idParamsSchema,
        response: { 200: pdfResponse('El corte de caja en PDF tamaño carta.') },
      },
    },
    async (request, reply) => {
      const { report, pdf } = await reports.pdf(request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="corte-${report.date}-${report.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};

export default reportsRoutes;
