import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_ACCESS, type ApiOperation, errorResponseSchema } from '@mostrador/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';

/** The error statuses an operation can answer, each documented with the one error body. */
export const ERROR_DESCRIPTIONS = {
  400: 'Datos inválidos: el mensaje dice qué campo y por qué.',
  401: 'Sin sesión válida (token ausente, inválido o expirado) o credenciales incorrectas.',
  403: 'El rol del usuario no permite esta operación.',
  404: 'El registro indicado no existe.',
  409: 'Choca con el estado actual de los datos (stock insuficiente, código repetido, estado que no lo permite).',
  410: 'Lo que se pide ya no está disponible (un enlace revocado o de un cliente deshabilitado).',
  413: 'La solicitud o el archivo es demasiado grande.',
  415: 'Tipo de contenido no soportado.',
  429: 'Demasiados intentos o solicitudes seguidas; hay que esperar antes de volver a intentar.',
  500: 'Error inesperado del servidor.',
  502: 'El servicio externo (impresora o proveedor de voz) falló.',
  503: 'La base de datos no puede guardar cambios ahora (ocupada, llena o de solo lectura), o el servicio no está configurado en este servidor.',
  504: 'El servicio externo no respondió a tiempo.',
} as const;
export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The error statuses a route's own work answers (a missing record, a conflict, an outside
     * service). The ones every route of its kind has (invalid input, no session, no permission,
     * a body too large, a server error) are added by the docs plugin.
     */
    errors?: readonly ErrorStatus[];
  }
}

const TAGS = [
  { name: 'health', description: 'Estado del servidor y de su base de datos.' },
  { name: 'auth', description: 'Inicio y cierre de sesión, renovación de tokens y alta de usuarios.' },
  { name: 'users', description: 'Usuarios del negocio.' },
  { name: 'products', description: 'Catálogo de productos e inventario (entradas, mermas y ajustes).' },
  { name: 'clients', description: 'Clientes y su historial de remisiones.' },
  { name: 'receipts', description: 'Remisiones de contado y a crédito, sus estados y sus pagos.' },
  { name: 'printing', description: 'Remisiones en PDF y en la impresora térmica.' },
  { name: 'reports', description: 'Movimientos de inventario y cortes de caja.' },
  { name: 'cash', description: 'Turnos de caja: fondo inicial, entradas y salidas de efectivo, arqueo y diferencia.' },
  { name: 'assistant', description: 'Llave temporal del asistente de voz.' },
  { name: 'backups', description: 'Respaldos de la base de datos integrada (SQLite).' },
  { name: 'data', description: 'Exportar listas a CSV o Excel e importar productos y clientes.' },
  { name: 'dashboard', description: 'Panel del negocio: ventas del día, tendencias y lista de compras.' },
  {
    name: 'settings',
    description:
      'Configuración del negocio: su identidad en tickets y PDF, su dirección pública y las reglas de caja y mostrador.',
  },
  {
    name: 'fiscal',
    description:
      'Datos fiscales del negocio (RFC, razón social, régimen, serie y folio) y su certificado de sello digital (CSD).',
  },
  {
    name: 'invoices',
    description:
      'Facturación CFDI 4.0 timbrada por el PAC: facturas de remisiones, factura global, cancelación y los XML.',
  },
  { name: 'supervisors', description: 'Autorización de supervisor en la caja: el PIN de gerentes y administradores.' },
  {
    name: 'autofactura',
    description:
      'Autofactura: el cliente factura su ticket por el enlace firmado impreso en él, sin sesión; descarga de facturas por enlace firmado.',
  },
  { name: 'suppliers', description: 'Proveedores: a quién le compra el negocio.' },
  {
    name: 'purchases',
    description: 'Compras a proveedores: la entrada de stock, el costo promedio y el último costo de cada producto.',
  },
];

const ERROR_SCHEMA_REF = '#/components/schemas/ErrorResponse';
const errorSchema = z.toJSONSchema(errorResponseSchema, { target: 'openapi-3.0' }) as OpenAPIV3.SchemaObject;

/** 'receipt/create' → 'receiptCreate': the operation's name in API_ACCESS, as an identifier. */
export const operationIdOf = (operation: ApiOperation) =>
  operation.replace(/\/(\w)/g, (_, letter: string) => letter.toUpperCase());

/** The errors that follow from the route's shape and from who may call it. */
function inherentErrors(route: RouteOptions, operation: ApiOperation): ErrorStatus[] {
  const { body, querystring, params } = route.schema ?? {};
  const statuses: ErrorStatus[] = [];
  if (body || querystring || params) statuses.push(400);
  const requirement = API_ACCESS[operation];
  if (requirement !== null) statuses.push(401);
  if (requirement && Object.keys(requirement).length > 0) statuses.push(403);
  if (body) statuses.push(413, 415);
  // Any route reaches the database, which may be unable to take the request (503).
  statuses.push(500, 503);
  return statuses;
}

const errorResponse = (status: ErrorStatus) => ({
  description: ERROR_DESCRIPTIONS[status],
  content: { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } },
});

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/**
 * Completes each operation from what the route already says: its operationId from its
 * operation, public operations without security, and every error it can answer.
 */
