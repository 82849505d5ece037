import { setTimeout as sleep } from 'node:timers/promises';
import { Command } from 'commander';
import { createParser } from 'eventsource-parser';
import { ApiError, AbortedError, NetworkError } from '../../client/errors.js';
import type { ServiceEventBody } from '../../contract/local/index.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData, writeJsonLine } from '../../cli/output.js';
import { EXIT, ExitCode, UsageError } from '../../cli/errors.js';
import { wholeNumber } from '../../cli/values.js';
import { limitOption, sayIfMore } from './inspect.js';
import { FollowOutage } from './outage.js';
import { localWords } from './words.js';
import { terminalSafe } from '../../util/terminal-safe.js';

export interface LocalEventsOptions {
  follow: boolean;
  after?: number;
  limit?: number;
  /** A webhook to post each event to, from `after` (default: from now on). */
  forwardTo?: string;
  /** The secret forwarded events are signed with (default INTAKE_WEBHOOK_SECRET, else a new one, shown). */
  secret?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** What an event says, in a line. */
export function describeEvent(event: ServiceEventBody): string {
  const e = event as Record<string, unknown>;
  switch (event.type) {
    case 'accepted':
      return `${text(e.kind)} ${text(e.target_id)}${e.queued === false ? ' (same shipment again: nothing queued)' : ''}`;
    case 'applied':
      return `${text(e.kind)} ${text(e.target_id)}`;
    case 'failed':
      return `${text(e.kind)} ${text(e.target_id)}: ${text(e.reason)}`;
    case 'refused':
      return `${text(e.method)} ${text(e.path)} ${text(e.status)}${e.detail ? `: ${text(e.detail)}` : ''}`;
    case 'message': {
      const to = (e.to ?? {}) as { name?: string; cellphone?: string };
      return `${text(e.kind)} to ${to.name ?? ''} (${to.cellphone ?? ''}) about ${text(e.order_id)}`;
    }
    case 'review':
      return `${text(e.kind)} review of ${text(e.item_id)} (${text(e.order_id)})`;
    case 'reward':
      return `${text(e.points)} point${e.points === 1 ? '' : 's'} to ${text(e.member_id)} (${text(e.order_id)})`;
    case 'fault':
      return `${text(e.fault)} on ${text(e.method)} ${text(e.path)}`;
    default:
      return '';
  }
}

/** One event as a line for people: when (the service's clock), what, and about what. */
function humanLine(f: Factory, event: ServiceEventBody): string {
  const c = f.colors().out;
  const when = event.at.slice(0, 19).replace('T', ' ');
  return `${c.dim(when)}  ${event.type.padEnd(8)}  ${terminalSafe(describeEvent(event))}\n`;
}

/**
 * Follows the stream until Ctrl-C (or `stop`), reconnecting (from the last event received) when it
 * drops; `handle` gets each event in order, the next only once the last one is done with.
 */
async function followEvents(
  f: Factory,
  after: number,
  handle: (event: ServiceEventBody) => void | Promise<void>,
): Promise<void> {
  const client = await f.apiClient();
  const stop = new AbortController();
  const stopListening = f.interrupts.onInterrupt(() => stop.abort());
  let last = after;
  let handled: Promise<void> = Promise.resolve();
  const outage = new FollowOutage(f);
  const received = (event: ServiceEventBody) => {
    last = Math.max(last, event.id);
    handled = handled.then(() => handle(event));
  };
  try {
    while (!stop.signal.aborted) {
      try {
        const stream = await client.http.openStream('/local/events', {
          headers: last > 0 ? { 'last-event-id': String(last) } : {},
          signal: stop.signal,
        });
        if (stream.status !== 200) {
          const body = await stream.text();
          let detail: string | undefined;
          try {
            detail = String((JSON.parse(body) as { detail?: unknown }).detail ?? '');
          } catch {
            detail = undefined;
          }
          throw new ApiError({
            status: stream.status,
            detail,
            method: 'GET',
            url: `${client.http.baseUrl}/local/events`,
          });
        }
        outage.back();
        const parser = createParser({
          onEvent: (message) => received(JSON.parse(message.data) as ServiceEventBody),
        });
        const decoder = new TextDecoder();
        for await (const chunk of stream.body) parser.feed(decoder.decode(chunk, { stream: true }));
      } catch (error) {
        if (stop.signal.aborted || error instanceof AbortedError) break;
        if (!(error instanceof NetworkError) && !(error instanceof TypeError)) throw error;
      }
      if (stop.signal.aborted) break;
      outage.away();
      await sleep(1000, undefined, { signal: stop.signal }).catch(() => {});
    }
    await handled;
  } finally {
    stopListening();
  }
}

/** Prints each event as it happens (as JSON lines with --json), until stopped (exit 130, as `tail -f`). */
async function follow(f: Factory, options: LocalEventsOptions, json: boolean): Promise<void> {
  await followEvents(f, options.after ?? 0, (event) => {
    if (json) writeJsonLine(f, event as Record<string, unknown>);
    else f.io.stdout.write(humanLine(f, event));
  });
  throw new ExitCode(EXIT.interrupted);
}

/** The number of the newest event now: forwarding "from now on" starts after it. */
async function newestEvent(f: Factory): Promise<number> {
  const { page } = await (await f.apiClient()).local.events({ limit: 1 });
  return page.results.at(-1)?.id ?? 0;
}

/** Posts each event to a webhook, signed, in order, tried again while the receiver cannot take it. */
async function forward(f: Factory, options: LocalEventsOptions & { forwardTo: string }, json: boolean) {
  const { deliver, newWebhookSecret, SIGNATURE_HEADER } = await import('./forward.js');
  const words = localWords(f);
  const secret = options.secret ?? f.env.INTAKE_WEBHOOK_SECRET ?? newWebhookSecret();
  const after = options.after ?? (await newestEvent(f));
  if (options.secret === undefined && f.env.INTAKE_WEBHOOK_SECRET === undefined)
    f.log.info(words.signingSecret(SIGNATURE_HEADER, secret));
  f.log.info(words.forwarding(after, options.forwardTo));
  const stop = new AbortController();
  const stopListening = f.interrupts.onInterrupt(() => stop.abort());
  // The last event whose delivery ended (delivered, or given up on after its tries), and the events
  // received but cut short by Ctrl-C: not said as failures, since they were not (all) tried. Events are
  // handled one at a time, so once one is cut short every later one is too.
  let ended = after;
  let cut = 0;
  // While the receiver does not take events, said once when it starts and once when it ends.
  let refusing = false;
  try {
    await followEvents(f, after, async (event) => {
      if (stop.signal.aborted) {
        cut += 1;
        return;
      }
      const delivery = await deliver(options.forwardTo, event, {
        secret,
        retry: WEBHOOK_RETRY,
        now: () => f.now().getTime(),
        signal: stop.signal,
        onRetry: (answer) => {
          if (refusing) return;
          refusing = true;
          f.log.info(words.webhookRefused(event.id, answer, WEBHOOK_RETRY.attempts));
        },
      });
      const ok = delivery.status !== undefined && delivery.status >= 200 && delivery.status < 300;
      if (ok && refusing) {
        refusing = false;
        f.log.info(words.webhookBack);
      }
      if (stop.signal.aborted && !ok) {
        cut += 1;
        return;
      }
      ended = event.id;
      if (json) {
        writeJsonLine(f, { event: event.id, type: event.type, ...delivery });
        return;
      }
      const c = f.colors().out;
      const said = delivery.status === undefined ? (delivery.error ?? 'no answer') : String(delivery.status);
      const tries = delivery.attempts > 1 ? ` after ${delivery.attempts} tries` : '';
      f.io.stdout.write(
        `${ok ? c.green('→') : c.red('✗')} ${said}${tries}  ${event.id} ${event.type} ${terminalSafe(describeEvent(event))} ${c.dim(`${delivery.ms}ms`)}\n`,
      );
    });
  } finally {
    stopListening();
  }
  if (cut > 0) f.log.info(words.stoppedForwarding(cut, ended, options.forwardTo));
  throw new ExitCode(EXIT.interrupted);
}

/** How a delivery is tried again: five attempts, waiting 0.5, 1, 2 and 4 s between them. */
const WEBHOOK_RETRY = { attempts: 5, baseDelayMs: 500 };

/** The merchant's events: those kept, or (with --follow) each as it happens until Ctrl-C. */
export async function localEventsRun(options: LocalEventsOptions, f: Factory): Promise<void> {
  const json = (await f.settings()).output.value === 'json';
  if (options.forwardTo !== undefined) return forward(f, { ...options, forwardTo: options.forwardTo }, json);
  if (options.follow) return follow(f, options, json);
  const { after, limit } = options;
  const { page: result, next } = await (
    await f.apiClient()
  ).local.events({
    ...(after === undefined ? {} : { after }),
    ...(limit === undefined ? {} : { limit }),
  });
  sayIfMore(f, result, next);
  if (!json && !f.query && (await f.settings()).output.value === 'table') {
    for (const event of result.results) f.io.stdout.write(humanLine(f, event));
    if (result.results.length === 0) f.log.info(localWords(f).noEvents);
    return;
  }
  await writeData(f, {
    json: result,
    rows: result.results,
    columns: [
      { header: 'id', value: (event) => event.id },
      { header: 'at', value: (event) => event.at },
      { header: 'type', value: (event) => event.type },
      { header: 'what', value: (event) => describeEvent(event) },
    ],
  });
}

interface EventFlags {
  follow?: boolean;
  after?: string;
  limit?: string;
  forwardTo?: string;
  since?: string;
  secret?: string;
}

/** `--forward-to` and its secret, checked: an http(s) address. */
function forwarding(flags: EventFlags): Pick<LocalEventsOptions, 'forwardTo' | 'secret'> {
  if (flags.forwardTo === undefined) {
    if (flags.since !== undefined || flags.secret !== undefined)
      throw new UsageError('--since and --secret go with --forward-to');
    return {};
  }
  let url: URL;
  try {
    url = new URL(flags.forwardTo);
  } catch {
    throw new UsageError(
      `--forward-to "${flags.forwardTo}" is not an address like http://127.0.0.1:3000/hook`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--forward-to must be an http:// or https:// address, not ${url.protocol}//`);
  return { forwardTo: url.toString(), ...(flags.secret === undefined ? {} : { secret: flags.secret }) };
}

export function newLocalEventsCommand(
  f: Factory,
  runF: (options: LocalEventsOptions, f: Factory) => Promise<void> = localEventsRun,
): Command {
  return new Command('events')
    .description(
      'What happens to your data: creates accepted, refused, applied, failed; messages sent; rewards; faults',
    )
    .option('-f, --follow', 'keep printing events as they happen, until Ctrl-C (exit 130)')
    .option('--after <id>', 'the events after this one, oldest first (without it: the latest)')
    .option('--limit <n>', 'at most this many (without --follow)')
    .option(
      '--forward-to <url>',
      'post each event to this webhook as it happens (signed, in order, tried again while it fails), until Ctrl-C (exit 130)',
    )
    .option('--since <id|now>', 'with --forward-to: from after this event (default now)')
    .option('--secret <secret>', 'with --forward-to: sign with this secret (or set INTAKE_WEBHOOK_SECRET)')
    .addHelpText(
      'after',
      examples(
        'intake local events',
        'intake local events --follow',
        'intake local events --follow --json | jq -c \'select(.type == "message")\'',
        'intake local events --forward-to http://127.0.0.1:3000/webhooks/intake',
        'intake local events --forward-to http://127.0.0.1:3000/hook --since 120 --secret whsec_dev',
      ),
    )
    .action((flags: EventFlags) => {
      const limit = limitOption(flags.limit);
      const since = flags.since === undefined || flags.since === 'now' ? undefined : flags.since;
      if (since !== undefined && flags.after !== undefined)
        throw new UsageError('give --since or --after, not both');
      // Not a time (`1h`, as some tools take): the events are counted by id.
      if (since !== undefined && !/^\d+$/.test(since))
        throw new UsageError(`--since must be an event id (a whole number) or now, not "${since}"`);
      const after = since ?? flags.after;
      return runF(
        {
          follow: flags.follow === true,
          ...forwarding(flags),
          ...(after === undefined
            ? {}
            : {
                after: wholeNumber(since === undefined ? '--after' : '--since', after, {
                  min: 0,
                  max: Number.MAX_SAFE_INTEGER,
                }),
              }),
          ...(limit === undefined ? {} : { limit }),
        },
        f,
      );
    });
}
