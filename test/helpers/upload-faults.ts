import { ORDERS_HEADER } from './samples.js';
import { spawn } from 'node:child_process';
import { expect } from 'vitest';
import { cli, QUICK_RETRY, type CliResult } from './cli.js';
import { randomFaults, startFaultProxy, type FaultProxy } from './fault-proxy.js';
import type { TestService } from './service.js';
import { BIN } from './spawn.js';

/** An orders CSV of `count` two-item orders, and a shipments CSV with one shipment per order. */
export function uploadFiles(prefix: string, count: number): { orders: string; shipments: string } {
  const orders = [ORDERS_HEADER];
  const shipments = ['order_id,order_item_ids,company_code,tracking_number'];
  for (let i = 0; i < count; i++) {
    const id = `${prefix}-${i}`;
    for (const n of [1, 2]) {
      orders.push(
        `${id},홍길동,010-1234-${String(i % 10_000).padStart(4, '0')},${id}-${n},P-${n},상품 ${n},https://x.example.com/${n}.png`,
      );
    }
    shipments.push(`${id},${id}-1|${id}-2,kr.cjlogistics,${6_000_000 + i}`);
  }
  return { orders: `${orders.join('\n')}\n`, shipments: `${shipments.join('\n')}\n` };
}

/** A listing of the local service returns at most this many entries. */
const LISTING_MAX = 10_000;

/**
 * Checks what the service stored for a prefix, once the queue is applied: every order exactly once with
 * exactly one shipment (a shipment stored twice would be two), and exactly one shipping notice per order.
 */
export async function expectStoredOnce(service: TestService, prefix: string, count: number): Promise<void> {
  await service.local.apply();
  const listed = await service.local.orders();
  expect(listed.length, 'the service holds fewer orders than a listing returns').toBeLessThan(LISTING_MAX);
  const orders = listed.filter((order) => order.id.startsWith(`${prefix}-`));
  expect(orders).toHaveLength(count);
  const shipmentsPerOrder = orders.map((order) => order.shipments.length);
  expect(
    shipmentsPerOrder.filter((shipments) => shipments !== 1),
    'one shipment per order',
  ).toEqual([]);
  const messages = await service.local.messages();
  // Messages are listed by when they are due: shipping notices (due now) before review requests (due
  // days later), so a full listing whose last message is not a notice holds every notice.
  expect(messages.length < LISTING_MAX || messages.at(-1)?.kind !== 'shipment').toBe(true);
  const notices = messages.filter(
    (message) => message.kind === 'shipment' && message.order_id.startsWith(`${prefix}-`),
  );
  expect(notices, 'one shipping notice per buyer').toHaveLength(count);
  expect(new Set(notices.map((message) => message.order_id)).size).toBe(count);
}

export interface FaultyRun {
  runs: CliResult[];
  proxy: FaultProxy;
}

/**
 * Uploads a file through a proxy that faults about `share` of requests (seeded), as many times as it
 * takes to finish (a record whose every attempt met a fault is `failed`, and the next run sends it).
 */
export async function uploadThroughFaults(
  service: TestService,
  env: Record<string, string>,
  args: readonly string[],
  options: { share: number; seed: number; maxRuns?: number },
): Promise<FaultyRun> {
  const proxy = await startFaultProxy(service.baseUrl, [], {
    fault: randomFaults(options.share, options.seed, 1_500),
  });
  const runs: CliResult[] = [];
  try {
    for (let run = 0; run < (options.maxRuns ?? 4); run++) {
      const result = await cli([...args, '--timeout', '1s', '--json'], {
        env: { ...env, INTAKE_BASE_URL: proxy.url },
        retry: QUICK_RETRY,
      });
      runs.push(result);
      if (result.code === 0) break;
      expect([1, 4], result.stderr.slice(-500)).toContain(result.code);
    }
  } finally {
    await proxy.close();
  }
  return { runs, proxy };
}

/** Runs `bin/intake.js` and kills it with `signal` once the proxy has seen `afterRequests` requests. */
export function killedRun(
  args: readonly string[],
  env: Record<string, string>,
  proxy: { seen: number },
  afterRequests: number,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setInterval(() => {
      if (proxy.seen >= afterRequests) {
        clearInterval(timer);
        child.kill(signal);
      }
    }, 5);
    child.on('error', reject);
    child.on('exit', (code, received) => {
      clearInterval(timer);
      resolve({ code, signal: received, stderr });
    });
  });
}
