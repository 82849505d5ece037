import type { Factory } from '../cli/factory.js';
import { writeData, writeJsonLine } from '../cli/output.js';
import { formatDuration } from '../util/duration.js';
import { shellQuote } from '../util/shell.js';
import type { CheckResult } from './check.js';
import { encodingLabel } from './encoding.js';
import type { Outcome } from './outcome.js';
import type { Resource } from './resources.js';
import type { InputFormat, InputSource } from './source.js';
import type { UnitSource } from './units.js';

/** What an upload counted as it went. */
export interface Tally {
  outcomes: Record<Outcome, number>;
  /** Records not sent because an earlier run had sent them with the same content. */
  fromLedger: number;
  /** `changed` records the service still has other content for. */
  unresolved: number;
  /** Attempts retried, answers lost on the way back, and times the service asked to slow down. */
  retries: number;
  lostAnswers: number;
  throttled: number;
}

export function emptyTally(): Tally {
  return {
    outcomes: {
      accepted: 0,
      already_registered: 0,
      changed: 0,
      invalid: 0,
      rejected: 0,
      failed: 0,
      valid: 0,
      not_sent: 0,
      duplicate: 0,
    },
    fromLedger: 0,
    unresolved: 0,
    retries: 0,
    lostAnswers: 0,
    throttled: 0,
  };
}

/** How many records the tally has accounted for (repeated rows are not records). */
export function countedRecords(tally: Tally): number {
  const { duplicate: _rows, ...records } = tally.outcomes;
  return Object.values(records).reduce((sum, count) => sum + count, 0);
}

/** The upload as it ended, for its summary. */
export interface UploadEnd {
  resource: Resource<unknown>;
  source: InputSource;
  format: InputFormat;
  units: UnitSource;
  checked: CheckResult;
  tally: Tally;
  seconds: number;
  dryRun: boolean;
  stopped: 'interrupted' | 'failed' | undefined;
  files: { rejects: string | null; rejectsKept: string | null; report: string | null; ledger: string | null };
  /** Options the run needed that a follow-up upload of its rejects needs too. */
  followUp: readonly string[];
  /** The report went to standard output (`--report -`): the counts go to stderr, out of its way. */
  reportOnStdout?: boolean;
}

/**
 * Writes how an upload ended: the counts on stdout (a table, CSV, or with `--json` one last JSON line
 * after the per-record lines), and on stderr the time, the rate, the retries and what to do next.
 */
export async function writeSummary(f: Factory, end: UploadEnd): Promise<void> {
  const { resource, source, units, checked, tally, seconds, dryRun, files } = end;
  const counts = tally.outcomes;
  const sent =
    counts.accepted + counts.already_registered - tally.fromLedger + counts.rejected + counts.failed;
  const rate = seconds > 0 ? Math.round(sent / seconds) : 0;
  const json = {
    type: 'summary',
    input: source.label,
    format: end.format,
    encoding: encodingLabel(units.encoding),
    ...(units.table?.sheet === undefined ? {} : { sheet: units.table.sheet }),
    ...(units.table?.preset === undefined ? {} : { preset: units.table.preset }),
    [`${units.unitName}s`]: checked.units,
    records: checked.records,
    accepted: counts.accepted,
    already_registered: counts.already_registered,
    changed: counts.changed,
    invalid: counts.invalid,
    rejected: counts.rejected,
    failed: counts.failed,
    not_sent: counts.not_sent,
    ...(dryRun ? { valid: counts.valid } : {}),
    duplicates_skipped: checked.duplicates.size,
    sent_by_earlier_runs: tally.fromLedger,
    retries: tally.retries,
    lost_answers: tally.lostAnswers,
    slowed_down: tally.throttled,
    dry_run: dryRun,
    interrupted: end.stopped === 'interrupted',
    seconds: Math.round(seconds * 100) / 100,
    records_per_second: rate,
    rejects_file: files.rejects,
    report_file: files.report,
    ledger_file: files.ledger,
  };
  if ((await f.settings()).output.value === 'json') {
    writeJsonLine(f, json);
  } else if (end.reportOnStdout) {
    f.log.info(
      Object.entries(counts)
        .filter(([, count]) => count > 0)
        .map(([outcome, count]) => `${outcome} ${count}`)
        .join(', ') || 'no records',
    );
  } else {
    const rows: [string, number][] = [
      ...(dryRun ? ([['valid', counts.valid]] as [string, number][]) : []),
      ['accepted', counts.accepted],
      ['already registered', counts.already_registered],
      ...(counts.changed > 0 ? ([['changed', counts.changed]] as [string, number][]) : []),
      ['invalid', counts.invalid],
      ['rejected by the service', counts.rejected],
      ['failed', counts.failed],
      ...(counts.not_sent > 0 ? ([['not sent', counts.not_sent]] as [string, number][]) : []),
    ];
    await writeData(f, {
      json,
      rows,
      columns: [
        { header: 'outcome', value: ([outcome]) => outcome },
        { header: resource.plural, value: ([, count]) => count },
      ],
    });
  }
  writeNextSteps(f, end, sent, rate);
}

function writeNextSteps(f: Factory, end: UploadEnd, sent: number, rate: number): void {
  const { resource, source, tally, files } = end;
  const network =
    tally.retries + tally.lostAnswers + tally.throttled > 0
      ? `; ${tally.retries} retries, ${tally.lostAnswers} answers lost on the way back, slowed down ${tally.throttled} times at the service's request`
      : '';
  f.log.info(
    `${end.dryRun ? 'Checked' : 'Done'} in ${formatDuration(end.seconds * 1000)}` +
      (sent > 0 ? ` (${rate} ${resource.plural}/s)` : '') +
      (tally.fromLedger > 0 ? `; ${tally.fromLedger} already registered by an earlier run` : '') +
      network +
      '.',
  );
  if (files.rejectsKept) {
    f.log.info(`${files.rejectsKept} was edited since intake wrote it, so it was kept as it is.`);
  }
  if (files.rejects) {
    const shape = end.units.table
      ? 'the original columns plus "error"'
      : 'the original records plus an "error" field';
    f.log.info(`Rows to fix: ${files.rejects} (${shape}).`);
    const command = ['intake', resource.name, 'create', files.rejects, ...end.followUp];
    f.log.info(`After fixing them: ${command.map(shellQuote).join(' ')}`);
  }
  if (tally.unresolved > 0) {
    f.log.info(
      `${tally.unresolved} ${resource.plural} were accepted earlier with other content; the report says which fields differ.`,
    );
  }
  if (files.report) f.log.info(`Report: ${files.report}`);
  if (end.dryRun) f.log.info('Dry run: nothing was sent.');
  if (end.stopped) {
    f.log.info(
      source.fromStdin
        ? 'To continue, send the same input again: what the service already has is not sent twice.'
        : `To continue, run the same command again: ${resource.plural} already sent are not sent again.`,
    );
  }
}
