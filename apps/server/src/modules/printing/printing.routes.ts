import { idParamsSchema, printReceiptBodySchema, printResultSchema, receiptPdfQuerySchema } from '@mostrador/shared';
import type { RoutesPlugin } from '../../lib/types.js';

const printingRoutes: RoutesPlugin = async (app) => {
  const { printing } = app.services;

  // The body carries the whole receipt the web app has; only its id is used, and the receipt is
  // printed as the database holds it. A printer that refuses the connection answers 502, one
  // that does not answer in time 504.
  app.post(
    '/printReceipt',
    {
      config: { operation: 'printReceipt' },
      schema: { tags: ['printing'], body: printReceiptBodySchema, response: { 200: printResultSchema } },
    },
    (request) => printing.printReceipt(request.body.receipt.id, request.body.copies),
  );

  // The receipt on thermal-paper-sized pages, one per copy (the web app fetches it with its token
  // and opens the browser's print dialog).
  app.get(
    '/receipt/pdf/:id',
    {
      config: { operation: 'receipt/pdf' },
      schema: { tags: ['printing'], params: idParamsSchema, querystring: receiptPdfQuerySchema },
    },
    async (request, reply) => {
      const { receipt, pdf } = await printing.pdf(request.params.id, request.query.copies);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="remision-${receipt.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};

export default printingRoutes;
