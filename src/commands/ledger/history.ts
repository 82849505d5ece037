import { SENDING_OUTCOMES } from '../../contract/kinds.js';
import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { wholeNumber } from '../../cli/values.js';

export interface LedgerHistoryOptions {
  limit: number;
}

const OUTCOMES = [...SENDING_OUTCOMES, 'not_sent'];

/** An upload's counts of each outcome it had. */
const countsOf = (summary: Record<string, unknown> | null | undefined): [string, number][] =>
  OUTCOMES.map((outcome): [string, number] => [outcome, Number(summary?.[outcome] ?? 0)]).filter(
    ([, count]) => count > 0,
  );

/** The uploads sent to the current service with the current credentials, newest first, and how each ended. */
export async function ledgerHistoryRun(options: LedgerHistoryOptions, f: Factory): Promise<void> {
  const [{ ledgerTarget, openLedger }, { ENGLISH, ledgerWords }] = await Promise.all([
    import('../../cli/ledger-target.js'),
    import('./words.js'),
  ]);
  const words = ledgerWords(f);
  const target = await ledgerTarget(f);
  const ledger = openLedger(f);
  try {
    const rows = ledger
      .useTarget(target)
      .history.list(options.limit)
      .map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        input: entry.input,
        path: entry.path,
        state: entry.state,
        started_at: new Date(entry.startedAt).toISOString(),
        ended_at: entry.endedAt === null ? null : new Date(entry.endedAt).toISOString(),
        options: entry.options,
        summary: entry.summary,
      }));
    await writeData(f, {
      json: rows,
      rows,
      none: words.noUploads(target.address ?? target.service, target.accessKeyId),
      columns: [
        { header: 'id', value: (row) => row.id },
        { header: 'started_at', value: (row) => row.started_at },
        { header: 'kind', value: (row) => row.kind, shown: (row) => words.kind(row.kind) },
        { header: 'input', value: (row) => row.input },
        { header: 'state', value: (row) => row.state, shown: (row) => words.uploadState(row.state) },
        {
          header: 'outcomes',
          value: (row) => ENGLISH.outcomes(countsOf(row.summary)),
          shown: (row) => words.outcomes(countsOf(row.summary)),
        },
      ],
    });
  } finally {
    ledger.close();
  }
}

export function newLedgerHistoryCommand(
  f: Factory,
  runF: (options: LedgerHistoryOptions, f: Factory) => Promise<void> = ledgerHistoryRun,
): Command {
  return new Command('history')
    .description(
      'Uploads sent to the current service with the current credentials: when, what, how they ended',
    )
    .option('--limit <n>', 'at most this many', '20')
    .addHelpText(
      'after',
      examples('intake ledger history', 'intake ledger history --json --query "[?state==\'stopped\'].path"'),
    )
    .action((flags: { limit: string }) =>
      runF({ limit: wholeNumber('--limit', flags.limit, { min: 1, max: 10_000 }) }, f),
    );
}