function documentOperation(input: TransformInput) {
  const { schema, url } = jsonSchemaTransform(input);
  const operation = input.route.config?.operation;
  if (!operation || schema.hide) return { schema, url };
  const {
    errors = [],
    response = {},
    ...rest
  } = schema as Record<string, unknown> & {
    errors?: ErrorStatus[];
    response?: Record<string, unknown>;
  };
  const statuses = [...new Set([...inherentErrors(input.route, operation), ...errors])].sort((a, b) => a - b);
  return {
    url,
    schema: {
      ...rest,
      operationId: operationIdOf(operation),
      ...(API_ACCESS[operation] === null ? { security: [] } : {}),
      response: { ...response, ...Object.fromEntries(statuses.map((status) => [status, errorResponse(status)])) },
    },
  };
}

/** What the docs page's code below uses of the browser (the server compiles without the DOM's types). */
interface DocsPage {
  localStorage: { getItem(key: string): string | null };
  location: { href: string; origin: string };
  document: {
    getElementById(id: string): { insertAdjacentHTML(position: string, html: string): void } | null;
  };
}

/**
 * Swagger UI's requestInterceptor. It runs in the browser: Swagger UI's initializer carries its
 * source, so it names nothing outside itself. Requests to this server carry the access token of
 * the session signed in to Mostrador in this browser (the web app keeps it in localStorage under
 * 'mostrador.session', lib/session-store.ts), unless one was given in 'Authorize'.
 */
function withSessionToken(request: Record<string, unknown>) {
  const page = globalThis as unknown as DocsPage;
  const { url, headers } = request as { url: string; headers: Record<string, string> };
  if (headers.Authorization || new URL(url, page.location.href).origin !== page.location.origin) return request;
  try {
    const session = JSON.parse(page.localStorage.getItem('mostrador.session') ?? 'null') as {
      accessToken?: unknown;
    } | null;
    if (session && typeof session.accessToken === 'string') {
      headers.Authorization = `Bearer ${session.accessToken}`;
    }
  } catch {
    // Nothing stored, or not a session: the document answers 401 and the page says what to do.
  }
  return request;
}

/** Swagger UI's responseInterceptor, in the browser too: when the document is refused, says why and where to sign in. */
function explainRefusedDocument(response: Record<string, unknown>) {
  const page = globalThis as unknown as DocsPage;
  const { url, status } = response as { url: string; status: number };
  if (
    (status === 401 || status === 403) &&
    /\/api\/docs\/json$/.test(url) &&
    !page.document.getElementById('mostrador-aviso')
  ) {
    page.document
      .getElementById('swagger-ui')
      ?.insertAdjacentHTML(
        'beforebegin',
        '<p id="mostrador-aviso" role="alert" style="font: 16px sans-serif; margin: 24px; padding: 16px; ' +
          'border: 1px solid #c92a2a; border-radius: 4px">' +
          (status === 403
            ? 'La documentación de la API es solo para administradores: <a href="/login">inicia sesión en ' +
              'Mostrador</a> con una cuenta de administrador y vuelve a abrir esta página.</p>'
            : 'Para ver la documentación de la API, <a href="/login">inicia sesión en Mostrador</a> como ' +
              'administrador en este navegador y vuelve a abrir esta página.</p>'),
      );
  }
  return response;
}

/** The OpenAPI document in each form @fastify/swagger-ui serves it: in `admin` mode, an Admin's only. */
const DOCUMENT_URLS = new Set(['/api/docs/json', '/api/docs/yaml']);

/**
 * The OpenAPI document, generated from the routes' zod schemas (app.swagger()), and its page at
 * /api/docs as API_DOCS says: `admin`, the document answers an Admin's token only (the page itself
 * is Swagger UI's, with nothing of the API in it, and asks for the document with the token of the
 * Admin signed in to Mostrador in the same browser); `public`, anyone; `off`, neither is served.
 */
async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Mostrador API',
        version: '1.0.0',
        description:
          'API de Mostrador (remisiones, inventario, clientes). Toda respuesta de error lleva ' +
          '`{ message, error, requestId }`; `requestId` es también la cabecera X-Request-Id.',
      },
      // The paths already carry /api: the API lives on the same server as the web app.
      servers: [{ url: '/', description: 'Este mismo servidor.' }],
      tags: TAGS,
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        schemas: { ErrorResponse: errorSchema },
      },
      security: [{ bearer: [] }],
    },
    transform: documentOperation as FastifyDynamicSwaggerOptions['transform'],
  });
  const mode = app.config.API_DOCS;
  if (mode === 'off') return;
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    ...(mode === 'admin' && {
      uiConfig: { requestInterceptor: withSessionToken, responseInterceptor: explainRefusedDocument },
      uiHooks: {
        onRequest: async (request: FastifyRequest) => {
          if (DOCUMENT_URLS.has(request.routeOptions.url ?? '')) await app.authorize(request, { level: 'Private' });
        },
      },
    }),
  });
}

export default fp(docsPlugin, { name: 'docs', dependencies: ['access'] });
