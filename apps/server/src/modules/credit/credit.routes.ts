import rateLimit from '@fastify/rate-limit';
import {
  type AddClientPaymentResponse,
  addClientPaymentBodySchema,
  addClientPaymentResponseSchema,
  canSeeCreditFigures,
  clientCreditSchema,
  idParamsSchema,
  publicStatementQuerySchema,
  publicStatementSchema,
  receivablesSchema,
  revokeStatementLinkBodySchema,
  statementLinkInfoSchema,
  statementLinkListSchema,
  statementLinkSchema,
  statementPdfQuerySchema,
  statementQuerySchema,
  statementSchema,
  type Role,
  sellerCreditView,
} from '@mostrador/shared';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/actor.js';
import { tooManyRequests } from '../../lib/rate-limit.js';
import { pdfResponse, sendFile } from '../../lib/responses.js';
import type { RoutesPlugin } from '../../lib/types.js';
import { idempotencyKeyOf } from '../idempotency/index.js';

/**
 * Requests a single address may make of the public statement in a minute: plenty for a customer
 * opening and reloading their link, too few to walk through link ids or to load the server.
 * Counted in the process's memory (with several processes, each counts its own).
 */
export const PUBLIC_STATEMENT_RATE = { max: 30, timeWindow: 60_000 };

/** A Seller takes abonos at the till: their answer carries the saldo left, not the limit or the vencido. */
const abonoAnswerFor = (role: Role, answer: AddClientPaymentResponse): AddClientPaymentResponse =>
  canSeeCreditFigures(role) ? answer : { ...answer, credit: sellerCreditView(answer.credit) };

/** After the abono committed: the complementos de pago of the PPD invoices it reached (decision 097). */
async function withComplements(request: FastifyRequest, abono: AddClientPaymentResponse) {
  await request.server.services.invoicing.afterPayments(
    abono.payments.map((payment) => payment.receiptId),
    request.log,
  );
  return abono;
}

// Fiado: a client's credit, the account abono, the statement (JSON, PDF, shared links) and the
// receivables report.
const creditRoutes: RoutesPlugin = async (app) => {
  const { credit } = app.services;
  // Only the routes that ask for it (config.rateLimit) are limited, per address (request.ip, which
  // follows TRUST_PROXY).
  await app.register(rateLimit, { global: false, errorResponseBuilder: tooManyRequests });

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
    // A Seller gets what a sale to the client needs (available credit and plazo), not the figures.
    async (request) => {
      const figures = await credit.credit(request.params.id);
      return canSeeCreditFigures(request.user.role) ? figures : sellerCreditView(figures);
    },
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
      return abonoAnswerFor(request.user.role, await withComplements(request, result.value));
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

  app.post(
    '/client/statementLink/:id',
    {
      config: { operation: 'client/statementLink' },
      schema: {
        summary: 'Nuevo enlace firmado (7 días) al estado de cuenta, para compartirlo; se puede revocar',
        tags: ['clients'],
        errors: [404, 409],
        params: idParamsSchema,
        body: statementQuerySchema,
        response: { 200: statementLinkSchema },
      },
    },
    (request) => credit.statementLink(request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/client/statementLinks/:id',
    {
      config: { operation: 'client/statementLinks' },
      schema: {
        summary: 'Enlaces compartidos del estado de cuenta de un cliente que aún no vencen',
        tags: ['clients'],
        errors: [404],
        params: idParamsSchema,
        response: { 200: statementLinkListSchema },
      },
    },
    (request) => credit.statementLinks(request.params.id),
  );

  app.post(
    '/client/revokeStatementLink',
    {
      config: { operation: 'client/revokeStatementLink' },
      schema: {
        summary: 'Revocar un enlace compartido del estado de cuenta',
        tags: ['clients'],
        errors: [404, 409],
        body: revokeStatementLinkBodySchema,
        response: { 200: statementLinkInfoSchema },
      },
    },
    (request) => credit.revokeStatementLink(request.body, actorOf(request)),
  );

  // No token: the link names its stored row and is signed; limited per address.
  app.get(
    '/public/statement',
    {
      config: { operation: 'public/statement', rateLimit: PUBLIC_STATEMENT_RATE },
      schema: {
        summary: 'Estado de cuenta compartido por enlace firmado (sin notas internas)',
        tags: ['clients'],
        errors: [403, 410, 429],
        querystring: publicStatementQuerySchema,
        response: { 200: publicStatementSchema },
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
