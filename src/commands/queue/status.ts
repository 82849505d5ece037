import { Command } from 'commander';
import { CliError, EXIT } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { startSpinner } from '../../cli/spinner.js';
import type { ShipmentQueueStatus } from '../../contract/index.js';
import { formatDuration } from '../../util/duration.js';
import { positiveDuration } from '../../cli/values.js';

interface StatusOptions {
  wait?: boolean;
  interval: string;
  timeout: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function newQueueCommand(f: Factory): Command {
  const queue = new Command('queue').description('The queue of shipment creations');
  queue
    .command('status')
    .description('Count shipment creations the service has accepted but not yet applied')
    .option('--wait', 'poll until the count is 0')
    .option('--interval <duration>', 'time between polls with --wait', '5s')
    .option('--timeout <duration>', 'give up waiting after this long (exit 1)', '30m')
    .addHelpText(
      'after',
      examples(
        'intake queue status',
        'intake queue status --wait --interval 2s --timeout 10m',
        'intake shipment create shipments.csv && intake queue status --wait --quiet',
      ),
    )
    .action(async (options: StatusOptions) => {
      const client = await f.apiClient();
      let status: ShipmentQueueStatus = await client.shipmentQueueStatus();
      if (options.wait) {
        const interval = positiveDuration('--interval', options.interval);
        const timeout = positiveDuration('--timeout', options.timeout);
        const started = Date.now();
        const spinner = startSpinner(f, `${status.count} shipment creation(s) pending`);
        const progressLines = !f.io.stderr.isTTY;
        let last = -1;
        try {
          while (status.count > 0) {
            if (progressLines && status.count !== last)
              f.log.info(`${status.count} shipment creation(s) pending…`);
            last = status.count;
            if (Date.now() - started >= timeout) {
              throw new CliError(
                `${status.count} shipment creation(s) still pending after ${formatDuration(timeout)}`,
                EXIT.failure,
              );
            }
            await sleep(Math.min(interval, Math.max(0, timeout - (Date.now() - started))));
            status = await client.shipmentQueueStatus();
            spinner.update(
              `${status.count} shipment creation(s) pending · ${formatDuration(Date.now() - started)}`,
            );
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
    });
  return queue;
}
