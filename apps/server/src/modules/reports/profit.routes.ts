import { profitReportQuerySchema, profitReportSchema } from '@mostrador/shared';
import { fileResponse, sendFile } from '../../lib/responses.js';
import type { App } from '../../lib/types.js';
import { profitReportCsv } from './profit.csv.js';

/** GET /report/profit, registered with the reports' routes. */
export function profitRoutes(app: App) {
  // Profit (utilidad bruta) of a range by product, category or day, as JSON or as a CSV file.
  app.get(
    '/report/profit',
    {
      config: { operation: 'report/profit' },
      schema: {
        summary: 'Utilidad de un periodo por producto, categoría o día (JSON o CSV)',
        tags: ['reports'],
        querystring: profitReportQuerySchema,
        response: {
          200: {
            description: 'La utilidad del periodo; con format=csv, el archivo.',
            content: {
              'application/json': { schema: profitReportSchema },
              ...fileResponse('', 'text/csv').content,
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { from, to, by, format } = request.query;
      const report = await app.services.reports.profit(from, to, by);
      if (format === 'json') return reply.type('application/json').send(report);
      return sendFile(reply, {
        type: 'text/csv',
        disposition: 'attachment',
        name: `utilidad-${from === to ? from : `${from}_${to}`}-${by}.csv`,
        data: profitReportCsv(report),
      });
    },
  );
}
