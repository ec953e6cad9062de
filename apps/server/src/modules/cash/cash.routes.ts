import {
  cashMovementBodySchema,
  cashMovementSchema,
  closeShiftBodySchema,
  currentShiftResponseSchema,
  idParamsSchema,
  listShiftsQuerySchema,
  listShiftsResponseSchema,
  openDrawersResponseSchema,
  openShiftBodySchema,
  printResultSchema,
  shiftSchema,
} from '@mostrador/shared';
import { actorOf } from '../../lib/actor.js';
import { pdfResponse, sendFile } from '../../lib/responses.js';
import type { RoutesPlugin } from '../../lib/types.js';

// The cash drawer per shift: every role opens, moves and closes its own shift; Admin and
// Manager list everyone's and read any shift's summary.
const cashRoutes: RoutesPlugin = async (app) => {
  const { cash, printing } = app.services;

  app.post(
    '/cash/open',
    {
      config: { operation: 'cash/open' },
      schema: {
        summary: 'Abrir un turno de caja con su fondo inicial',
        tags: ['cash'],
        errors: [409],
        body: openShiftBodySchema,
        response: { 201: shiftSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await cash.open(request.body.openingFloat, actorOf(request))),
  );

  app.post(
    '/cash/movement',
    {
      config: { operation: 'cash/movement' },
      schema: {
        summary: 'Registrar una entrada o salida de efectivo del turno abierto',
        tags: ['cash'],
        errors: [409],
        body: cashMovementBodySchema,
        response: { 201: cashMovementSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await cash.movement(request.body, actorOf(request))),
  );

  app.post(
    '/cash/close',
    {
      config: { operation: 'cash/close' },
      schema: {
        summary: 'Cerrar el turno abierto con el efectivo contado (total o por denominación)',
        tags: ['cash'],
        errors: [409],
        body: closeShiftBodySchema,
        response: { 200: shiftSchema },
      },
    },
    async (request) => {
      const shift = await cash.close(request.body, actorOf(request));
      printing.kickDrawer(request.log);
      return shift;
    },
  );

  app.get(
    '/cash/current',
    {
      config: { operation: 'cash/current' },
      schema: {
        summary: 'El turno de caja abierto del usuario, con sus cifras al momento',
        tags: ['cash'],
        response: { 200: currentShiftResponseSchema },
      },
    },
    async (request) => ({ shift: await cash.current(actorOf(request)) }),
  );

  app.get(
    '/cash/openDrawers',
    {
      config: { operation: 'cash/openDrawers' },
      schema: {
        summary: 'Las cajas abiertas ahora, para elegir por cuál pasa un efectivo de quien no tiene la suya',
        tags: ['cash'],
        response: { 200: openDrawersResponseSchema },
      },
    },
    () => cash.openDrawers(),
  );

  app.get(
    '/cash/list',
    {
      config: { operation: 'cash/list' },
      schema: {
        summary: 'Turnos de caja de todos los usuarios, el más reciente primero',
        tags: ['cash'],
        querystring: listShiftsQuerySchema,
        response: { 200: listShiftsResponseSchema },
      },
    },
    (request) => cash.list(request.query),
  );

  app.get(
    '/cash/pdf/:id',
    {
      config: { operation: 'cash/pdf' },
      schema: {
        summary: 'Resumen de un turno de caja en PDF de ticket (80 mm)',
        tags: ['cash'],
        errors: [403, 404],
        params: idParamsSchema,
        response: { 200: pdfResponse('El resumen del turno en PDF de ticket.') },
      },
    },
    async (request, reply) => {
      const shift = await cash.details(request.params.id, request.user);
      const pdf = await printing.shiftPdf(shift);
      return sendFile(reply, {
        type: 'application/pdf',
        disposition: 'inline',
        name: `turno-${shift.id}.pdf`,
        data: pdf,
      });
    },
  );

  app.post(
    '/cash/print/:id',
    {
      config: { operation: 'cash/print' },
      schema: {
        summary: 'Imprimir el resumen de un turno de caja en la impresora térmica',
        tags: ['cash'],
        errors: [403, 404, 502, 504],
        params: idParamsSchema,
        response: { 200: printResultSchema },
      },
    },
    async (request) => printing.printShift(await cash.details(request.params.id, request.user)),
  );
};

export default cashRoutes;
