import { Command, Option } from 'commander';
import { UsageError } from '../../cli/errors.js';
import { parseDuration } from '../../util/duration.js';
import { REVIEW_KINDS, type ReviewKind } from '../../contract/kinds.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData, writeRecord } from '../../cli/output.js';
import { AFTER_HELP, afterNumber, limitOption, sayIfMore } from './inspect.js';

export interface LocalReviewOptions {
  orderId: string;
  itemId: string;
  kind: ReviewKind;
}

export async function localReviewRun(options: LocalReviewOptions, f: Factory): Promise<void> {
  const client = await f.apiClient();
  const review = await client.local.addReview({
    order_id: options.orderId,
    item_id: options.itemId,
    kind: options.kind,
  });
  const row = {
    review: `${review.kind} review of ${review.item_id}`,
    created_at: review.created_at,
    member_id: review.reward?.member_id ?? null,
    rewards: review.reward?.rewards ?? 0,
    reason: review.reward?.reason ?? '',
  };
  await writeData(f, {
    json: review,
    rows: [row],
    columns: [
      { header: 'review', value: (r) => r.review },
      { header: 'created_at', value: (r) => r.created_at },
      { header: 'member_id', value: (r) => r.member_id ?? '(guest: no reward)' },
      { header: 'rewards', value: (r) => r.rewards },
      { header: 'reason', value: (r) => r.reason },
    ],
  });
}

export function newLocalReviewCommand(
  f: Factory,
  runF: (options: LocalReviewOptions, f: Factory) => Promise<void> = localReviewRun,
): Command {
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
    .action((orderId: string, itemId: string, flags: { kind: ReviewKind }) =>
      runF({ orderId, itemId, kind: flags.kind }, f),
    );
}

export interface LocalReviewsOptions {
  after?: number;
  limit?: number;
}

export async function localReviewsRun(options: LocalReviewsOptions, f: Factory): Promise<void> {
  const { page: result, next } = await (await f.apiClient()).local.reviews(options);
  sayIfMore(f, result, next);
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
}

export function newLocalReviewsCommand(
  f: Factory,
  runF: (options: LocalReviewsOptions, f: Factory) => Promise<void> = localReviewsRun,
): Command {
  return new Command('reviews')
    .description('Reviews so far and the rewards they earned')
    .option('--limit <n>', 'at most this many')
    .option('--after <id>', AFTER_HELP)
    .addHelpText('after', examples('intake local reviews', 'intake local reviews --json'))
    .action((flags: { limit?: string; after?: string }) => {
      const limit = limitOption(flags.limit);
      return runF({ ...afterNumber(flags.after), ...(limit === undefined ? {} : { limit }) }, f);
    });
}

export interface LocalAdvanceOptions {
  by: string;
}

export async function localAdvanceRun(options: LocalAdvanceOptions, f: Factory): Promise<void> {
  await writeRecord(f, await (await f.apiClient()).local.advanceClock(options.by));
}

export function newLocalAdvanceCommand(
  f: Factory,
  runF: (options: LocalAdvanceOptions, f: Factory) => Promise<void> = localAdvanceRun,
): Command {
  return new Command('advance')
    .description('Move the simulated clock forward; due creates are applied and due messages sent')
    .argument('<duration>', 'how far: 36h, 7d, 1h30m')
    .addHelpText('after', examples('intake local advance 7d', 'intake local advance 36h --json'))
    .action((by: string) => {
      // Checked here too, so that a typo is a usage error (exit 2) that never reaches the service.
      if (parseDuration(by) === undefined)
        throw new UsageError(`"${by}" is not a duration such as 36h, 7d or 1h30m`);
      return runF({ by }, f);
    });
}

export async function localApplyRun(_options: Record<string, never>, f: Factory): Promise<void> {
  await writeRecord(f, await (await f.apiClient()).local.applyQueue());
}

export function newLocalApplyCommand(
  f: Factory,
  runF: (options: Record<string, never>, f: Factory) => Promise<void> = localApplyRun,
): Command {
  return new Command('apply')
    .description("Apply this merchant's queued creates now, whatever their delay")
    .addHelpText(
      'after',
      examples('intake local apply', 'intake order create orders.csv && intake local apply'),
    )
    .action(() => runF({}, f));
}
