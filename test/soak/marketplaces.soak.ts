import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { FakeSeed, FakeSettings } from '../../src/contract/index.js';
import type { Marketplace } from '../../src/marketplaces/names.js';
import { cli, jsonLines, useService } from '../helpers/cli.js';
import { seededRandom } from '../helpers/fault-proxy.js';
import { workspace } from '../helpers/files.js';
import { FAKE_CREDENTIALS, fakes, marketplaceEnv } from '../helpers/marketplaces.js';
import { BIN } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';

const ROUNDS = Number(process.env.SOAK_ROUNDS ?? 4);
const SEED = Number(process.env.SOAK_SEED ?? Date.now() % 2 ** 31);
const MAX_RUNS = 10;

const t = useService({ startWorker: false });

/** A marketplace's orders of one to three lines, with ids in its own shapes. */
function ordersFor(marketplace: Marketplace, round: number, count: number, random: () => number): FakeSeed {
  const orders = Array.from({ length: count }, (_, index) => {
    const n = `${round}${String(index + 1).padStart(6, '0')}`;
    const orderId =
      marketplace === 'cafe24'
        ? `20261125-${n.padStart(7, '0')}`
        : `${marketplace === 'naver' ? '2026112' : '3100000'}${n.padStart(9, '0')}`;
    const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, line) => ({
      line_id: marketplace === 'cafe24' ? `${orderId}-0${line + 1}` : `${orderId}${line + 1}`,
      product_id: `${1000 + ((index + line) % 5)}`,
      product_name: `상품 ${(index + line) % 5}`,
      quantity: 1 + Math.floor(random() * 2),
      price: 10_000,
    }));
    return {
      order_id: orderId,
      recipient_name: `구매자${index + 1}`,
      recipient_phone: `010-${String(2000 + index).padStart(4, '0')}-${String(round * 100 + index).padStart(4, '0')}`,
      lines,
    };
  });
  const products = Array.from({ length: 5 }, (_, index) => ({
    product_id: `${1000 + index}`,
    name: `상품 ${index}`,
    image_url: `https://shop.example.com/img/${1000 + index}.jpg`,
  }));
  return { orders, products };
}

