import { Command, Option } from 'commander';
import { REVIEW_KINDS, type ReviewKind } from '../../contract/kinds.js';
import type { QueueRun } from '../../contract/local.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData, writeRecord } from '../../cli/output.js';

const writeRun = (f: Factory, run: QueueRun) => writeRecord(f, run);

export function newLocalReviewCommand(f: Factory): Command {
  return new Command('review')
    .description("Simulate a buyer's review of an order item; a member's review earns a reward")
    .argument('<order-id>')
    .argument('<item-id>')
    .addOption(new Option('--kind <kind>', 'what the review holds').choices(REVIEW_KINDS).default('text'))
    .addHelpText(
      'after',
      examples(
        'intake local review ORD-20261122-0001 ORD-20261122-0001-1 --kind photo',
        'intake local review ORD-20261122-0003 ORD-20261122-0003-1 --json',
      ),
    )
    .action(async (orderId: string, itemId: string, options: { kind: ReviewKind }) => {
      const client = await f.apiClient();
      const review = await client.local.addReview({ order_id: orderId, item_id: itemId, kind: options.kind });
      await writeData(f, {
        json: review,
        rows: [review],
        columns: [
          { header: 'review', value: (row) => `${row.kind} review of ${row.item_id}` },
          { header: 'created_at', value: (row) => row.created_at },
          { header: 'member_id', value: (row) => row.reward?.member_id ?? '(guest: no reward)' },
          { header: 'rewards', value: (row) => row.reward?.rewards ?? 0 },
          { header: 'reason', value: (row) => row.reward?.reason ?? '' },
        ],
      });
    });
}

export function newLocalReviewsCommand(f: Factory): Command {
  return new Command('reviews')
    .description('Reviews so far and the rewards they earned')
    .addHelpText('after', examples('intake local reviews', 'intake local reviews --json'))
    .action(async () => {
      const result = await (await f.apiClient()).local.reviews();
      await writeData(f, {
        json: result,
        rows: result.results,
        columns: [
          { header: 'created_at', value: (row) => row.created_at },
          { header: 'order_id', value: (row) => row.order_id },
          { header: 'item_id', value: (row) => row.item_id },
          { header: 'kind', value: (row) => row.kind },
          { header: 'member_id', value: (row) => row.reward?.member_id ?? '' },
          { header: 'rewards', value: (row) => row.reward?.rewards ?? 0 },
        ],
      });
    });
}

export function newLocalAdvanceCommand(f: Factory): Command {
  return new Command('advance')
    .description('Move the simulated clock forward; due creates are applied and due messages sent')
    .argument('<duration>', 'how far: 36h, 7d, 1h30m')
    .addHelpText('after', examples('intake local advance 7d', 'intake local advance 36h --json'))
    .action(async (duration: string) =>
      writeRun(f, await (await f.apiClient()).local.advanceClock(duration)),
    );
}

export function newLocalApplyCommand(f: Factory): Command {
  return new Command('apply')
    .description("Apply this merchant's queued creates now, whatever their delay")
    .addHelpText(
      'after',
      examples('intake local apply', 'intake order create orders.csv && intake local apply'),
    )
    .action(async () => writeRun(f, await (await f.apiClient()).local.applyQueue()));
}
