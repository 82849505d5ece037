import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DOCUMENTED_ENDPOINTS } from '../../src/contract/openapi.js';
import { SERVICE_ENDPOINTS, check } from '../../src/contract/index.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
// The document is walked as loose JSON: its shape is what the test checks.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
let document: Json;
beforeAll(async () => {
  service = await startService({ startWorker: false });
  document = (await service.call('GET', '/openapi.json', { headers: { authorization: '' } })).json as Json;
});
afterAll(() => service.close());

const componentOf = (reference: { $ref: string }) =>
  document.components.schemas[reference.$ref.split('/').at(-1) as string] as Json;

describe('GET /openapi.json', () => {
  it('is OpenAPI 3.1 with every operation of the service at its exact path and method', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const [name, endpoint] of Object.entries(SERVICE_ENDPOINTS)) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toMatchObject({ operationId: name });
      expect(operation.tags).not.toContain('Local');
    }
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/local/'))).toHaveLength(8);
    expect(document.paths['/local/reviews'].post.tags).toEqual(['Local']);
    expect(document.paths['/api/v1/health/'].get.security).toEqual([]);
    expect(
      document.paths['/api/v1/orders/'].post.responses['401'].content['application/json'].examples.required
        .value,
    ).toEqual({
      detail: 'Authorization header required.',
    });
  });

  it('every request example validates against the contract', () => {
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const endpoint = DOCUMENTED_ENDPOINTS[operation.operationId as string];
        expect(endpoint, `${method} ${path}`).toBeDefined();
        const body = operation.requestBody?.content['application/json'].schema;
        if (body) {
          const examples = componentOf(body).examples as unknown[];
          expect(examples?.length, `${method} ${path} has examples`).toBeGreaterThan(0);
          const schema = (
            operation.operationId === 'createShipment' ? service.app.intake.shipmentSchema : endpoint?.body
          ) as z.ZodType;
          for (const example of examples) {
            expect(check(schema, example, ['body']), `${method} ${path}`).toMatchObject({ ok: true });
            checked += 1;
          }
        }
        const query: Record<string, unknown> = {};
        for (const parameter of (operation.parameters ?? []) as Json[]) {
          const example = parameter.schema.examples?.[0];
          if (parameter.in === 'query' && example !== undefined) query[parameter.name] = example;
        }
        if (Object.keys(query).length > 0) {
          expect(
            check(endpoint?.query as z.ZodType, query, ['query']),
            `${method} ${path} query`,
          ).toMatchObject({ ok: true });
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it('every response example validates against its schema', () => {
    for (const endpoint of Object.values(DOCUMENTED_ENDPOINTS)) {
      if (!endpoint.success.schema) continue;
      const operation = document.paths[endpoint.path][endpoint.method.toLowerCase()];
      const component = componentOf(
        operation.responses[endpoint.success.status].content['application/json'].schema,
      );
      for (const example of (component.examples ?? []) as unknown[]) {
        expect(check(endpoint.success.schema, example, []), endpoint.path).toMatchObject({ ok: true });
      }
    }
  });
});

describe('GET /docs', () => {
  it('is a page whose scripts and styles all come from this service, with no credentials needed', async () => {
    const page = await service.call('GET', '/docs', { headers: { authorization: '' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const sources = [...page.text.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"/g)].map(
      (match) => match[1] as string,
    );
    expect(sources.length).toBeGreaterThanOrEqual(3);
    expect(sources.some((source) => source.endsWith('swagger-ui-bundle.js'))).toBe(true);
    for (const source of sources) {
      expect(source, 'no script or style from another host').not.toMatch(/^(https?:)?\/\//);
      const asset = await service.call('GET', new URL(source, `${service.baseUrl}/docs/`).pathname, {
        headers: { authorization: '' },
      });
      expect(asset.status, source).toBe(200);
    }
    const initializer = await service.call('GET', '/docs/static/swagger-initializer.js', {
      headers: { authorization: '' },
    });
    const code = initializer.text.replace(/\/\/.*$/gm, '');
    expect(code, 'the page loads the document from this service').not.toMatch(/https?:\/\//);
  });
});
