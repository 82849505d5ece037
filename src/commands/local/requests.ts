import { setTimeout as sleep } from 'node:timers/promises';
import { Command } from 'commander';
import type { JournalFilter } from '../../client/api-client.js';
import type { JournalEntry } from '../../contract/local/index.js';
import { isJournalStatus, NO_ANSWER } from '../../contract/local/journal-status.js';
import { CliError, EXIT, ExitCode, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData, writeJsonLine } from '../../cli/output.js';
import { wholeNumber } from '../../cli/values.js';
import { limitOption } from './inspect.js';
import { counting } from '../../util/count.js';
import { FollowOutage } from './outage.js';
import { NetworkError } from '../../client/errors.js';
import { localWords } from './words.js';
import { terminalSafe } from '../../util/terminal-safe.js';

export interface LocalRequestsOptions {
  filter: JournalFilter;
  follow: boolean;
  /** Print how many match instead of the requests; with `expect`, exit 1 unless it is that many. */
  count: boolean;
  expect?: number;
  limit?: number;
  /** Only requests before this one (its `seq`): the page before. */
  before?: number;
}

/** `--status`: an HTTP status, or 0 for the requests a fault left unanswered. */
function journalStatus(text: string): number {
  const status = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  if (!isJournalStatus(status))
    throw new UsageError(`--status must be an HTTP status (100 to 599), or 0 for no answer, not "${text}"`);
  return status;
}

/** How often a follower asks for what is new. */
const FOLLOW_MS = 500;

/** One request as a line for people: when, method, path, status, the record, a fault, how long. */
function humanLine(f: Factory, entry: JournalEntry): string {
  const c = f.colors().out;
  const when = entry.at.slice(11, 23);
  const status =
    entry.status === NO_ANSWER
      ? c.red('no answer')
      : entry.status >= 400
        ? c.red(String(entry.status))
        : c.green(String(entry.status));
  const fault = entry.fault ? ` ${c.yellow(`fault ${entry.fault}`)}` : '';
  const target = entry.target_id ? ` ${terminalSafe(entry.target_id)}` : '';
  return `${c.dim(when)}  ${entry.method.padEnd(5)} ${terminalSafe(entry.path)} ${status}${target}${fault} ${c.dim(`${entry.duration_ms}ms ${entry.request_id}`)}\n`;
}

async function follow(f: Factory, options: LocalRequestsOptions, json: boolean): Promise<void> {
  const client = await f.apiClient();
  const stop = new AbortController();
  const stopListening = f.interrupts.onInterrupt(() => stop.abort());
  try {
    // From now on: the newest request there is marks where following starts.
    const newest = await client.local.requests({ ...options.filter, limit: 1 });
    let last = newest.results[0]?.seq ?? 0;
    const outage = new FollowOutage(f);
    while (!stop.signal.aborted) {
      let page;
      try {
        page = await client.local.requests({ ...options.filter, after: last, limit: 500 });
      } catch (error) {
        // The service restarting (or gone for a while) is waited for, as the event stream's follow does.
        if (!(error instanceof NetworkError) || stop.signal.aborted) throw error;
        outage.away();
        await sleep(1000, undefined, { signal: stop.signal }).catch(() => {});
        continue;
      }
      outage.back();
      for (const entry of page.results) {
        last = entry.seq;
        if (json) writeJsonLine(f, entry as unknown as Record<string, unknown>);
        else f.io.stdout.write(humanLine(f, entry));
      }
      if (page.results.length < 500)
        await sleep(FOLLOW_MS, undefined, { signal: stop.signal }).catch(() => {});
    }
  } finally {
    stopListening();
  }
  // Following ends only when it is stopped: said as an interruption (130), as `tail -f` ends.
  throw new ExitCode(EXIT.interrupted);
}

/** How many requests match, said or checked against what was expected. */
async function count(f: Factory, options: LocalRequestsOptions): Promise<void> {
  const { count } = await (await f.apiClient()).local.countRequests(options.filter);
  await writeData(f, {
    json: { count },
    rows: [{ count }],
    columns: [{ header: 'count', value: (row) => row.count }],
  });
  if (options.expect !== undefined && count !== options.expect) {
    throw new CliError(
      `expected ${counting(options.expect, 'matching request')}, the journal has ${count}`,
      EXIT.failure,
    );
  }
}

