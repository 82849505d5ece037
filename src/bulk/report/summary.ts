import { formatDuration } from '../../util/duration.js';
import { shellQuote } from '../../util/shell.js';
import type { CheckResult } from '../check/check.js';
import { encodingLabel } from '../read/encoding.js';
import type { Outcome } from '../outcome.js';
import type { Resource } from '../resources.js';
import type { InputFormat, InputSource } from '../read/source.js';
import type { UnitSource } from '../read/units.js';
import { count as thousands } from '../../util/count.js';

/** What an upload counted as it went. */
export interface Tally {
  outcomes: Record<Outcome, number>;
  /** Records not sent because an earlier run had sent them with the same content. */
  fromLedger: number;
  /** The first `changed` records, with the fields that differ, to name in the summary. */
  changes: { id: string; fields: string[] }[];
  /** Fields of `changed` records that `--update` would send, and fields the service cannot change. */
  fixableFields: Set<string>;
  fixedFields: Set<string>;
  /** Corrected shipments sent: their buyers are notified again. */
  renotified: number;
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
      updated: 0,
      invalid: 0,
      rejected: 0,
      failed: 0,
      valid: 0,
      not_sent: 0,
      duplicate: 0,
      skipped: 0,
    },
    fromLedger: 0,
    changes: [],
    fixableFields: new Set(),
    fixedFields: new Set(),
    renotified: 0,
    retries: 0,
    lostAnswers: 0,
    throttled: 0,
  };
}

/** How many records the tally has accounted for (repeated rows are not records). */
export function countedRecords(tally: Tally): number {
  const { duplicate: _repeats, skipped: _skipped, ...records } = tally.outcomes;
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
  /** `--all-or-nothing` held everything back because some records were invalid. */
  heldBack?: boolean;
  /** A single record (flags, or one JSON object): its line is what people are shown. */
  single?: { line: Record<string, unknown> | undefined };
}

/** The rate an upload sent at, and how many requests it made (records from the ledger not counted). */
function pace(end: UploadEnd): { sent: number; rate: number } {
  const { tally, seconds } = end;
  const counts = tally.outcomes;
  const sent =
    counts.accepted + counts.already_registered - tally.fromLedger + counts.rejected + counts.failed;
  return { sent, rate: seconds > 0 ? Math.round(sent / seconds) : 0 };
}

/**
 * How an upload ended, as one object: the summary line of `--json` (fields are only ever added), and
 * what every front end shows of the counts.
 */
export function summaryOf(end: UploadEnd): Record<string, unknown> {
  const { source, units, checked, tally, seconds, dryRun, files } = end;
  const counts = tally.outcomes;
  return {
    type: 'summary',
    input: source.label,
    format: end.format,
    encoding: encodingLabel(units.encoding),
    ...(units.table?.sheet === undefined ? {} : { sheet: units.table.sheet }),
    ...(units.table?.preset === undefined ? {} : { preset: units.table.preset }),
    ...(units.table === undefined ? {} : { header_row: units.table.headerRow }),
    [`${units.unitName}s`]: checked.units,
    records: checked.records,
    accepted: counts.accepted,
    already_registered: counts.already_registered,
    changed: counts.changed,
    updated: counts.updated,
    invalid: counts.invalid,
    rejected: counts.rejected,
    failed: counts.failed,
    not_sent: counts.not_sent,
    ...(dryRun ? { valid: counts.valid } : {}),
    duplicates_skipped: checked.duplicates.size,
    not_shipped_skipped: checked.skipped,
    sent_by_earlier_runs: tally.fromLedger,
    notified_again: tally.renotified,
    retries: tally.retries,
    lost_answers: tally.lostAnswers,
    slowed_down: tally.throttled,
    dry_run: dryRun,
    interrupted: end.stopped === 'interrupted',
    seconds: Math.round(seconds * 100) / 100,
    records_per_second: pace(end).rate,
    rejects_file: files.rejects,
    report_file: files.report,
    ledger_file: files.ledger,
  };
}

/** `1 retry`, `2 retries` */
const plural = (count: number, one: string, many: string) =>
  `${thousands(count)} ${count === 1 ? one : many}`;

/** `1 order`, `2 orders` */
export function counted(count: number, resource: Resource<unknown>): string {
  return `${thousands(count)} ${count === 1 ? resource.name : resource.plural}`;
}

