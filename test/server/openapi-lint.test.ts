import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';

const ROOT = join(import.meta.dirname, '..', '..');
let service: TestService;
let document: Record<string, unknown>;
beforeAll(async () => {
  service = await startService({ startWorker: false });
  document = (await service.call('GET', '/openapi.json', { headers: { authorization: '' } })).json as Record<
    string,
    unknown
  >;
});
afterAll(() => service.close());

describe('the served document, linted', () => {
  it('by Spectral (spectral:oas, as .spectral.json configures it): no errors', async () => {
    const { Spectral, Document } = await import('@stoplight/spectral-core');
    const { oas } = await import('@stoplight/spectral-rulesets');
    const parsers = await import('@stoplight/spectral-parsers');
    const config = JSON.parse(readFileSync(join(ROOT, '.spectral.json'), 'utf8')) as {
      extends: string[];
      rules: Record<string, 'off'>;
    };
    expect(config.extends).toEqual(['spectral:oas']);
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']], rules: config.rules } as never);
    const results = await spectral.run(new Document(JSON.stringify(document), parsers.Json as never));
    const errors = results.filter((result) => result.severity === 0);
    expect(errors.map((error) => `${error.code} ${error.path.join('.')}: ${error.message}`)).toEqual([]);
  });

  it('by Redocly (recommended, as redocly.yaml configures it): no errors', async () => {
    const { lintFromString, loadConfig } = await import('@redocly/openapi-core');
    const config = await loadConfig({ configPath: join(ROOT, 'redocly.yaml') });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: '/openapi.json',
      config,
    });
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
  });
});

describe('a client generated from it (openapi-typescript + openapi-fetch)', () => {
  /** Type-checks `code` beside the generated types; returns the compiler's errors. */
  async function typeErrors(code: string): Promise<string[]> {
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const dir = tempDir('intake-client-');
    writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(document as never)));
    writeFileSync(join(dir, 'use.ts'), code);
    const program = ts.createProgram([join(dir, 'use.ts')], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
      typeRoots: [],
      types: [],
      baseUrl: ROOT,
      paths: { 'openapi-fetch': [join(ROOT, 'node_modules', 'openapi-fetch')] },
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  }

  const client = (body: string) => `
    import createClient from 'openapi-fetch';
    import type { paths } from './api.js';
    const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:8080' });
    export const sent = client.POST('/api/v1/orders/{id}/shipments/', {
      params: { path: { id: 'ORD-1' } },
      body: ${body},
    });
  `;

  it('takes a carrier shipment and a self shipment, and refuses a self shipment with another tracking number', async () => {
    expect(
      await typeErrors(
        client(
          "{ order_item_ids: ['ORD-1-1'], company_code: 'kr.cjlogistics', tracking_number: '640123456789' }",
        ),
      ),
    ).toEqual([]);
    expect(
      await typeErrors(
        client("{ order_item_ids: ['ORD-1-1'], company_code: 'self', tracking_number: 'self' }"),
      ),
    ).toEqual([]);
    const errors = await typeErrors(
      client("{ order_item_ids: ['ORD-1-1'], company_code: 'self', tracking_number: '640123456789' }"),
    );
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(/tracking_number|"self"/);
  });
});
