import {
  idParamsSchema,
  invoiceCancelBodySchema,
  invoiceCreateBodySchema,
  invoiceDetailsSchema,
  invoiceGlobalBodySchema,
  invoiceListQuerySchema,
  invoicePdfQuerySchema,
  invoiceSummarySchema,
  invoiceZipQuerySchema,
  pendingComplementsSchema,
  pendingGlobalSchema,
} from '@mostrador/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.js';
import { fileResponse, pdfResponse, sendFile } from '../../lib/responses.js';
import type { RoutesPlugin } from '../../lib/types.js';
import type { IssueResult } from './invoicing.issue.js';

// Invoicing's routes (decision 093). Issuing answers 201 with the stamped invoice, or 202 with it
// still 'pending' (the PAC's answer was lost: the same XML is sent again by the background job;
// pacMessage says why). A refusal answers 502 with the PAC's message; the folio stays recorded
// as refused. Without a PAC configured: 503 INVOICING_NOT_CONFIGURED.

const issued = (reply: FastifyReply, result: IssueResult) =>
  reply.status(result.stamped ? 201 : 202).send(result.invoice);

const ISSUE_ERRORS = [403, 404, 409, 502, 503] as const;

/** Issuing, retrying and cancelling. */
const issuingRoutes: RoutesPlugin = async (app) => {
  const { invoicing } = app.services;

  app.post(
    '/invoice/create',
    {
      config: { operation: 'invoice/create' },
      schema: {
        summary: 'Facturar remisiones de un cliente (CFDI 4.0)',
        tags: ['invoices'],
        description:
          'Timbra con el PAC. 201: timbrada. 202: quedó por timbrar (el PAC no confirmó); se reintenta sola con el mismo XML.',
        errors: ISSUE_ERRORS,
        body: invoiceCreateBodySchema,
        response: { 201: invoiceDetailsSchema, 202: invoiceDetailsSchema },
      },
    },
    async (request, reply) => issued(reply, await invoicing.create(request.body, { actor: actorOf(request) })),
  );

  app.post(
    '/invoice/global',
    {
      config: { operation: 'invoice/global' },
      schema: {
        summary: 'Factura global de las ventas al público en general de un periodo',
        tags: ['invoices'],
        description: 'Cubre las remisiones pagadas del periodo que no se facturaron; una partida por remisión.',
        errors: ISSUE_ERRORS,
        body: invoiceGlobalBodySchema,
        response: { 201: invoiceDetailsSchema, 202: invoiceDetailsSchema },
      },
    },
    async (request, reply) => issued(reply, await invoicing.global(request.body, actorOf(request))),
  );

  app.post(
    '/invoice/retry/:id',
    {
      config: { operation: 'invoice/retry' },
      schema: {
        summary: 'Reintentar el timbrado de una factura por timbrar (el mismo XML)',
        tags: ['invoices'],
        errors: ISSUE_ERRORS,
        params: idParamsSchema,
        response: { 201: invoiceDetailsSchema, 202: invoiceDetailsSchema },
      },
    },
    async (request, reply) => issued(reply, await invoicing.retry(request.params.id)),
  );

  app.post(
    '/invoice/cancel',
    {
      config: { operation: 'invoice/cancel' },
      schema: {
        summary: 'Cancelar una factura ante el SAT',
        tags: ['invoices'],
        description: 'Con el motivo 01 indica el UUID de la factura que la sustituye. Libera sus remisiones.',
        errors: [404, 409, 502, 503],
        body: invoiceCancelBodySchema,
        response: { 200: invoiceDetailsSchema },
      },
    },
    (request) => invoicing.cancel(request.body),
  );
};

/** Reading invoices: the list, one invoice and its documents, and what waits for a global. */
const documentRoutes: RoutesPlugin = async (app) => {
  const { invoicing } = app.services;

  app.get(
    '/invoice/list',
    {
      config: { operation: 'invoice/list' },
      schema: {
        summary: 'Facturas, las más recientes primero',
        tags: ['invoices'],
        querystring: invoiceListQuerySchema,
        response: { 200: z.array(invoiceSummarySchema) },
      },
    },
    (request) => invoicing.list(request.query),
  );

  app.get(
    '/invoice/details/:id',
    {
      config: { operation: 'invoice/details' },
      schema: {
        summary: 'Una factura con sus conceptos',
        tags: ['invoices'],
        errors: [403, 404],
        params: idParamsSchema,
        response: { 200: invoiceDetailsSchema },
      },
    },
    (request) => invoicing.details(request.params.id, actorOf(request)),
  );

  app.get(
    '/invoice/xml/:id',
    {
      config: { operation: 'invoice/xml' },
      schema: {
        summary: 'El XML timbrado, tal como lo devolvió el PAC',
        tags: ['invoices'],
        errors: [403, 404, 409],
        params: idParamsSchema,
        response: { 200: fileResponse('El CFDI timbrado.', 'application/xml') },
      },
    },
    async (request, reply) => {
      const { name, xml } = await invoicing.xml(request.params.id, actorOf(request));
      return sendFile(reply, { type: 'application/xml', disposition: 'attachment', name, data: xml });
    },
  );

  app.get(
    '/invoice/pdf/:id',
    {
      config: { operation: 'invoice/pdf' },
      schema: {
        summary: 'La representación impresa de la factura (carta o 80 mm)',
        tags: ['invoices'],
        errors: [403, 404, 409],
        params: idParamsSchema,
        querystring: invoicePdfQuerySchema,
        response: { 200: pdfResponse('La factura en PDF.') },
      },
    },
    async (request, reply) => {
      const { name, pdf } = await invoicing.pdf(request.params.id, request.query.format, actorOf(request));
      return sendFile(reply, { type: 'application/pdf', disposition: 'inline', name, data: pdf });
    },
  );

  app.get(
    '/invoice/zip',
    {
      config: { operation: 'invoice/zip' },
      schema: {
        summary: 'Los XML timbrados de un mes en un zip',
        tags: ['invoices'],
        querystring: invoiceZipQuerySchema,
        response: { 200: fileResponse('Los XML del mes.', 'application/zip') },
      },
    },
    async (request, reply) => {
      const { name, zip } = await invoicing.zip(request.query.month);
      return sendFile(reply, { type: 'application/zip', disposition: 'attachment', name, data: zip });
    },
  );

  app.get(
    '/invoice/pendingGlobal',
    {
      config: { operation: 'invoice/pendingGlobal' },
      schema: {
        summary: 'Periodos cerrados con ventas sin facturar (factura global pendiente)',
        tags: ['invoices'],
        response: { 200: pendingGlobalSchema },
      },
    },
    () => invoicing.pendingGlobal(),
  );

  app.get(
    '/invoice/pendingComplements',
    {
      config: { operation: 'invoice/pendingComplements' },
      schema: {
        summary: 'Abonos a facturas PPD con el complemento de pago aún sin timbrar',
        tags: ['invoices'],
        response: { 200: pendingComplementsSchema },
      },
    },
    () => invoicing.pendingComplements(),
  );
};

const invoicingRoutes: RoutesPlugin = async (app) => {
  await issuingRoutes(app, {});
  await documentRoutes(app, {});
};

export default invoicingRoutes;
