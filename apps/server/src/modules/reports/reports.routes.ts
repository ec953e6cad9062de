import {
  cashCountReportSchema,
  cutPdfQuerySchema,
  cutsOfDayQuerySchema,
  cutsOfDayResponseSchema,
  parseCutData,
  printResultSchema,
  generateCutBodySchema,
  idParamsSchema,
  listReportsQuerySchema,
  listReportsResponseSchema,
  taxPeriodOf,
  taxReportQuerySchema,
  taxReportSchema,
} from '@mostrador/shared';
import { conflict } from '../../lib/errors.js';
import { fileResponse, pdfResponse, sendFile } from '../../lib/responses.js';
import { taxReportCsv } from './taxes.csv.js';
import { profitRoutes } from './profit.routes.js';
import type { RoutesPlugin } from '../../lib/types.js';

const reportsRoutes: RoutesPlugin = async (app) => {
  const { reports, printing } = app.services;
  /** A stored cut's snapshot; a cut written by an unknown version cannot be laid out as a ticket. */
  const cutDataOf = (report: { data: string }) => {
    const cut = parseCutData(report.data);
    if (!cut) throw conflict('El corte no tiene un formato reconocido.');
    return cut;
  };

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
        querystring: cutPdfQuerySchema,
        response: { 200: pdfResponse('El corte de caja en PDF tamaño carta, o de ticket (80 mm) con format=80mm.') },
      },
    },
    async (request, reply) => {
      const { report, pdf } =
        request.query.format === '80mm'
          ? await reports.details(request.params.id).then(async (report) => ({
              report,
              pdf: await printing.cutPdf(cutDataOf(report), report.createdAt, report.id),
            }))
          : await reports.pdf(request.params.id);
      return sendFile(reply, {
        type: 'application/pdf',
        disposition: 'inline',
        name: `corte-${report.date}-${report.id}.pdf`,
        data: pdf,
      });
    },
  );

  app.post(
    '/reports/print/:id',
    {
      config: { operation: 'reports/print' },
      schema: {
        summary: 'Imprimir el resumen de un corte de caja en la impresora térmica',
        tags: ['reports'],
        errors: [404, 409, 502, 504],
        params: idParamsSchema,
        response: { 200: printResultSchema },
      },
    },
    async (request) => {
      const report = await reports.details(request.params.id);
      return printing.printCut(cutDataOf(report), report.createdAt, report.id);
    },
  );

  // A month's (or any days') taxes for the shop's declaration, as JSON or as a CSV file.
  app.get(
    '/reports/taxes',
    {
      config: { operation: 'reports/taxes' },
      schema: {
        summary: 'Impuestos de un periodo: ventas por tasa menos devoluciones',
        tags: ['reports'],
        querystring: taxReportQuerySchema,
        response: { 200: taxReportSchema },
      },
    },
    (request) => {
      const { from, to } = taxPeriodOf(request.query);
      return reports.taxes(from, to);
    },
  );

  app.get(
    '/reports/taxes/csv',
    {
      config: { operation: 'reports/taxesCsv' },
      schema: {
        summary: 'Impuestos de un periodo en CSV',
        tags: ['reports'],
        querystring: taxReportQuerySchema,
        response: { 200: fileResponse('Los impuestos del periodo en CSV.', 'text/csv') },
      },
    },
    async (request, reply) => {
      const { from, to } = taxPeriodOf(request.query);
      const name = request.query.month ?? (from === to ? from : `${from}_${to}`);
      return sendFile(reply, {
        type: 'text/csv',
        disposition: 'attachment',
        name: `impuestos-${name}.csv`,
        data: taxReportCsv(await reports.taxes(from, to)),
      });
    },
  );

  profitRoutes(app);

  // The web app warns before a second cut of the same day; generate itself never refuses one.
  app.get(
    '/reports/cuts-of-day',
    {
      config: { operation: 'reports/cutsOfDay' },
      schema: {
        summary: 'Cortes ya generados de un día',
        tags: ['reports'],
        querystring: cutsOfDayQuerySchema,
        response: { 200: cutsOfDayResponseSchema },
      },
    },
    (request) => reports.cutsOfDay(request.query.date),
  );
};

export default reportsRoutes;
