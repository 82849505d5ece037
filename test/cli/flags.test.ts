import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { mergePages, newApiCommand } from '../../src/commands/api/api.js';
import { newLoginCommand } from '../../src/commands/auth/login.js';
import { newOrderCreateCommand } from '../../src/commands/order/create.js';
import { newProductCreateCommand } from '../../src/commands/product/create.js';
import { newQueueCommand } from '../../src/commands/queue/status.js';
import { newRewardsCommand } from '../../src/commands/rewards/list.js';
import { newServeCommand } from '../../src/commands/serve/serve.js';
import { newShipmentCreateCommand } from '../../src/commands/shipment/create.js';
import { createFactory, type Factory } from '../../src/cli/factory.js';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { tempDir } from '../helpers/temp.js';

type Constructor<T> = (f: Factory, runF: (options: T, f: Factory) => Promise<void>) => Command;

/**
 * Parses a command line with a command's own constructor and a run function that only keeps the
 * options: what the flags become, or the usage error they cause, with no service and nothing run.
 */
async function parse<T>(make: Constructor<T>, args: string[], env: Record<string, string> = {}) {
  const f = createFactory({
    io: { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough() },
    env: { INTAKE_CONFIG_DIR: tempDir('intake-cfg-'), ...env },
    version: '0.0.0-test',
    interrupts: new InterruptHub(),
  });
  let options: T | undefined;
  const command = make(f, async (parsed) => {
    options = parsed;
  });
  const quiet = (each: Command) => {
    each.exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
    each.commands.forEach(quiet);
  };
  quiet(command);
  try {
    await command.parseAsync(args, { from: 'user' });
  } catch (error) {
    return { error: error as Error & { exitCode?: number } };
  }
  return { options: options as T };
}

describe('shipment create', () => {
  it('builds the shipment from its flags, items split on commas', async () => {
    const { options } = await parse(newShipmentCreateCommand, [
      '--order',
      'ORD-1',
      '--items',
      'ORD-1-1, ORD-1-2,',
      '--company-code',
      'kr.hanjin',
      '--tracking-number',
      '42',
      '--dry-run',
    ]);
    expect(options).toMatchObject({
      resource: 'shipment',
      fromFlags: {
        record: {
          order_id: 'ORD-1',
          order_item_ids: ['ORD-1-1', 'ORD-1-2'],
          company_code: 'kr.hanjin',
          tracking_number: '42',
        },
      },
      upload: { dryRun: true, resume: true },
    });
    // No --concurrency: the upload finds the service's limit by itself.
    expect(options?.upload).not.toHaveProperty('concurrency');
  });

  it.each([
    [
      ['shipments.csv', '--order', 'ORD-1'],
      'give either a file or --order/--items/--company-code/--tracking-number, not both',
    ],
    [['x.csv', '--concurrency', '0'], '--concurrency must be a whole number from 1 to 256'],
    [['x.csv', '--rate', 'fast'], '--rate must be a positive number'],
    [['x.csv', '--format', 'xml'], '--format must be one of csv, xlsx, json, ndjson'],
  ])('refuses %j', async (args, message) => {
    const { error } = await parse(newShipmentCreateCommand, args);
    expect(error?.message).toContain(message);
  });
});

describe('product and order create', () => {
  it('a product from flags, or a file with upload options', async () => {
    const flags = await parse(newProductCreateCommand, [
      '--id',
      'P-1',
      '--name',
      '감귤',
      '--image-url',
      'https://x.example.com/p.jpg',
    ]);
    expect(flags.options?.fromFlags?.record).toEqual({
      id: 'P-1',
      name: '감귤',
      image_url: 'https://x.example.com/p.jpg',
    });
    const file = await parse(newOrderCreateCommand, [
      'orders.csv',
      '--columns',
      'order_id=주문번호',
      '--delimiter',
      ';',
      '--update',
      '--no-resume',
      '--report',
      'r.json',
    ]);
    expect(file.options).toMatchObject({
      resource: 'order',
      file: 'orders.csv',
      upload: { columns: 'order_id=주문번호', delimiter: ';', update: true, resume: false, report: 'r.json' },
    });
    expect(file.options?.upload.followUp).toEqual([
      '--columns',
      'order_id=주문번호',
      '--delimiter',
      ';',
      '--update',
    ]);
  });

  it('a file and product flags together are refused', async () => {
    const { error } = await parse(newProductCreateCommand, ['p.json', '--name', 'x']);
    expect(error?.message).toBe('give either a file or --id/--name/--image-url, not both');
  });
});

