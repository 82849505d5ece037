import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { colorEnabled, colors } from '../cli/io.js';
import { SAMPLE_CREDENTIALS } from '../marketplaces/sample.js';

/**
 * `npm run demo`: starts the local service on a fresh embedded database, uploads the sample files of
 * fixtures/ with the real CLI, and shows what happened. Nothing outside a temporary folder is touched.
 */
const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'bin', 'intake.js');
const work = mkdtempSync(join(tmpdir(), 'intake-demo-'));
// Uploads write their rejects and journals next to the input: the demo works on copies.
cpSync(join(root, 'fixtures'), join(work, 'fixtures'), { recursive: true });
const fixture = (name: string) => join('fixtures', name);
// Every intake the demo runs keeps its settings and data in the temporary folder.
const own = { INTAKE_CONFIG_DIR: join(work, 'config'), INTAKE_DATA_DIR: join(work, 'data') };

interface Serve {
  url: string;
  merchants: { merchant_id: string; access_key_id: string; secret_access_key: string }[];
}

function startService(): Promise<{ serve: Serve; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [bin, 'serve', '--port', '0', '--data', join(work, 'data'), '--apply-delay', '1s', '--json', '--quiet'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...own },
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('\n')) return;
      const serve = JSON.parse(out.split('\n')[0] as string) as Serve;
      resolve({
        serve,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`intake serve exited with ${code}`)));
  });
}

// The demo follows the same colour rules as intake: only on a terminal, never with NO_COLOR.
const bold = colors(colorEnabled(process.stdout, process.env)).bold;

/** A step of the demo that did not end as it should: the demo stops there, and fails. */
class StepFailed extends Error {}

/**
 * Runs `intake args` as a person would type it, its output shown as it comes; a step that exits other
 * than `expected` (0, or 4 for the file with rows to fix) stops the demo, so a broken demo never looks
 * like a working one.
 */
async function intakeExpecting(expected: number, env: NodeJS.ProcessEnv, ...args: string[]): Promise<void> {
  const line = `intake ${args.map((arg) => (/\s/.test(arg) ? `"${arg}"` : arg)).join(' ')}`;
  console.log(`\n${bold(`$ ${line}`)}`);
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: work, env, stdio: 'inherit' });
    child.once('exit', (exit) => resolve(exit ?? 1));
  });
  if (code !== expected) throw new StepFailed(`\`${line}\` exited ${code}, where ${expected} was expected`);
}

const intake = (env: NodeJS.ProcessEnv, ...args: string[]) => intakeExpecting(0, env, ...args);

/** Where the fake of Smartstore is, and the sample keys it was set up with (as `marketplace login` saves). */
function naverEnv(url: string): NodeJS.ProcessEnv {
  return {
    INTAKE_NAVER_BASE_URL: `${url}/naver`,
    INTAKE_NAVER_CLIENT_ID: SAMPLE_CREDENTIALS.naver.client_id,
    INTAKE_NAVER_CLIENT_SECRET: SAMPLE_CREDENTIALS.naver.client_secret,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const { serve, stop } = await startService();
  const merchant = serve.merchants[0];
  if (!merchant) throw new Error('the service did not create a merchant');
  console.log(`Local service on ${serve.url} (merchant ${merchant.merchant_id}, data in ${work})`);
  const env = {
    ...process.env,
    INTAKE_BASE_URL: serve.url,
    INTAKE_ACCESS_KEY_ID: merchant.access_key_id,
    INTAKE_SECRET_ACCESS_KEY: merchant.secret_access_key,
    ...own,
  };
  try {
    await intake(env, 'health');
    await intake(env, 'keys', 'check');
    await intake(env, 'product', 'create', fixture('products.csv'));
    await intake(env, 'order', 'create', fixture('orders.csv'), '--report', 'orders-report.csv');
    await intake(
      env,
      'order',
      'create',
      fixture('orders-cp949.csv'),
      '--columns',
      fixture('columns-ko.json'),
    );
    // Rows to fix: each is said with its reason, and the command exits 4.
    await intakeExpecting(4, env, 'order', 'create', fixture('orders-with-errors.csv'), '--dry-run');
    await intake(env, 'order', 'create', fixture('order.json'));
    await intake(env, 'shipment', 'create', fixture('shipments.csv'));
    await intake(env, 'shipment', 'create', fixture('shipment.json'));
    // A marketplace's own download, as it comes: an Excel workbook with a title row, Korean headers and
    // no image URLs (a catalog gives them); then its dispatch sheet, with carriers by name and no order id.
    await intake(
      env,
      'order',
      'create',
      fixture('smartstore-orders.xlsx'),
      '--products',
      fixture('catalog.csv'),
    );
    await intake(env, 'shipment', 'create', fixture('smartstore-dispatch.xlsx'));
    // Orders straight from Smartstore's API, here the offline fake inside the local service: seed it with
    // three paid orders, pull them (products and images come from its product API), ship one.
    const naver = { ...env, ...naverEnv(serve.url) };
    await intake(env, 'local', 'marketplace', 'set', 'naver', '--sample-credentials');
    await intake(env, 'local', 'marketplace', 'seed', 'naver', '--sample', '3', '--prefix', '2026112510');
    await intake(naver, 'pull', 'naver');
    await intake(
      env,
      ...['shipment', 'create', '--order', '2026112510000001', '--items', '20261125109000001'],
      ...['--company-code', 'CJ', '--tracking-number', '640123456701'],
    );
    await intake(env, 'queue', 'status', '--wait', '--interval', '1s');
    // Once applied, the tracking number goes back to Smartstore, once.
    await intake(naver, 'push', 'naver');
    await intake(env, 'local', 'marketplace', 'show', 'naver');
    await sleep(500);
    // What the bot wrote to buyers once the shipments were applied.
    await intake(env, 'local', 'messages', '--order', 'ORD-20261122-0001');
    await intake(env, 'local', 'messages', '--order', '2026112290000001');
    await intake(env, 'local', 'messages', '--order', '2026112510000001');
    // Three days later: delivery is simulated, review requests and the self-delivery thanks go out.
    await intake(env, 'local', 'advance', '3d');
    await intake(env, 'local', 'messages', '--order', 'ORD-20261122-0004');
    // A member's photo review earns points; the rewards list shows them.
    await intake(env, 'local', 'review', 'ORD-20261122-0001', 'ORD-20261122-0001-1', '--kind', 'photo');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await intake(env, 'rewards', 'list', '--from', day(0), '--to', day(7));
    console.log(
      '\nStart your own with `intake serve`; it documents itself at /docs (OpenAPI 3.1 at /openapi.json).',
    );
  } finally {
    await stop();
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof StepFailed)) throw error;
  console.error(`\nThe demo stopped: ${error.message}.`);
  process.exitCode = 1;
}
