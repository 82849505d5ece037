import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Factory } from '../../src/cli/factory.js';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { JsonLineBatch } from '../../src/cli/output.js';
import { cli, serviceEnv } from '../helpers/cli.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { workspace } from '../helpers/files.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

const ESC = '\u001b[';

describe('colour', () => {
  it.each([
    ['a terminal', { tty: true }, [], true],
    ['a pipe', { tty: false }, [], false],
    ['FORCE_COLOR on a pipe', { tty: false, env: { FORCE_COLOR: '1' } }, [], true],
    ['NO_COLOR on a terminal', { tty: true, env: { NO_COLOR: '1' } }, [], false],
    ['--no-color on a terminal', { tty: true }, ['--no-color'], false],
  ] as const)('%s: coloured is %s', async (_name, options, flags, coloured) => {
    const env = { ...serviceEnv(service), ...('env' in options ? options.env : {}) };
    const result = await cli(['carriers', ...flags], { tty: options.tty, env });
    // Through a pipe a table is plain tab-separated rows: never coloured.
    expect(result.stdout.includes(ESC)).toBe(coloured && options.tty);
    const failed = await cli(['health', ...flags], {
      tty: options.tty,
      env: { ...env, INTAKE_BASE_URL: 'http://127.0.0.1:1' },
    });
    expect(failed.stderr.startsWith(`${ESC}31merror:`)).toBe(coloured);
  });

  it('JSON is never coloured', async () => {
    const result = await cli(['carriers', '--json'], { tty: true, env: { FORCE_COLOR: '1' } });
    expect(result.stdout.includes(ESC)).toBe(false);
  });
});

describe('progress of an upload', () => {
  function productsCsv(count: number): string {
    const lines = ['id,name,image_url'];
    for (let i = 1; i <= count; i++) lines.push(`P-PROG-${i},상품 ${i},https://x.example.com/${i}.png`);
    return `${lines.join('\n')}\n`;
  }

  it('on a terminal, a bar with done/total, rate and ETA on stderr; data on stdout untouched', async () => {
    const files = workspace();
    const proxy = await startFaultProxy(service.baseUrl, [], { delayMs: 40 });
    try {
      const result = await cli(
        ['product', 'create', files.write('p.csv', productsCsv(30)), '--concurrency', '2', '--json'],
        {
          tty: true,
          env: { ...serviceEnv(service), INTAKE_BASE_URL: proxy.url },
          interrupts: new InterruptHub(),
        },
      );
      expect(result.code).toBe(0);
      expect(stripVTControlCharacters(result.stderr)).toMatch(/█+░*\s\d+\/30 products · [\d.]+\/s · ETA /);
      expect(result.summary()).toMatchObject({ accepted: 30 });
    } finally {
      await proxy.close();
    }
  });

  it('with --quiet, no progress and no messages, only the data', async () => {
    const files = workspace();
    const result = await cli(
      [
        'product',
        'create',
        files.write('q.csv', productsCsv(3).replaceAll('PROG', 'QUIET')),
        '--quiet',
        '--json',
      ],
      {
        tty: true,
        env: serviceEnv(service),
      },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.summary()).toMatchObject({ accepted: 3 });
  });
});

describe('record lines of an upload', () => {
  it('are written to stdout in batches, in order, each within a turn of the event loop', async () => {
    const writes: string[] = [];
    const f = { io: { stdout: { write: (text: string) => writes.push(text) } } } as unknown as Factory;
    const batch = new JsonLineBatch(f);
    for (let n = 0; n < 1000; n++) batch.write({ type: 'record', id: `ORD-${n}`, note: 'x'.repeat(80) });
    // 64 KiB gathered make one write at once; the rest waits for the turn to end.
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.length).toBeLessThan(5);
    await new Promise((resolve) => setImmediate(resolve));
    const lines = writes.join('').trimEnd().split('\n');
    expect(lines).toHaveLength(1000);
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(
      Array.from({ length: 1000 }, (_, n) => `ORD-${n}`),
    );
    batch.write({ type: 'record', id: 'last' });
    batch.flush();
    expect(writes.at(-1)).toBe('{"type":"record","id":"last"}\n');
  });
});