describe('api', () => {
  it('--paginate joins the pages of a list, and leaves anything else as it came', () => {
    expect(mergePages([{ status: 'available' }])).toEqual({ status: 'available' });
    expect(mergePages([{ results: [1], note: 'a' }, { results: [2, 3] }])).toEqual({
      results: [1, 2, 3],
      note: 'a',
    });
    expect(mergePages([[1], [2]])).toEqual([1, 2]);
    expect(mergePages([{ a: 1 }, { b: 2 }])).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('method in any case, repeated headers', async () => {
    const { options } = await parse(newApiCommand, [
      'post',
      '/api/v1/products/',
      '-H',
      'X-A: 1',
      '--header',
      'x-b:two',
      '--input',
      '-',
      '-i',
    ]);
    expect(options).toEqual({
      method: 'POST',
      path: '/api/v1/products/',
      input: '-',
      headers: { 'x-a': '1', 'x-b': 'two' },
      include: true,
      fields: [],
      follow: true,
      paginate: false,
    });
  });

  it('-f and -F fields, --no-follow, --paginate', async () => {
    const { options } = await parse(newApiCommand, [
      'GET',
      '/local/jobs',
      '-f',
      'state=failed',
      '-F',
      'limit=5',
      '--no-follow',
      '--paginate',
    ]);
    expect(options).toMatchObject({
      fields: [
        { key: 'state', value: 'failed', typed: false },
        { key: 'limit', value: '5', typed: true },
      ],
      follow: false,
      paginate: true,
    });
    expect((await parse(newApiCommand, ['GET', '/x', '-f', 'novalue'])).error?.message).toContain(
      '-f "novalue" is not key=value',
    );
    expect((await parse(newApiCommand, ['POST', '/x', '--paginate'])).error?.message).toContain(
      '--paginate is for GET',
    );
  });
});

describe('queue status, rewards list, login', () => {
  it('queue status --wait takes an interval and a most time to wait', async () => {
    const { options } = await parse(newQueueCommand, [
      'status',
      '--wait',
      '--interval',
      '2s',
      '--max-wait',
      '1m',
    ]);
    expect(options).toEqual({ wait: { intervalMs: 2000, maxWaitMs: 60_000 } });
    expect((await parse(newQueueCommand, ['status'])).options).toEqual({});
    const bad = await parse(newQueueCommand, ['status', '--wait', '--max-wait', 'soon']);
    expect(bad.error?.message).toContain('--max-wait "soon" is not a duration');
  });

  it('rewards list takes --from/--to as aliases and checks the range', async () => {
    expect(
      (await parse(newRewardsCommand, ['list', '--from', '2026-11-01', '--end-date', '2026-11-30'])).options,
    ).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    expect((await parse(newRewardsCommand, ['list', '--to', '2026-11-30'])).options).toEqual({
      endDate: '2026-11-30',
    });
    const reversed = await parse(newRewardsCommand, ['list', '--from', '2026-12-01', '--to', '2026-11-01']);
    expect(reversed.error?.message).toBe('--from 2026-12-01 is later than --to 2026-11-01');
  });

  it('login trims the access key id and takes the storage choice', async () => {
    const { options } = await parse(newLoginCommand, [
      '--access-key-id',
      ' AK1 ',
      '--secret-stdin',
      '--insecure-storage',
    ]);
    expect(options).toEqual({ accessKeyId: 'AK1', secretStdin: true, insecureStorage: true });
  });
});

describe('serve', () => {
  it('reads its flags, the secret from the environment', async () => {
    const { options } = await parse(
      newServeCommand,
      [
        '--port',
        '0',
        '--data',
        '/tmp/x',
        '--apply-delay',
        '1m-5m',
        '--merchant-id',
        'shop',
        '--access-key-id',
        'AK1',
        '--review-points',
        'photo=300',
      ],
      { INTAKE_SERVE_SECRET_ACCESS_KEY: 'from-env' },
    );
    expect(options).toMatchObject({
      host: '127.0.0.1',
      port: 0,
      server: {
        dataDir: '/tmp/x',
        applyDelay: { minMs: 60_000, maxMs: 300_000 },
        reviewPoints: { text: 100, photo: 300, video: 1000 },
        merchants: [{ merchantId: 'shop', accessKeyId: 'AK1', secretAccessKey: 'from-env' }],
      },
    });
  });

  it('an empty secret from the environment is a usage error', async () => {
    const { error } = await parse(newServeCommand, ['--port', '0'], { INTAKE_SERVE_SECRET_ACCESS_KEY: ' ' });
    expect(error?.message).toBe('the secret from INTAKE_SERVE_SECRET_ACCESS_KEY is empty');
  });
});
