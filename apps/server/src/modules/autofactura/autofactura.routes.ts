import rateLimit from '@fastify/rate-limit';
import {
  autofacturaIssueBodySchema,
  autofacturaQuerySchema,
  autofacturaSchema,
  invoiceShareLinkBodySchema,
  invoiceShareLinkSchema,
  publicInvoiceQuerySchema,
} from '@mostrador/shared';
import { tooManyRequests } from '../../lib/rate-limit.js';
import { fileResponse, sendFile } from '../../lib/responses.js';
import type { RoutesPlugin } from '../../lib/types.js';

/**
 * Requests an address may make in a minute of the autofactura page and of the invoice downloads:
 * plenty for a customer opening, reloading and downloading, too few to walk through tokens.
 */
export const PUBLIC_AUTOFACTURA_RATE = { max: 30, timeWindow: 60_000 };
/** Issuing calls the PAC: fewer, still room for a customer to fix the form a few times. */
export const PUBLIC_AUTOFACTURA_ISSUE_RATE = { max: 10, timeWindow: 60_000 };

// The customer's own invoice (autofactura) by the signed link on their ticket, and the invoice
// downloads by signed link. No session; each route limited per address (request.ip, which follows
// TRUST_PROXY), each with its own count; bad requests count too (guessing is what it stops).
const autofacturaRoutes: RoutesPlugin = async (app) => {
  const { autofactura } = app.services;
  await app.register(rateLimit, { global: false, errorResponseBuilder: tooManyRequests });

  app.get(
    '/public/autofactura',
    {
      config: { operation: 'public/autofactura', rateLimit: PUBLIC_AUTOFACTURA_RATE },
      schema: {
        summary: 'Autofactura: el ticket del enlace firmado, el negocio y si se puede facturar',
        tags: ['autofactura'],
        errors: [403, 429],
        querystring: autofacturaQuerySchema,
        response: { 200: autofacturaSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return autofactura.show(request.query);
    },
  );

  app.post(
    '/public/autofactura/issue',
    {
      config: { operation: 'public/autofactura/issue', rateLimit: PUBLIC_AUTOFACTURA_ISSUE_RATE },
      schema: {
        summary: 'Autofactura: el cliente factura su ticket con sus datos fiscales',
        tags: ['autofactura'],
        errors: [403, 409, 429, 502, 504],
        body: autofacturaIssueBodySchema,
        response: { 200: autofacturaSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return autofactura.issue(request.body);
    },
  );

  app.get(
    '/public/invoice',
    {
      config: { operation: 'public/invoice', rateLimit: PUBLIC_AUTOFACTURA_RATE },
      schema: {
        summary: 'Descargar el PDF o el XML de una factura por enlace firmado',
        tags: ['autofactura'],
        errors: [403, 404, 429],
        querystring: publicInvoiceQuerySchema,
        response: { 200: fileResponse('La factura: PDF o XML timbrado.', 'application/pdf', 'application/xml') },
      },
    },
    async (request, reply) => {
      const file = await autofactura.download(request.query);
      // The PDF opens where it is tapped (a WhatsApp link); the XML is a file to keep.
      return sendFile(reply, { ...file, disposition: request.query.format === 'pdf' ? 'inline' : 'attachment' });
    },
  );

  // The staff's 'Compartir por WhatsApp': the same signed PDF link, with the shop's public address.
  app.post(
    '/invoice/shareLink',
    {
      config: { operation: 'invoice/shareLink' },
      schema: {
        summary: 'Enlace firmado (7 días) al PDF de una factura timbrada, para compartirlo',
        tags: ['invoices'],
        errors: [404, 409],
        body: invoiceShareLinkBodySchema,
        response: { 200: invoiceShareLinkSchema },
      },
    },
    (request) => autofactura.shareLink(request.body.id),
  );
};

export default autofacturaRoutes;
