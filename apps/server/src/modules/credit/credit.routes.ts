import {
  addClientPaymentBodySchema,
  addClientPaymentResponseSchema,
  clientCreditSchema,
  idParamsSchema,
  publicStatementQuerySchema,
  receivablesSchema,
  statementLinkSchema,
  statementPdfQuerySchema,
  statementQuerySchema,
  statementSchema,
} from '@mostrador/shared';
import { actorOf } from '../../lib/actor.js';
import { pdfResponse, sendFile } from '../../lib/responses.js';
import type { RoutesPlugin } from '../../lib/types.js';
import { idempotencyKeyOf } from '../idempotency/index.js';

// Fiado: a client's credit, the account abono, the statement (JSON, PDF, shared link) and the
// receivables report.
const creditRoutes: RoutesPlugin = async (app) => {
  const { credit } = app.services;

  app.get(
    '/client/credit/:id',
    {
      config: { operation: 'client/credit' },
      schema: {
        summary: 'Saldo, vencido y crédito disponible de un cliente',
        tags: ['clients'],
        errors: [404],
        params: idParamsSchema,
        response: { 200: clientCreditSchema },
      },
    },
    (request) => credit.credit(request.params.id),
  );

  app.post(
    '/client/addPayment',
    {
      config: { operation: 'client/addPayment' },
      schema: {
        summary: 'Registrar un abono a la cuenta de un cliente (remisiones pendientes, la más antigua primero)',
        tags: ['clients'],
        errors: [404, 409],
        body: addClientPaymentBodySchema,
        response: { 200: addClientPaymentResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await credit.addPayment(request.body, actorOf(request), idempotencyKeyOf(request));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return result.value;
    },
  );

  app.get(
    '/client/statement/:id',
    {
      config: { operation: 'client/statement' },
      schema: {
        summary: 'Estado de cuenta de un cliente',
        tags: ['clients'],
        errors: [404],
        params: idParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: statementSchema },
      },
    },
    (request) => credit.statement(request.params.id, request.query),
  );

  app.get(
    '/client/statementPdf/:id',
    {
      config: { operation: 'client/statementPdf' },
      schema: {
        summary: 'Estado de cuenta en PDF (80 mm o carta)',
        tags: ['clients'],
        errors: [404],
        params: idParamsSchema,
        querystring: statementPdfQuerySchema,
        response: { 200: pdfResponse('El estado de cuenta en PDF.') },
      },
    },
    async (request, reply) => {
      const { paper, ...period } = request.query;
      const { statement, pdf } = await credit.statementPdf(request.params.id, period, paper);
      return sendFile(reply, {
        type: 'application/pdf',
        disposition: 'inline',
        name: `estado-de-cuenta-${statement.client.id}-${statement.to}.pdf`,
        data: pdf,
      });
    },
  );

  app.get(
    '/client/statementLink/:id',
    {
      config: { operation: 'client/statementLink' },
      schema: {
        summary: 'Enlace firmado (7 días) al estado de cuenta, para compartirlo',
        tags: ['clients'],
        errors: [404],
        params: idParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: statementLinkSchema },
      },
    },
    (request) => credit.statementLink(request.params.id, request.query),
  );

  // No token: the link's signature names the client and the period, and expires.
  app.get(
    '/public/statement',
    {
      config: { operation: 'public/statement' },
      schema: {
        summary: 'Estado de cuenta compartido por enlace firmado',
        tags: ['clients'],
        errors: [403, 404],
        querystring: publicStatementQuerySchema,
        response: { 200: statementSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return credit.publicStatement(request.query);
    },
  );

  app.get(
    '/reports/receivables',
    {
      config: { operation: 'reports/receivables' },
      schema: {
        summary: 'Cuentas por cobrar: quién debe, por antigüedad',
        tags: ['reports'],
        response: { 200: receivablesSchema },
      },
    },
    () => credit.receivables(),
  );
};

export default creditRoutes;
