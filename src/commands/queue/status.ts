import { Command } from 'commander';
import { CliError, EXIT } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { startSpinner } from '../../cli/spinner.js';
import { supportWords } from '../../cli/support-words.js';
import { positiveDuration } from '../../cli/values.js';
import type { QueueStatus } from '../../client/probe-answers.js';
import { formatDuration } from '../../util/duration.js';
import { counting } from '../../util/count.js';

export interface QueueStatusOptions {
  /** Poll until the count is 0, this often, at most this long. */
  wait?: { intervalMs: number; maxWaitMs: number };
}

export function queueStatusOptions(flags: {
  wait?: boolean;
  interval: string;
  maxWait: string;
}): QueueStatusOptions {
  if (!flags.wait) return {};
  return {
    wait: {
      intervalMs: positiveDuration('--interval', flags.interval),
      maxWaitMs: positiveDuration('--max-wait', flags.maxWait),
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The count of shipment creations not yet applied; with `wait`, polls until it is 0 (exit 1 if it never is). */
export async function queueStatusRun(options: QueueStatusOptions, f: Factory): Promise<void> {
  const client = await f.probe();
  // --max-wait bounds everything, the retries of each poll included.
  if (options.wait) client.setDeadline(options.wait.maxWaitMs);
  let status: QueueStatus = await client.shipmentQueueStatus();
  if (options.wait) {
    const { intervalMs, maxWaitMs } = options.wait;
    const started = Date.now();
    const { queued } = await supportWords(f);
    const spinner = startSpinner(f, queued(status.count));
    const progressLines = !f.io.stderr.isTTY;
    let last = -1;
    try {
      while (status.count > 0) {
        if (progressLines && status.count !== last) f.log.info(`${queued(status.count)}…`);
        last = status.count;
        if (Date.now() - started >= maxWaitMs) {
          throw new CliError(
            `${counting(status.count, 'shipment creation')} still queued after ${formatDuration(maxWaitMs)}`,
            EXIT.failure,
          );
        }
        await sleep(Math.min(intervalMs, Math.max(0, maxWaitMs - (Date.now() - started))));
        status = await client.shipmentQueueStatus();
        spinner.update(`${queued(status.count)} · ${formatDuration(Date.now() - started)}`);
      }
    } finally {
      spinner.stop();
    }
  }
  await writeData(f, {
    json: status,
    rows: [status],
    columns: [
      { header: 'origin_mall_id', value: (row) => row.origin_mall_id },
      { header: 'count', value: (row) => row.count },
    ],
  });
}

export function newQueueCommand(
  f: Factory,
  runF: (options: QueueStatusOptions, f: Factory) => Promise<void> = queueStatusRun,
): Command {
  const queue = new Command('queue').description('The queue of shipment creations');
  queue
    .command('status')
    .description('Count shipment creations the service has accepted but not yet applied')
    .option('--wait', 'poll until the count is 0')
    .option('--interval <duration>', 'time between polls with --wait', '5s')
    .option('--max-wait <duration>', 'with --wait, give up after this long (exit 1)', '30m')
    .addHelpText(
      'after',
      examples(
        'intake queue status',
        'intake queue status --wait --interval 2s --max-wait 10m',
        'intake shipment create shipments.csv && intake queue status --wait --quiet',
        'intake queue status --timeout 5s     # each request gives up after 5 s',
      ),
    )
    .action((flags: { wait?: boolean; interval: string; maxWait: string }) =>
      runF(queueStatusOptions(flags), f),
    );
  return queue;
}
