import { Command, Option } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { UsageError } from '../../cli/errors.js';
import { positiveDuration, wholeNumber } from '../../cli/values.js';
import { JOB_STATES } from '../../contract/kinds.js';
import {
  LIMIT_MAX,
  LocalMessagesQuery,
  LocalProductsQuery,
  WAIT_MAX_MS,
} from '../../contract/local/index.js';
import { shellQuote } from '../../util/shell.js';
import { localWords } from './words.js';

/** `--limit`, checked. */
export const limitOption = (text: string | undefined) =>
  text === undefined ? undefined : wholeNumber('--limit', text, { min: 1, max: LIMIT_MAX });

/** `--wait`, checked: a duration up to what the service waits (5 minutes). */
export function waitOption(text: string | undefined): { wait?: number } {
  if (text === undefined) return {};
  const ms = positiveDuration('--wait', text);
  if (ms > WAIT_MAX_MS) throw new UsageError(`--wait "${text}" is longer than the service waits (5m)`);
  return { wait: ms };
}

export const WAIT_HELP = 'answer as soon as one matches, waiting at most this long (exit 1 if none does)';

/** `--after` of a list numbered as it is stored (orders, creates, reviews), checked. */
export const afterNumber = (text: string | undefined): { after?: number } =>
  text === undefined ? {} : { after: wholeNumber('--after', text, { min: 0, max: Number.MAX_SAFE_INTEGER }) };

/**
 * `--after` of a list by a position, checked as the service checks it: `number:id` for products,
 * `number:number` for messages (`key` says which), as the list said where it was cut.
 */
export function afterPosition(text: string | undefined, key: 'id' | 'number'): { after?: string } {
  if (text === undefined) return {};
  const query = key === 'id' ? LocalProductsQuery : LocalMessagesQuery;
  if (!query.shape.after.safeParse(text).success)
    throw new UsageError(
      `--after "${text}" is not a position of this list (NUMBER:${key === 'id' ? 'ID' : 'NUMBER'}, as said where the page before was cut)`,
    );
  return { after: text };
}

export const AFTER_HELP =
  'only those after this position: where the page before ended, as said when it was cut';

/**
 * Says on stderr that a list was cut at its limit (the service's `has_more`), and how to see the rest:
 * the next page (`--after`, where this one ended), a larger limit, a narrower list. A list is never cut
 * without a word.
 */
export function sayIfMore(
  f: Factory,
  result: { results: readonly unknown[]; has_more: boolean },
  next: string | undefined,
  narrower?: string,
): void {
  if (!result.has_more) return;
  const quoted = next === undefined ? undefined : shellQuote(next);
  f.log.info(localWords(f).more(result.results.length, quoted, LIMIT_MAX, narrower));
}

export interface LocalOrdersOptions {
  id?: string;
  after?: number;
  limit?: number;
  wait?: number;
}

export async function localOrdersRun(options: LocalOrdersOptions, f: Factory): Promise<void> {
  const { page: result, next } = await (await f.apiClient()).local.orders(options);
  sayIfMore(f, result, next, '--id');
  await writeData(f, {
    json: result,
    rows: result.results,
    columns: [
      { header: 'id', value: (order) => order.id },
      { header: 'state', value: (order) => order.state },
      { header: 'recipient', value: (order) => `${order.recipient_name} ${order.recipient_cellphone}` },
      { header: 'member', value: (order) => order.member_id ?? '(guest)' },
      {
        header: 'items',
        value: (order) => order.items.map((item) => `${item.id} ${item.product_name}`).join('\n'),
      },
      {
        header: 'shipments',
        value: (order) =>
          order.shipments
            .map((shipment) => `${shipment.carrier_name} ${shipment.tracking_number}`)
            .join('\n'),
      },
    ],
  });
}

