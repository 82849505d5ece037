import { setTimeout as sleep } from 'node:timers/promises';
import { Command } from 'commander';
import { createParser } from 'eventsource-parser';
import { ApiError, AbortedError, NetworkError } from '../../client/errors.js';
import type { ServiceEventBody } from '../../contract/local/index.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData, writeJsonLine } from '../../cli/output.js';
import { wholeNumber } from '../../cli/values.js';
import { limitOption } from './inspect.js';

export interface LocalEventsOptions {
  follow: boolean;
  after?: number;
  limit?: number;
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
    case 'reward':
      return `${text(e.points)} points to ${text(e.member_id)} (${text(e.order_id)})`;
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
  return `${c.dim(when)}  ${event.type.padEnd(8)}  ${describeEvent(event)}\n`;
}

/** Follows the stream until Ctrl-C, reconnecting (from the last event seen) when it drops. */
async function follow(f: Factory, options: LocalEventsOptions, json: boolean): Promise<void> {
  const client = await f.apiClient();
  const stop = new AbortController();
  const stopListening = f.interrupts.onInterrupt(() => stop.abort());
  let last = options.after ?? 0;
  const show = (event: ServiceEventBody) => {
    last = Math.max(last, event.id);
    if (json) writeJsonLine(f, event as Record<string, unknown>);
    else f.io.stdout.write(humanLine(f, event));
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
        const parser = createParser({
          onEvent: (message) => show(JSON.parse(message.data) as ServiceEventBody),
        });
        const decoder = new TextDecoder();
        for await (const chunk of stream.body) parser.feed(decoder.decode(chunk, { stream: true }));
      } catch (error) {
        if (stop.signal.aborted || error instanceof AbortedError) break;
        if (!(error instanceof NetworkError) && !(error instanceof TypeError)) throw error;
      }
      if (stop.signal.aborted) break;
      f.log.warn('The event stream was cut; connecting again…');
      await sleep(1000, undefined, { signal: stop.signal }).catch(() => {});
    }
  } finally {
    stopListening();
  }
}

/** The merchant's events: those kept, or (with --follow) each as it happens until Ctrl-C. */
export async function localEventsRun(options: LocalEventsOptions, f: Factory): Promise<void> {
  const json = (await f.settings()).output.value === 'json';
  if (options.follow) return follow(f, options, json);
  const { after, limit } = options;
  const result = await (
    await f.apiClient()
  ).local.events({
    ...(after === undefined ? {} : { after }),
    ...(limit === undefined ? {} : { limit }),
  });
  if (!json && !f.query && (await f.settings()).output.value === 'table') {
    for (const event of result.results) f.io.stdout.write(humanLine(f, event));
    if (result.results.length === 0) f.log.info('No events yet.');
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

export function newLocalEventsCommand(
  f: Factory,
  runF: (options: LocalEventsOptions, f: Factory) => Promise<void> = localEventsRun,
): Command {
  return new Command('events')
    .description(
      'What happens to your data: creates accepted, refused, applied, failed; messages sent; rewards; faults',
    )
    .option('-f, --follow', 'keep printing events as they happen, until Ctrl-C')
    .option('--after <id>', 'only events after this one')
    .option('--limit <n>', 'at most this many (without --follow)')
    .addHelpText(
      'after',
      examples(
        'intake local events',
        'intake local events --follow',
        'intake local events --follow --json | jq -c \'select(.type == "message")\'',
      ),
    )
    .action((flags: { follow?: boolean; after?: string; limit?: string }) => {
      const limit = limitOption(flags.limit);
      return runF(
        {
          follow: flags.follow === true,
          ...(flags.after === undefined
            ? {}
            : { after: wholeNumber('--after', flags.after, { min: 0, max: Number.MAX_SAFE_INTEGER }) }),
          ...(limit === undefined ? {} : { limit }),
        },
        f,
      );
    });
}
