import {
  addPaymentBodySchema,
  cancelPaymentBodySchema,
  changeStateBodySchema,
  createReceiptBodySchema,
  createReceiptResponseSchema,
  idParamsSchema,
  listReceiptsQuerySchema,
  listReceiptsResponseSchema,
  receiptSchema,
  returnReceiptBodySchema,
  returnReceiptResponseSchema,
} from '@mostrador/shared';
import { actorOf } from '../../lib/actor.js';
import type { RoutesPlugin } from '../../lib/types.js';
import { COMPRESS_FROM_8_KB } from '../../plugins/compression.js';
import { idempotencyKeyOf } from '../idempotency/index.js';

const receiptsRoutes: RoutesPlugin = async (app) => {
  const { receipts, printing, invoicing } = app.services;

  app.post(
    '/receipt/create',
    {
      config: { operation: 'receipt/create', sessionCheckedByService: true },
      schema: {
        summary: 'Crear una remisión',
        tags: ['receipts'],
        errors: [404, 409, 429],
        body: createReceiptBodySchema,
        response: { 201: createReceiptResponseSchema },
      },
      // The answer is built by toReceipt (or is the one stored at the sale, on a replay), typed as
      // the schema: it goes out as it is, without zod encoding it again on every sale
      // (test/receipts-answer.test.ts holds it to the schema).
      serializerCompiler: () => (answer) => JSON.stringify(answer),
      compress: COMPRESS_FROM_8_KB,
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const result = await receipts.create(request.body, request.sessionToCheck!, key);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      // The sale is already committed, so a print failure never undoes it (printResult.ok false).
      const printResult = request.body.printReceipt
        ? await printing.printAfterSale(result.receipt, { replayed: result.replayed, log: request.log })
        : undefined;
      // A committed cash sale paid in Efectivo opens the drawer (after the ticket, one job at a
      // time on the printer); fire-and-forget, and not again on a replay.
      const paidInCash = result.receipt.paymentMode === 'Cash' && result.receipt.payments[0]?.method === 'Efectivo';
      if (paidInCash && !result.replayed) printing.kickDrawer(request.log);
      return reply.status(result.statusCode).send(printResult ? { ...result.receipt, printResult } : result.receipt);
    },
  );

  app.get(
    '/receipt/list',
    {
      config: { operation: 'receipt/list' },
      schema: {
        summary: 'Listar remisiones',
        tags: ['receipts'],
        querystring: listReceiptsQuerySchema,
        response: { 200: listReceiptsResponseSchema },
      },
    },
    (request) => receipts.list(request.query, actorOf(request)),
  );

  app.get(
    '/receipt/details/:id',
    {
      config: { operation: 'receipt/details' },
      schema: {
        summary: 'Detalle de una remisión',
        tags: ['receipts'],
        errors: [404],
        params: idParamsSchema,
        response: { 200: receiptSchema },
      },
    },
    (request) => receipts.details(request.params.id, actorOf(request)),
  );

  app.post(
    '/receipt/changeState',
    {
      config: { operation: 'receipt/changeState' },
      schema: {
        summary: 'Cambiar el estado de una remisión',
        tags: ['receipts'],
        errors: [404, 409, 429],
        body: changeStateBodySchema,
        response: { 200: receiptSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const receipt = await receipts.changeState(request.body, actor);
      if (receipt.state !== 'Cancelled' || !receipt.invoice) return receipt;
      // Committed: its invoice is cancelled or credited now (decision 098); the PAC never undoes it.
      const outcome = await invoicing
        .afterReceiptCancelled(receipt.id)
        .catch((error: unknown) => request.log.error({ err: error }, 'invoice of a cancelled receipt'));
      return outcome ? receipts.details(receipt.id, actor) : receipt;
    },
  );

  app.post(
    '/receipt/addPayment',
    {
      config: { operation: 'receipt/addPayment' },
      schema: {
        summary: 'Registrar un pago a una remisión a crédito',
        tags: ['receipts'],
        errors: [404, 409],
        body: addPaymentBodySchema,
        response: { 200: receiptSchema },
      },
    },
    async (request) => {
      const receipt = await receipts.addPayment(request.body, actorOf(request));
      // After the payment committed: its complemento de pago, should its invoice be PPD.
      await app.services.invoicing.afterPayments([receipt.id], request.log);
      return receipt;
    },
  );

  app.post(
    '/receipt/cancelPayment',
    {
      config: { operation: 'receipt/cancelPayment' },
      schema: {
        summary: 'Cancelar un pago',
        tags: ['receipts'],
        errors: [404, 409],
        body: cancelPaymentBodySchema,
        response: { 200: receiptSchema },
      },
    },
    async (request) => {
      const receipt = await receipts.cancelPayment(request.body.paymentId, actorOf(request));
      await app.services.invoicing.afterPaymentCancelled(request.body.paymentId, request.log);
      return receipt;
    },
  );

  app.post(
    '/receipt/return',
    {
      config: { operation: 'receipt/return' },
      schema: {
        summary: 'Devolver parte de una remisión (por línea)',
        tags: ['receipts'],
        errors: [403, 404, 409],
        body: returnReceiptBodySchema,
        response: { 201: returnReceiptResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const result = await receipts.returnItems(request.body, actor, idempotencyKeyOf(request));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      // Committed: the nota de crédito of an invoiced receipt's return (decision 098); the return
      // stands whatever the PAC does, and what is not stamped now the background job sends.
      const creditNote = await invoicing
        .creditNoteForReturn(result.value.return.id)
        .catch((error: unknown) => request.log.error({ err: error }, 'nota de crédito of a return'));
      if (!creditNote) return reply.status(201).send(result.value);
      // The receipt as it is now names its nota de crédito.
      const receipt = await receipts.details(result.value.receipt.id, actor).catch(() => result.value.receipt);
      return reply.status(201).send({ ...result.value, receipt });
    },
  );
};

export default receiptsRoutes;
