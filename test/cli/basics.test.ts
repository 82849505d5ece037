import { describe, expect, it } from 'vitest';
import { AUTH_DETAILS, VALID_CREDENTIALS_REASON } from '../../src/contract/index.js';
import { cli, useService } from '../helpers/cli.js';

const t = useService();

describe('intake health', () => {
  it('prints a table by default on a terminal, and plain tab-separated rows through a pipe', async () => {
    const result = await cli(['health'], { env: { ...t.env, NO_COLOR: '1' }, tty: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/status\s+│ base_url/);
    expect(result.stdout).toContain('available');
    const piped = await cli(['health'], { env: t.env });
    expect(piped.stdout).toBe(`available\t${t.service.baseUrl}\n`);
  });

  it('prints the service body with --json and -o json', async () => {
    for (const args of [
      ['health', '--json'],
      ['--json', 'health'],
      ['health', '-o', 'json'],
    ]) {
      const result = await cli(args, { env: t.env });
      expect(result.json()).toEqual({ status: 'available', base_url: t.service.baseUrl });
    }
  });

  it('prints CSV with -o csv', async () => {
    const result = await cli(['health', '-o', 'csv'], { env: t.env });
    expect(result.stdout).toBe(`status,base_url\navailable,${t.service.baseUrl}\n`);
  });

  it('needs no credentials', async () => {
    const result = await cli(['health', '--json'], { env: { INTAKE_BASE_URL: t.service.baseUrl } });
    expect(result.code).toBe(0);
  });

  it('rejects an unknown output format before doing anything', async () => {
    const result = await cli(['health', '-o', 'yaml'], { env: t.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('yaml');
  });
});

describe('intake keys check', () => {
  it('exits 0 for valid credentials and shows where they came from', async () => {
    const result = await cli(['keys', 'check'], { env: t.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(VALID_CREDENTIALS_REASON);
    expect(result.stdout).toContain('INTAKE_ACCESS_KEY_ID');
  });

  it.each([
    ['a wrong secret', { INTAKE_SECRET_ACCESS_KEY: 'wrong' }, AUTH_DETAILS.wrongSecret],
    ['an unknown key', { INTAKE_ACCESS_KEY_ID: 'AKNOPE' }, AUTH_DETAILS.unknownKey],
  ])('exits 3 for %s, with the service’s reason', async (_name, override, reason) => {
    const result = await cli(['keys', 'check', '--json'], { env: { ...t.env, ...override } });
    expect(result.code).toBe(3);
    expect(result.json()).toMatchObject({ is_valid: false, reason, base_url: t.service.baseUrl });
  });

  it('exits 3 and says what to do without credentials', async () => {
    const result = await cli(['keys', 'check'], { env: { INTAKE_BASE_URL: t.service.baseUrl } });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('profile "default" does not exist');
    expect(result.stderr).toContain('intake login');
  });
});

describe('intake carriers', () => {
  it('lists the 26 codes with names', async () => {
    const result = await cli(['carriers', '--json']);
    const carriers = result.json() as { code: string; name: string }[];
    expect(carriers).toHaveLength(26);
    expect(carriers).toContainEqual({ code: 'kr.cjlogistics', name: 'CJ대한통운' });
    expect(carriers.filter((carrier) => carrier.code.startsWith('kr.'))).toHaveLength(19);
  });

  it('prints CSV', async () => {
    const result = await cli(['carriers', '-o', 'csv']);
    expect(result.stdout.split('\n')[0]).toBe('code,name');
    expect(result.stdout).toContain('kr.epost,우체국 택배\n');
  });
});

describe('help and version', () => {
  it.each([['--help'], ['order', 'create', '--help'], ['queue', 'status', '--help'], ['serve', '--help']])(
    '%s prints usage with examples and exits 0',
    async (...args) => {
      const result = await cli(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage: intake');
      expect(result.stdout).toContain('Examples:');
    },
  );

  it('every command has examples in its help', async () => {
    const leaves = [
      ['order', 'create'],
      ['order', 'patch'],
      ['shipment', 'create'],
      ['product', 'create'],
      ['product', 'patch'],
      ['rewards', 'list'],
      ['keys', 'check'],
      ['health'],
      ['queue', 'status'],
      ['login'],
      ['logout'],
      ['config', 'list'],
      ['config', 'get'],
      ['config', 'set'],
      ['config', 'use'],
      ['carriers'],
      ['serve'],
    ];
    for (const leaf of leaves) {
      const result = await cli([...leaf, '--help']);
      expect(result.stdout, leaf.join(' ')).toContain('Examples:');
    }
  });

  it('prints the version', async () => {
    const result = await cli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe('0.0.0-test');
  });

  it('an unknown command or option is a usage error (exit 2)', async () => {
    expect((await cli(['frobnicate'])).code).toBe(2);
    const unknown = await cli(['health', '--frob']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--frob'");
  });
});