/** What to do next, for people: each kind of outcome that needs something of them, said once. */
export function nextSteps(end: UploadEnd): string[] {
  const lines: string[] = [];
  const { sent, rate } = pace(end);
  const { resource, source, tally, files } = end;
  const counts = tally.outcomes;
  const network = [
    tally.retries > 0 ? plural(tally.retries, 'retry', 'retries') : '',
    tally.lostAnswers > 0 ? `${plural(tally.lostAnswers, 'answer', 'answers')} lost on the way back` : '',
    tally.throttled > 0
      ? `slowed down ${plural(tally.throttled, 'time', 'times')} at the service's request`
      : '',
  ]
    .filter(Boolean)
    .join(', ');
  lines.push(
    `${end.dryRun ? 'Checked' : 'Done'} in ${formatDuration(end.seconds * 1000)}` +
      (sent > 1 && !end.single ? ` (${rate} ${resource.plural}/s)` : '') +
      (tally.fromLedger > 0
        ? `; ${counted(tally.fromLedger, resource)} already registered by an earlier run`
        : '') +
      (network ? `; ${network}` : '') +
      '.',
  );
  if (files.rejectsKept) {
    lines.push(`${files.rejectsKept} was edited since intake wrote it, so it was kept as it is.`);
  }
  if (files.rejects && end.heldBack) {
    lines.push(
      `Nothing was sent (--all-or-nothing). Fix the invalid rows in ${source.label} (each is in ${files.rejects} with its reason), then run the same command again.`,
    );
  } else if (files.rejects) {
    const shape = end.units.table
      ? 'the original columns plus "error"'
      : 'the original records plus an "error" field';
    lines.push(`Rows to fix: ${files.rejects} (${shape}).`);
    const command = ['intake', resource.name, 'create', files.rejects, ...end.followUp];
    lines.push(`After fixing them: ${command.map(shellQuote).join(' ')}`);
  }
  changeSteps(end, lines);
  if (counts.failed > 0) {
    lines.push(
      `${counted(counts.failed, resource)} got no definite answer from the service: run the same command again; only what the service does not have is sent.`,
    );
  }
  const line = end.single?.line;
  if (line && !['accepted', 'already_registered', 'valid', 'updated'].includes(String(line.outcome))) {
    lines.push(
      `${String(line.outcome)}: ${String(line.message)}${line.status === null ? '' : ` (HTTP ${String(line.status)})`}`,
    );
  }
  if (files.report) lines.push(`Report: ${files.report}`);
  if (end.dryRun) lines.push('Dry run: nothing was sent.');
  if (end.stopped) {
    lines.push(
      source.fromStdin
        ? 'To continue, send the same input again: what the service already has is not sent twice.'
        : `To continue, run the same command again: ${resource.plural} already sent are not sent again.`,
    );
  }
  return lines;
}

/** Says which records differ from what the service took earlier, and what `--update` would do. */
function changeSteps(end: UploadEnd, lines: string[]): void {
  const { resource, tally } = end;
  const { changed, updated } = tally.outcomes;
  if (updated > 0) {
    lines.push(
      resource.name === 'shipment'
        ? `Sent ${counted(updated, resource)} with a corrected carrier or tracking number; ${tally.renotified === 1 ? 'its buyer is' : `${tally.renotified} buyers are`} notified again.`
        : `Updated ${counted(updated, resource)} by PATCH.`,
    );
  }
  if (changed === 0) return;
  const named = tally.changes.map((change) => `${change.id} (${change.fields.join(', ')})`).join(', ');
  const more = changed > tally.changes.length ? ` and ${changed - tally.changes.length} more` : '';
  lines.push(
    `${counted(changed, resource)} ${changed === 1 ? 'differs' : 'differ'} from what the service took earlier: ${named}${more}.`,
  );
  const fixable = [...tally.fixableFields];
  if (fixable.length > 0) {
    lines.push(
      resource.name === 'shipment'
        ? 'Run the same command again with --update to send them: the service replaces the tracking data, and each buyer is notified again.'
        : `Run the same command again with --update to send ${fixable.join(', ')} by PATCH.`,
    );
  }
  if (tally.fixedFields.size > 0) {
    lines.push(
      `The service cannot change ${[...tally.fixedFields].join(', ')} of an existing ${resource.name}.`,
    );
  }
}