/** The request journal: the newest requests, how many match, or (with --follow) each as it comes. */
export async function localRequestsRun(options: LocalRequestsOptions, f: Factory): Promise<void> {
  const json = (await f.settings()).output.value === 'json';
  if (options.count || options.expect !== undefined) return count(f, options);
  if (options.follow) return follow(f, options, json);
  const page = await (
    await f.apiClient()
  ).local.requests({
    ...options.filter,
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    ...(options.before === undefined ? {} : { before: options.before }),
  });
  if (!json && !f.query && (await f.settings()).output.value === 'table') {
    for (const entry of [...page.results].reverse()) f.io.stdout.write(humanLine(f, entry));
    if (page.results.length === 0)
      f.log.info(options.before === undefined ? localWords(f).noRequests : localWords(f).noRequestsBefore);
    else if (page.next_before !== null) f.log.info(localWords(f).olderRequests(page.next_before));
    return;
  }
  await writeData(f, {
    json: page,
    rows: page.results,
    columns: [
      { header: 'seq', value: (entry) => entry.seq },
      { header: 'at', value: (entry) => entry.at },
      { header: 'method', value: (entry) => entry.method },
      { header: 'path', value: (entry) => entry.path },
      { header: 'status', value: (entry) => entry.status, ko: '응답 코드' },
      { header: 'id', value: (entry) => entry.target_id ?? '', ko: '대상 번호' },
      { header: 'fault', value: (entry) => entry.fault ?? '' },
      { header: 'request id', value: (entry) => entry.request_id },
    ],
  });
}

interface Flags {
  method?: string;
  path?: string;
  status?: string;
  id?: string;
  follow?: boolean;
  count?: boolean;
  expect?: string;
  limit?: string;
  before?: string;
}

export function newLocalRequestsCommand(
  f: Factory,
  runF: (options: LocalRequestsOptions, f: Factory) => Promise<void> = localRequestsRun,
): Command {
  return new Command('requests')
    .description(
      'The request journal: your requests to the service, as received and answered (headers without the secret, bodies, status, faults)',
    )
    .option('--method <method>', 'only this method (POST, PATCH, GET)')
    .option('--path <path>', 'only this path, exactly as sent (/api/v1/orders/)')
    .option('--status <code>', 'only answers with this status (0: none sent, a fault dropped or held it)')
    .option('--id <id>', "only requests about this record (an order's or a product's id)")
    .option('-f, --follow', 'keep printing requests as they come, until Ctrl-C (exit 130)')
    .option('--count', 'print how many match')
    .option('--expect <n>', 'with or without --count: exit 1 unless exactly this many match')
    .option('--limit <n>', 'at most this many (default 50)')
    .option('--before <seq>', 'only requests before this one (its seq): the page before')
    .addHelpText(
      'after',
      examples(
        'intake local requests',
        'intake local requests --follow',
        'intake local requests --limit 500 --before 1200',
        'intake local requests --method POST --path /api/v1/orders/ --id ORD-1 --expect 1',
        "intake local requests --status 409 --json | jq -r '.results[].response.body'",
      ),
    )
    .action((flags: Flags) => {
      const limit = limitOption(flags.limit);
      if (flags.before !== undefined && (flags.follow || flags.count || flags.expect !== undefined))
        throw new UsageError(
          '--before pages back through the list; it goes with neither --follow nor a count',
        );
      const filter: JournalFilter = {
        ...(flags.method === undefined ? {} : { method: flags.method.toUpperCase() }),
        ...(flags.path === undefined ? {} : { path: flags.path }),
        ...(flags.status === undefined ? {} : { status: journalStatus(flags.status) }),
        ...(flags.id === undefined ? {} : { id: flags.id }),
      };
      return runF(
        {
          filter,
          follow: flags.follow === true,
          count: flags.count === true,
          ...(flags.expect === undefined
            ? {}
            : { expect: wholeNumber('--expect', flags.expect, { min: 0, max: Number.MAX_SAFE_INTEGER }) }),
          ...(limit === undefined ? {} : { limit }),
          ...(flags.before === undefined
            ? {}
            : { before: wholeNumber('--before', flags.before, { min: 1, max: Number.MAX_SAFE_INTEGER }) }),
        },
        f,
      );
    });
}
