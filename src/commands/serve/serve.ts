import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import envPaths from 'env-paths';
import type { Carrier } from '../../contract/carriers.js';
import { EXIT, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { describeIssues } from '../../cli/report-error.js';
import { wholeNumber } from '../../cli/values.js';
import { parseDurationRange } from '../../util/duration.js';
import type { MerchantSeed } from '../../server/merchants.js';
import { DEFAULT_REVIEW_POINTS, type ReviewKind, type ReviewPoints } from '../../contract/kinds.js';

interface ServeOptions {
  host: string;
  port: string;
  data?: string;
  applyDelay: string;
  merchantId?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  carriers?: string;
  thanksDelayDays?: string;
  merchants?: string;
  deliveryDays: string;
  reviewPoints: string;
}

function readJsonFile(name: string, path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(
      `cannot read ${name} ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

async function readCarriers(path: string): Promise<Carrier[]> {
  const { CarrierList, check } = await import('../../contract/index.js');
  const checked = check(CarrierList, readJsonFile('--carriers', path), []);
  if (!checked.ok)
    throw new UsageError(`--carriers ${path} is not a list of carriers:`, describeIssues(checked.issues));
  return checked.value;
}

async function readMerchants(path: string): Promise<MerchantSeed[]> {
  const { LocalMerchantBody, check } = await import('../../contract/index.js');
  const { z } = await import('zod');
  const checked = check(z.array(LocalMerchantBody).min(1), readJsonFile('--merchants', path), []);
  if (!checked.ok) {
    throw new UsageError(`--merchants ${path} is not a list of merchants:`, describeIssues(checked.issues));
  }
  return checked.value.map((merchant) => ({
    merchantId: merchant.merchant_id,
    accessKeyId: merchant.access_key_id,
    secretAccessKey: merchant.secret_access_key,
    thanksDelayDays: merchant.thanks_delay_days,
  }));
}

function readReviewPoints(text: string): ReviewPoints {
  const points: ReviewPoints = { ...DEFAULT_REVIEW_POINTS };
  for (const pair of text.split(',')) {
    const [kind, amount] = pair.split('=').map((part) => part.trim());
    if (!kind || !(kind in points) || amount === undefined || !/^\d+$/.test(amount)) {
      throw new UsageError(`--review-points "${text}" is not like text=100,photo=500,video=1000`);
    }
    points[kind as ReviewKind] = Number(amount);
  }
  return points;
}

/** Default place of the service's data: the user's data directory for intake. */
export function defaultDataDir(): string {
  return envPaths('intake', { suffix: '' }).data;
}

export function newServeCommand(f: Factory): Command {
  return new Command('serve')
    .description('Run the whole service locally on an embedded SQLite database')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '8080')
    .option('--data <dir>', 'folder of the database (default: the user data directory for intake)')
    .option(
      '--apply-delay <duration>',
      'delay before queued creates apply: 0, 2s, 1m, or a range 1m-5m',
      '2s',
    )
    .option('--merchant-id <id>', 'id of the first merchant')
    .option('--access-key-id <id>', "fix the first merchant's access key id")
    .option(
      '--secret-access-key <secret>',
      "fix the first merchant's secret (otherwise generated and shown once)",
    )
    .option('--carriers <file>', 'JSON list of {code, name} replacing the built-in carriers')
    .option('--thanks-delay-days <n>', 'days from an order to the thanks message of a self delivery', '3')
    .option(
      '--merchants <file>',
      'JSON list of {merchant_id, access_key_id, secret_access_key, thanks_delay_days}',
    )
    .option(
      '--delivery-days <n>',
      'days from a carrier shipment to its simulated delivery and review request',
      '2',
    )
    .option('--review-points <points>', 'points a review earns, by kind', 'text=100,photo=500,video=1000')
    .addHelpText(
      'after',
      examples(
        'intake serve',
        'intake serve --port 0 --data ./.intake-data --apply-delay 0',
        'intake serve --apply-delay 1m-5m --thanks-delay-days 5',
        'intake serve --merchant-id shop-a --access-key-id AKDEV1 --secret-access-key dev-secret',
        'intake serve --merchants merchants.json --delivery-days 1 --review-points text=50,photo=300,video=800',
      ),
    )
    .action(async (options: ServeOptions) => {
      const port = wholeNumber('--port', options.port, { max: 65535 });
      const applyDelay = parseDurationRange(options.applyDelay);
      if (!applyDelay)
        throw new UsageError(
          `--apply-delay "${options.applyDelay}" is not a duration (2s) or a range (1m-5m)`,
        );
      const thanksDelayDays = wholeNumber('--thanks-delay-days', options.thanksDelayDays ?? '3', {
        max: 365,
      });
      const carriers = options.carriers === undefined ? undefined : await readCarriers(options.carriers);
      const dataDir = options.data ?? defaultDataDir();
      const deliveryDays = wholeNumber('--delivery-days', options.deliveryDays, { max: 365 });
      const reviewPoints = readReviewPoints(options.reviewPoints);
      const seeds: MerchantSeed[] =
        options.merchants === undefined ? [] : await readMerchants(options.merchants);
      if (options.merchantId || options.accessKeyId || options.secretAccessKey) {
        seeds.push({
          merchantId: options.merchantId,
          accessKeyId: options.accessKeyId,
          secretAccessKey: options.secretAccessKey,
        });
      }

      const { buildServer } = await import('../../server/build-server.js');
      const quiet = f.globals.quiet === true;
      const app = await buildServer({
        dataDir,
        applyDelay,
        thanksDelayDays,
        deliveryDays,
        reviewPoints,
        ...(carriers ? { carriers } : {}),
        merchants: seeds,
        requestLog: (line) => {
          if (!quiet) f.io.stderr.write(`${line}\n`);
        },
        onError: (error) =>
          f.io.stderr.write(
            `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
          ),
      });
      const stopped = new Promise<void>((resolve) => {
        let stopping = false;
        f.interrupts.onInterrupt((signal) => {
          if (stopping) {
            f.io.stderr.write('Second signal: stopping now.\n');
            process.exit(EXIT.interrupted);
          }
          stopping = true;
          f.log.info(`${signal}: finishing requests in flight and closing the database…`);
          void app.close().then(resolve);
        });
      });

      let url: string;
      try {
        url = await app.listen({ host: options.host, port });
      } catch (error) {
        await app.close();
        throw new UsageError(
          `cannot listen on ${options.host}:${port}: ${(error as { code?: string }).code ?? String(error)}`,
        );
      }
      const merchants = app.intake.provisioned.filter((merchant) => merchant.created);
      if ((await f.settings()).output.value === 'json') {
        f.io.stdout.write(`${JSON.stringify({ url, data: dataDir, merchants })}\n`);
      } else {
        f.io.stdout.write(`Intake local service listening on ${url}\n`);
        f.io.stdout.write(`Data: ${dataDir}\n`);
        for (const merchant of merchants) {
          const secret = merchant.secretAccessKey ? `, secret access key ${merchant.secretAccessKey}` : '';
          f.io.stdout.write(
            `Merchant ${merchant.merchantId}: access key id ${merchant.accessKeyId}${secret}\n`,
          );
        }
        if (merchants.some((merchant) => merchant.secretAccessKey)) {
          f.io.stdout.write('The generated secret is shown only this once. Save it with: intake login\n');
        }
      }
      await stopped;
      f.log.info('Stopped.');
    });
}