export function newLocalOrdersCommand(
  f: Factory,
  runF: (options: LocalOrdersOptions, f: Factory) => Promise<void> = localOrdersRun,
): Command {
  return new Command('orders')
    .description('Orders stored by the local service, queued or applied, with items and shipments')
    .option('--id <id>', 'only this order')
    .option('--limit <n>', 'at most this many')
    .option('--after <seq>', AFTER_HELP)
    .option('--wait <duration>', WAIT_HELP)
    .addHelpText(
      'after',
      examples(
        'intake local orders',
        'intake local orders --id ORD-20261122-0001 --json',
        'intake local orders --id ORD-20261122-0001 --wait 10s',
      ),
    )
    .action((flags: { id?: string; limit?: string; after?: string; wait?: string }) => {
      const limit = limitOption(flags.limit);
      return runF(
        {
          ...(flags.id === undefined ? {} : { id: flags.id }),
          ...afterNumber(flags.after),
          ...(limit === undefined ? {} : { limit }),
          ...waitOption(flags.wait),
        },
        f,
      );
    });
}

export interface LocalProductsOptions {
  after?: string;
  limit?: number;
}

export async function localProductsRun(options: LocalProductsOptions, f: Factory): Promise<void> {
  const { page: result, next } = await (await f.apiClient()).local.products(options);
  sayIfMore(f, result, next);
  await writeData(f, {
    json: result,
    rows: result.results,
    columns: [
      { header: 'id', value: (product) => product.id },
      { header: 'name', value: (product) => product.name },
      { header: 'image_url', value: (product) => product.image_url },
      { header: 'state', value: (product) => product.state },
      { header: 'refreshed_at', value: (product) => product.refreshed_at },
    ],
  });
}

export function newLocalProductsCommand(
  f: Factory,
  runF: (options: LocalProductsOptions, f: Factory) => Promise<void> = localProductsRun,
): Command {
  return new Command('products')
    .description('Products stored by the local service, with their current name and image')
    .option('--limit <n>', 'at most this many')
    .option('--after <position>', AFTER_HELP)
    .addHelpText('after', examples('intake local products', 'intake local products -o csv'))
    .action((flags: { limit?: string; after?: string }) => {
      const limit = limitOption(flags.limit);
      return runF({ ...afterPosition(flags.after, 'id'), ...(limit === undefined ? {} : { limit }) }, f);
    });
}

export interface LocalJobsOptions {
  state?: string;
  target_id?: string;
  after?: number;
  limit?: number;
  wait?: number;
}

export async function localJobsRun(options: LocalJobsOptions, f: Factory): Promise<void> {
  const { page: result, next } = await (await f.apiClient()).local.jobs(options);
  sayIfMore(f, result, next, '--state, --target');
  await writeData(f, {
    json: result,
    rows: result.results,
    columns: [
      { header: 'seq', value: (job) => job.seq },
      { header: 'kind', value: (job) => job.kind },
      { header: 'target', value: (job) => job.target_id },
      { header: 'state', value: (job) => job.state },
      { header: 'received_at', value: (job) => job.received_at },
      { header: 'due_at', value: (job) => job.due_at },
      { header: 'reason', value: (job) => job.reason },
    ],
  });
}

export function newLocalJobsCommand(
  f: Factory,
  runF: (options: LocalJobsOptions, f: Factory) => Promise<void> = localJobsRun,
): Command {
  return new Command('jobs')
    .description('Accepted creates: queued, applied, or failed with the reason')
    .addOption(new Option('--state <state>', 'only jobs in this state').choices(JOB_STATES))
    .option('--target <id>', 'only jobs of this order or product')
    .option('--limit <n>', 'at most this many')
    .option('--after <seq>', AFTER_HELP)
    .option('--wait <duration>', WAIT_HELP)
    .addHelpText(
      'after',
      examples(
        'intake local jobs',
        'intake local jobs --state failed',
        'intake local jobs --target ORD-20261122-0001 --state applied --wait 30s',
      ),
    )
    .action((flags: { state?: string; target?: string; limit?: string; after?: string; wait?: string }) => {
      const limit = limitOption(flags.limit);
      return runF(
        {
          ...(flags.state === undefined ? {} : { state: flags.state }),
          ...(flags.target === undefined ? {} : { target_id: flags.target }),
          ...afterNumber(flags.after),
          ...(limit === undefined ? {} : { limit }),
          ...waitOption(flags.wait),
        },
        f,
      );
    });
}
