import {
  abonoPdfQuerySchema,
  idParamsSchema,
  printAbonoBodySchema,
  printingSettingsSchema,
  printReceiptBodySchema,
  printResultSchema,
  receiptPdfQuerySchema,
} from '@mostrador/shared';
import { pdfResponse, sendFile } from '../../lib/responses.js';
import { actorOf } from '../../lib/actor.js';
import type { RoutesPlugin } from '../../lib/types.js';

const printingRoutes: RoutesPlugin = async (app) => {
  const { printing } = app.services;

  app.get(
    '/printing/settings',
    {
      config: { operation: 'printing/settings' },
      schema: {
        summary: 'Cómo imprimir el ticket al vender',
        tags: ['printing'],
        response: { 200: printingSettingsSchema },
      },
    },
    () => printing.settings(),
  );

  // The body carries the whole receipt the web app has; only its id is used, and the receipt is
  // printed as the database holds it. A printer that refuses the connection answers 502, one
  // that does not answer in time 504.
  app.post(
    '/printReceipt',
    {
      config: { operation: 'printReceipt' },
      schema: {
        summary: 'Imprimir una remisión en la impresora térmica',
        tags: ['printing'],
        errors: [404, 502, 504],
        body: printReceiptBodySchema,
        response: { 200: printResultSchema },
      },
    },
    (request) => printing.printReceipt(request.body.receipt.id, request.body.copies, actorOf(request)),
  );

  // The receipt on thermal-paper-sized pages, one per copy (the web app fetches it with its token
  // and opens the browser's print dialog).
  app.get(
    '/receipt/pdf/:id',
    {
      config: { operation: 'receipt/pdf' },
      schema: {
        summary: 'Remisión en PDF de ticket',
        tags: ['printing'],
        errors: [404],
        params: idParamsSchema,
        response: { 200: pdfResponse('La remisión en PDF, una página por copia.') },
        querystring: receiptPdfQuerySchema,
      },
    },
    async (request, reply) => {
      const { receipt, pdf } = await printing.pdf(request.params.id, request.query.copies, actorOf(request));
      return sendFile(reply, {
        type: 'application/pdf',
        disposition: 'inline',
        name: `remision-${receipt.id}.pdf`,
        data: pdf,
      });
    },
  );

  // An abono's ticket (client/addPayment answers its payments): printed as the database holds it.
  app.post(
    '/client/printAbono',
    {
      config: { operation: 'client/printAbono' },
      schema: {
        summary: 'Imprimir el ticket de un abono en la impresora térmica',
        tags: ['printing'],
        errors: [404, 502, 504],
        body: printAbonoBodySchema,
        response: { 200: printResultSchema },
      },
    },
    (request) => printing.printAbono(request.body.paymentIds, actorOf(request)),
  );

  app.get(
    '/client/abonoPdf',
    {
      config: { operation: 'client/abonoPdf' },
      schema: {
        summary: 'Ticket de un abono en PDF',
        tags: ['printing'],
        errors: [404],
        querystring: abonoPdfQuerySchema,
        response: { 200: pdfResponse('El ticket del abono en PDF.') },
      },
    },
    async (request, reply) => {
      const { abono, pdf } = await printing.abonoPdf(request.query.payments, actorOf(request));
      return sendFile(reply, {
        type: 'application/pdf',
        disposition: 'inline',
        name: `abono-${abono.client.id}-${abono.payments[0]?.paymentId ?? 0}.pdf`,
        data: pdf,
      });
    },
  );
};

export default printingRoutes;