/** Runs `bin/intake.js ARGS`, SIGKILLed once the fake has taken `after` more API requests (never when undefined). */
async function runKilled(
  args: string[],
  env: Record<string, string>,
  requests: () => Promise<number>,
  after: number | undefined,
): Promise<number | null> {
  const start = await requests();
  const child = spawn(process.execPath, [BIN, ...args, '--json'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, INTAKE_SECRET_STORAGE: 'file', ...env },
    stdio: 'ignore',
  });
  const ended = new Promise<number | null>((resolve) =>
    child.on('close', (code, signal) => resolve(signal ? null : code)),
  );
  if (after !== undefined) {
    void (async () => {
      while (child.exitCode === null && child.signalCode === null) {
        if ((await requests()) - start >= after) {
          child.kill('SIGKILL');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
  }
  return ended;
}

/** Faults for one run: a storm of 429s, pages answered twice, writes whose answer is lost. */
function faultsFor(random: () => number): FakeSettings['faults'] {
  return {
    storm: random() < 0.3 ? 1 + Math.floor(random() * 3) : 0,
    duplicate_pages: random() < 0.4,
    timeout_after_write: random() < 0.4 ? 1 : 0,
  };
}

/** Naver's and Coupang's buckets made roomy so that runs are quick; Cafe24's as the mall's (40, 2 a second). */
const RATES = {
  naver: { per_second: 200, burst: 400 },
  coupang: { per_second: 200, burst: 400 },
  cafe24: { per_second: 2, burst: 40 },
} as const;

async function setUp(marketplace: Marketplace, env: Record<string, string>) {
  const fake = fakes(t.service);
  await fake.reset(marketplace);
  await fake.setUp(marketplace, { rate: RATES[marketplace] });
  if (marketplace !== 'cafe24') return;
  await fake.seed('cafe24', { carriers: [{ carrier_id: 1, code: '0006', name: 'CJ 대한통운' }] });
  const c = FAKE_CREDENTIALS.cafe24;
  const login = await cli(
    [
      ...['marketplace', 'login', 'cafe24', '--mall-id', c.mall_id, '--client-id', c.client_id],
      ...['--redirect-uri', c.redirect_uri, '--code', await fake.cafe24Code(), '--secret-stdin'],
    ],
    { env, stdin: c.client_secret },
  );
  expect(login.code, login.stderr).toBe(0);
}

describe(`marketplaces under kills and faults (seed ${SEED})`, () => {
  for (const marketplace of ['naver', 'coupang', 'cafe24'] as const) {
    it(`${marketplace}: ${ROUNDS} rounds; every order stored whole once, every line shipped once`, async () => {
      const random = seededRandom(SEED + marketplace.length);
      const fake = fakes(t.service);
      const env = {
        ...t.env,
        ...marketplaceEnv(t.service),
        INTAKE_CONFIG_DIR: tempDir('intake-config-'),
        INTAKE_DATA_DIR: tempDir('intake-data-'),
      };
      await setUp(marketplace, env);
      const requests = async () => (await fake.state(marketplace)).requests;
      const figures = { orders: 0, lines: 0, runs: 0, kills: 0, blocks: 0, writes: 0 };
      for (let round = 1; round <= ROUNDS; round += 1) {
        const seed = ordersFor(marketplace, round, 10 + Math.floor(random() * 30), random);
        await fake.seed(marketplace, seed);
        const run = async (verb: 'pull' | 'push') => {
          for (let attempt = 1; attempt <= MAX_RUNS; attempt += 1) {
            await fake.settings(marketplace, { faults: faultsFor(random) });
            const killAfter =
              attempt < MAX_RUNS && random() < 0.5 ? 1 + Math.floor(random() * 12) : undefined;
            const code = await runKilled([verb, marketplace], env, requests, killAfter);
            figures.runs += 1;
            if (code === null) figures.kills += 1;
            if (code === 0) return;
            // Stopped at a block or a throttle (Coupang's lasts a minute): wait it out, as its advice says.
            if (code === 6) {
              figures.blocks += 1;
              await fake.settings(marketplace, { rate: RATES[marketplace] });
            }
          }
          // The last runs are fault-free: a clean end is required.
          await fake.settings(marketplace, {
            rate: RATES[marketplace],
            faults: { storm: 0, timeout_after_write: 0, duplicate_pages: false },
          });
          const last = await cli([verb, marketplace, '--json'], { env });
          expect(last.code, `${verb}: ${last.stderr}\n${jsonLines(last.stdout).at(-1)}`).toBe(0);
        };
        await run('pull');
        // Every order of the round is stored once, with every one of its lines.
        const stored = new Map((await t.service.local.orders()).map((order) => [order.id, order]));
        const lines = (await fake.state(marketplace)).lines.filter((line) =>
          seed.orders.some((order) => order.order_id === line.order_id),
        );
        for (const order of seed.orders) {
          const ids = lines.filter((line) => line.order_id === order.order_id).map((line) => line.line_id);
          expect(
            stored
              .get(order.order_id)
              ?.items.map((item) => item.id)
              .sort(),
          ).toEqual(ids.sort());
        }
        figures.orders += seed.orders.length;
        figures.lines += lines.length;
        // Ship every line, one shipment per order, then push until done.
        const rows = seed.orders.flatMap((order, index) =>
          lines
            .filter((line) => line.order_id === order.order_id)
            .map(
              (line) =>
                `${order.order_id},${line.line_id},kr.cjlogistics,6${round}${String(index).padStart(10, '0')}`,
            ),
        );
        const sheet = workspace().write(
          'shipments.csv',
          `order_id,order_item_id,company_code,tracking_number\n${rows.join('\n')}\n`,
        );
        const shipped = await cli(['shipment', 'create', sheet], { env });
        expect(shipped.code, shipped.stderr).toBe(0);
        await run('push');
      }
      const state = await fake.state(marketplace);
      // Exactly once: every line given its tracking number by one write, none twice, none missed.
      figures.writes = state.lines.reduce((sum, line) => sum + line.written, 0);
      expect(state.lines.filter((line) => line.written !== 1)).toEqual([]);
      expect(state.lines.filter((line) => line.tracking_number === null)).toEqual([]);
      const done = await cli(['push', marketplace, '--json'], { env });
      expect(done.summary()).toMatchObject({ lines: 0 });
      console.log(
        `${marketplace}: ${JSON.stringify(figures)}; refused by the fake: ${JSON.stringify(state.refused)}`,
      );
    });
  }
});
