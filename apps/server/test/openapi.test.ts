// The OpenAPI document is linted with Redocly's recommended rules on every test run. The document
// only has local references (checked first), so linting never reaches out to the network.
import { API_ACCESS } from '@mostrador/shared';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}
interface Document {
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: Document;
let operations: Array<[string, Operation]>;
beforeAll(async () => {
  t = await createTestApp();
  doc = t.app.swagger() as unknown as Document;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
});
afterAll(() => t.close());

const errorStatuses = (operation: Operation) =>
  Object.keys(operation.responses)
    .filter((status) => Number(status) >= 400)
    .map(Number);

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules without errors or warnings", async () => {
    const source = JSON.stringify(doc);
    const refs = [...source.matchAll(/"\$ref":"([^"]*)"/g)].map((match) => match[1]!);
    expect(refs.filter((ref) => !ref.startsWith('#/'))).toEqual([]);
    // A shop's private back office: there is no licence to declare.
    const config = await createConfig({ extends: ['recommended'], rules: { 'info-license': 'off' } });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const report = problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    // Health takes no input and no token: there is no 4xx it could answer.
    const healthHasNo4xx = 'warn operation-4xx-response at #/paths/~1api~1health/get/responses';
    expect(report.filter((line) => !line.startsWith(healthHasNo4xx))).toEqual([]);
  });

  it('gives every operation a summary, a described tag, an operationId from its operation and the error body', () => {
    const tags = new Map(doc.tags?.map((tag) => [tag.name, tag.description]));
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(operations).toHaveLength(t.app.apiRoutes.length);
    for (const [route, operation] of operations) {
      expect(operation.summary, route).toBeTruthy();
      expect(operation.tags?.length, route).toBe(1);
      expect(tags.get(operation.tags![0]!), route).toBeTruthy();
      const registered = t.app.apiRoutes.find((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}` === route);
      expect(operation.operationId, route).toBe(
        registered!.operation.replace(/\/(\w)/g, (_, c: string) => c.toUpperCase()),
      );
      expect(errorStatuses(operation), route).toContain(500);
      for (const status of errorStatuses(operation)) {
        expect(operation.responses[status]!.content!['application/json']!.schema, `${route} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorResponse',
        });
      }
    }
    expect(doc.components.schemas.ErrorResponse).toMatchObject({
      properties: { message: expect.anything(), error: expect.anything(), requestId: expect.anything() },
      required: ['message', 'error', 'requestId'],
    });
  });

  it("documents the errors that follow from a route's input and access, and the ones of its own work", () => {
    const operation = (route: string) => operations.find(([r]) => r === route)![1];
    // Public, no input; every route may find the database unable to take it (503).
    expect(errorStatuses(operation('GET /api/health'))).toEqual([500, 503]);
    expect(operation('GET /api/health').security).toEqual([]);
    // Public with a body; its own 401 (wrong credentials) and 429 (too many attempts).
    expect(errorStatuses(operation('POST /api/auth/login'))).toEqual([400, 401, 413, 415, 429, 500, 503]);
    expect(operation('POST /api/auth/login').security).toEqual([]);
    // Any signed-in user, no input.
    expect(errorStatuses(operation('GET /api/auth/validateToken'))).toEqual([401, 500, 503]);
    expect(operation('GET /api/auth/validateToken').security).toBeUndefined();
    // A role-restricted write on stock that may be missing or short, and a supervisor's tries throttled.
    expect(errorStatuses(operation('POST /api/receipt/create'))).toEqual([
      400, 401, 403, 404, 409, 413, 415, 429, 500, 503,
    ]);
    // A path parameter (no body) and a printer that may fail.
    expect(errorStatuses(operation('GET /api/receipt/details/{id}'))).toEqual([400, 401, 403, 404, 500, 503]);
    expect(errorStatuses(operation('POST /api/printReceipt'))).toEqual([
      400, 401, 403, 404, 413, 415, 500, 502, 503, 504,
    ]);
    expect(Object.keys(API_ACCESS)).toHaveLength(operations.length);
  });
});
