import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readCredentialCheck,
  readHealth,
  readQueueStatus,
  type Reader,
} from '../../src/client/probe-answers.js';
import {
  CredentialCheckResult,
  HealthResult,
  ShipmentQueueStatusReceived,
} from '../../src/contract/index.js';
import { startService, TEST_CREDENTIALS, type TestService } from '../helpers/service.js';
import { BIN } from '../helpers/spawn.js';
import { FIXTURES } from '../helpers/files.js';
import { tempDir } from '../helpers/temp.js';

/** Bodies an answer might have: right, wrong in every way a field can be, and not objects at all. */
const BODIES: unknown[] = [
  { status: 'available' },
  { status: 'down' },
  { is_valid: true, reason: 'fine' },
  { is_valid: 'true', reason: 'fine' },
  { is_valid: false, reason: 7 },
  { origin_mall_id: 'mall-1', count: 3 },
  { origin_mall_id: 'mall-1', count: '12' },
  { origin_mall_id: 'mall-1', count: -1 },
  { origin_mall_id: 'mall-1', count: 1.5 },
  { origin_mall_id: 'mall-1', count: '1.5' },
  { origin_mall_id: 7, count: 1 },
  { origin_mall_id: 'mall-1' },
  null,
  'available',
  [],
  42,
  {},
];

describe('the light readers of the one-shot checks', () => {
  it.each([
    ['health', readHealth, HealthResult],
    ['credential check', readCredentialCheck, CredentialCheckResult],
    ['queue status', readQueueStatus, ShipmentQueueStatusReceived],
  ] as [string, Reader<unknown>, { safeParse(body: unknown): { success: boolean; data?: unknown } }][])(
    '%s takes exactly what the contract’s schema takes, as it reads it',
    (_name, read, schema) => {
      for (const body of BODIES) {
        const light = read(body);
        const full = schema.safeParse(body);
        expect(light.ok, JSON.stringify(body)).toBe(full.success);
        if (light.ok) expect(light.value).toEqual(full.data);
      }
    },
  );
});

/** Records every module a run of the CLI loads (a resolve hook), and returns them. */
async function modulesLoadedBy(args: string[], env: Record<string, string>): Promise<string[]> {
  const dir = tempDir('intake-modules-');
  const hooks = join(dir, 'hooks.mjs');
  const register = join(dir, 'register.mjs');
  const log = join(dir, 'loaded.txt');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const found = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, found.url + '\\n');
  return found;
}`,
  );
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});\n`,
  );
  // Run aside (the service this test started answers it from this process).
  await promisify(execFile)(process.execPath, ['--import', register, BIN, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, INTAKE_SECRET_STORAGE: 'file', ...env },
  });
  return readFileSync(log, 'utf8').split('\n').filter(Boolean).flatMap(joinedModules);
}

const ROOT = join(import.meta.dirname, '..', '..');
/** What the build joined in each chunk of dist/bundle/ (scripts/bundle.js writes the list). */
const BUNDLE = join(ROOT, 'dist', 'bundle');
let chunks: Record<string, string[]> | undefined;

/** A URL loaded from dist/bundle/, as the modules joined in its chunk; any other, as it is. */
function joinedModules(url: string): string[] {
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  if (dirname(path) !== BUNDLE) return [url];
  chunks ??= JSON.parse(readFileSync(join(BUNDLE, 'modules.json'), 'utf8')) as Record<string, string[]>;
  const modules = chunks[basename(path)];
  if (modules === undefined) throw new Error(`${path} is not a chunk of the build`);
  return modules.map((module) => pathToFileURL(join(ROOT, module)).href);
}

describe('a one-shot command loads only what it uses', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({ startWorker: false });
  });
  afterAll(() => service.close());

  it.each(['health', 'keys check', 'queue status', 'auth status', 'config list'])(
    'intake %s: no schema library, no validator, no HTTP pool, nothing of the service or the upload',
    async (command) => {
      const loaded = await modulesLoadedBy(command.split(' '), {
        INTAKE_CONFIG_DIR: tempDir('intake-config-'),
        INTAKE_BASE_URL: service.baseUrl,
        INTAKE_ACCESS_KEY_ID: TEST_CREDENTIALS.accessKeyId,
        INTAKE_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey,
      });
      expect(loaded.length).toBeGreaterThan(10);
      // Of the contract, only the files that load no schema: its paths, kinds and credentials. Through a
      // pipe, nothing that draws a table for a terminal. At an English terminal, with nothing gone wrong,
      // no words for errors and no Korean words (about 60 kB of patterns: `auth status` loaded them for
      // `auth migrate`'s one Korean line, and was 2.1× `node -e 0`).
      const heavy = loaded.filter((url) =>
        /node_modules\/(zod|ajv|undici|conf|fastify|better-sqlite3|exceljs|csv-parse|cli-table3|string-width|wrap-ansi)\/|dist\/(server|bulk\/(?!errors\.js)|contract\/(?!paths|kinds|auth))|error-words|words-ko\.js$/.test(
          url,
        ),
      );
      expect(heavy).toEqual([]);
    },
  );

  it('a CSV upload loads no workbook reader (its zip and XML parsers are for workbooks only)', async () => {
    const loaded = await modulesLoadedBy(
      ['order', 'create', join(FIXTURES, 'orders.csv'), '--dry-run', '--json', '--quiet'],
      { INTAKE_CONFIG_DIR: tempDir('intake-config-'), INTAKE_DATA_DIR: tempDir('intake-data-') },
    );
    expect(loaded.some((url) => url.includes('/dist/bulk/read/csv-table.js'))).toBe(true);
    const workbook = loaded.filter((url) =>
      /node_modules\/(saxes|yauzl|exceljs|officecrypto-tool)\/|dist\/bulk\/read\/xlsx\/(?!cell-ref\.js|sheets\.js)/.test(
        url,
      ),
    );
    expect(workbook).toEqual([]);
  });
});
