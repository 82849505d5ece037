import { cut } from '../../util/cut.js';
import { fieldList } from '../outcome.js';
import { formatDuration } from '../../util/duration.js';
import { shellQuote } from '../../util/shell.js';
import type { CheckResult } from '../check/check.js';
import { encodingLabel } from '../read/encoding.js';
import type { Resource } from '../resources.js';
import type { InputFormat, InputSource } from '../read/source.js';
import type { UnitSource } from '../layout/units.js';
import { counting as plural } from '../../util/count.js';
import type { Note, Said } from '../said.js';
import type { Tally } from '../tally.js';
import type { Outcome } from '../../contract/kinds.js';

/** Outcomes that say the service has the record as sent (or would, in a dry run). */
const TAKEN: readonly Outcome[] = ['accepted', 'already_registered', 'valid', 'updated'] satisfies Outcome[];
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

/**
 * How many records the service answered in this run, and at what rate: records from the ledger are not
 * counted, nor records that failed (no answer, or the service's own error), so an upload to a service
 * that is not there has no rate rather than the rate at which its records were given up.
 */
function pace(end: UploadEnd): { sent: number; rate: number } {
  const { tally, seconds } = end;
  const counts = tally.outcomes;
  const sent =
    counts.accepted + counts.updated + counts.already_registered - tally.fromLedger + counts.rejected;
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
    warnings: checked.warnings.count,
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

/** `1 order`, `2 orders` */
export function counted(count: number, resource: Resource<unknown>): string {
  return plural(count, resource.name, resource.plural);
}

/**
 * Every row skipped for want of a tracking number: most likely the order download, not yet filled in
 * (the page says it where the check's counts are).
 */
export const NOTHING_SHIPPED: Note = {
  text: 'No row has a tracking number: fill in the tracking number (and the carrier) of each item shipped, then upload the file again.',
  said: { code: 'nothing_shipped' },
};

/**
 * What to do next, for people: each kind of outcome that needs something of them, said once. Each line
 * says what it is about (`said`), so a page can word it in its language or leave out what its own
 * buttons say (the commands to run again).
 */
export function nextSteps(end: UploadEnd): Note[] {
  const notes: Note[] = [];
  const say: Say = (text, code, values) => notes.push({ text, said: values ? { code, values } : { code } });
  const { resource, source, tally, files } = end;
  const counts = tally.outcomes;
  doneStep(end, say);
  if (end.checked.records === 0 && end.checked.skipped > 0) notes.push(NOTHING_SHIPPED);
  notTakenSteps(end, say);
  rejectsSteps(end, say);
  changeSteps(end, say);
  if (counts.failed > 0) {
    say(
      `${counted(counts.failed, resource)} got no definite answer from the service: run the same command again; only what the service does not have is sent.`,
      'run_again',
      { step: 'failed', kind: resource.name, count: counts.failed },
    );
  }
  const line = end.single?.line;
  if (line && !TAKEN.includes(line.outcome as Outcome)) {
    say(
      // An invalid record's problems were said above it, each with the flag or field that gave it.
      line.outcome === 'invalid'
        ? 'invalid: not sent, for the problems above.'
        : `${String(line.outcome)}: ${String(line.message)}${line.status === null ? '' : ` (HTTP ${String(line.status)})`}`,
      'single_outcome',
      {
        outcome: String(line.outcome),
        message: String(line.message),
        status: line.status === null ? '' : String(line.status),
        fields: Array.isArray(line.fields) ? line.fields.join(', ') : '',
      },
    );
  }
  if (files.report) say(`Report: ${files.report}`, 'report_file');
  if (end.dryRun) say('Dry run: nothing was sent.', 'dry_run');
  if (end.stopped) {
    say(
      source.fromStdin
        ? 'To continue, send the same input again: what the service already has is not sent twice.'
        : `To continue, run the same command again: ${resource.plural} already sent are not sent again.`,
      'run_again',
      { step: 'continue', stdin: source.fromStdin ? 1 : 0, kind: resource.name },
    );
  }
  return notes;
}

/** Says one note of the next steps: its English, and what it is about for other words. */
type Say = (text: string, code: string, values?: Said['values']) => void;

/** How long the upload took, at what rate, what earlier runs had sent, and what the network did. */
function doneStep(end: UploadEnd, say: Say): void {
  const { sent, rate } = pace(end);
  const { resource, tally } = end;
  const network = [
    tally.retries > 0 ? plural(tally.retries, 'retry', 'retries') : '',
    tally.lostAnswers > 0 ? `${plural(tally.lostAnswers, 'answer', 'answers')} lost on the way back` : '',
    tally.throttled > 0
      ? `slowed down ${plural(tally.throttled, 'time', 'times')} at the service's request`
      : '',
  ]
    .filter(Boolean)
    .join(', ');
  const showRate = sent > 1 && !end.single;
  say(
    `${end.dryRun ? 'Checked' : 'Done'} in ${formatDuration(end.seconds * 1000)}` +
      (showRate ? ` (${rate} ${resource.plural}/s)` : '') +
      (tally.fromLedger > 0
        ? `; ${counted(tally.fromLedger, resource)} already registered by an earlier run`
        : '') +
      (network ? `; ${network}` : '') +
      '.',
    'done',
    {
      checked: end.dryRun ? 1 : 0,
      duration: formatDuration(end.seconds * 1000),
      rate: showRate ? rate : 0,
      kind: resource.name,
      earlier: tally.fromLedger,
      retries: tally.retries,
      lost: tally.lostAnswers,
      throttled: tally.throttled,
    },
  );
}

/** The rejects file: kept as the person edited it, what nothing sent needs, or the rows to fix. */
function rejectsSteps(end: UploadEnd, say: Say): void {
  const { resource, source, files } = end;
  if (files.rejectsKept) {
    say(`${files.rejectsKept} was edited since intake wrote it, so it was kept as it is.`, 'rejects_kept', {
      file: files.rejectsKept,
    });
  }
  if (files.rejects && end.heldBack) {
    say(
      `Nothing was sent (--all-or-nothing). Fix the invalid rows in ${source.label} (each is in ${files.rejects} with its reason), then run the same command again.`,
      'held_back',
      { file: source.label, rejects: files.rejects },
    );
  } else if (files.rejects) {
    const locked = end.units.password === undefined ? '' : ", locked with the workbook's password";
    const shape = end.units.table
      ? `the original columns plus "error"${locked}`
      : 'the original records plus an "error" field';
    say(`Rows to fix: ${files.rejects} (${shape}).`, 'rejects_file');
    const command = ['intake', resource.name, 'create', files.rejects, ...end.followUp];
    say(`After fixing them: ${command.map(shellQuote).join(' ')}`, 'run_again');
  }
}

/** How much of a service's answer the summary shows (a 422 can list every field of a record). */
export const MESSAGE_SHOWN = 300;

/**
 * The records the service did not take, the first ones by name with its answer (or what went wrong), so
 * that a person sees why without opening the rejects file or the report. A single record's outcome is
 * said on its own.
 */
function notTakenSteps(end: UploadEnd, say: Say): void {
  const { resource, tally, units } = end;
  const total = tally.outcomes.rejected + tally.outcomes.failed;
  if (total === 0 || end.single) return;
  say(`The service did not take ${counted(total, resource)}:`, 'not_taken', {
    kind: resource.name,
    count: total,
  });
  for (const record of tally.notTaken) {
    const where = `${units.unitName}${record.rows.length === 1 ? '' : 's'} ${fieldList(record.rows.map(String))}`;
    const answer = record.status === undefined ? record.outcome : `${record.outcome}, HTTP ${record.status}`;
    const text = `${where}, ${cut(record.id, 60)} (${answer}): ${cut(record.message, MESSAGE_SHOWN)}`;
    say(`  ${text}`, 'not_taken_record', {
      unit: units.unitName,
      rows: record.rows.join(', '),
      id: cut(record.id, 60),
      outcome: record.outcome,
      status: record.status ?? '',
      message: record.message,
    });
  }
  const more = total - tally.notTaken.length;
  if (more > 0) {
    const report = end.files.report;
    say(
      report ? `  … and ${more} more, each in ${report}` : `  … and ${more} more: --report FILE lists each`,
      'not_taken_more',
      { count: more, report: report ?? '' },
    );
  }
}

/** What the records that differ from the service's copy need: said by `say`. */
function changeSteps(end: UploadEnd, say: Say): void {
  const { resource, tally } = end;
  const { changed, updated } = tally.outcomes;
  if (updated > 0) {
    say(
      resource.name === 'shipment'
        ? `Sent ${counted(updated, resource)} with a corrected carrier or tracking number; ${tally.renotified === 1 ? 'its buyer is' : `${tally.renotified} buyers are`} notified again.`
        : `Updated ${counted(updated, resource)} by PATCH.`,
      'updated',
      { kind: resource.name, count: updated, renotified: tally.renotified },
    );
  }
  if (changed === 0) return;
  const named = tally.changes.map((change) => `${change.id} (${change.fields.join(', ')})`).join(', ');
  const more = changed > tally.changes.length ? ` and ${changed - tally.changes.length} more` : '';
  say(
    `${counted(changed, resource)} ${changed === 1 ? 'differs' : 'differ'} from what the service took earlier: ${named}${more}.`,
    'changed',
    { kind: resource.name, count: changed, named, more: changed - tally.changes.length },
  );
  const fixable = [...tally.fixableFields];
  if (fixable.length > 0) {
    say(
      resource.name === 'shipment'
        ? 'Run the same command again with --update to send them: the service replaces the tracking data, and each buyer is notified again.'
        : `Run the same command again with --update to send ${fixable.join(', ')} by PATCH.`,
      'run_again',
      { step: 'update', kind: resource.name, fields: fixable.join(', ') },
    );
  }
  if (tally.fixedFields.size > 0) {
    say(
      `The service cannot change ${[...tally.fixedFields].join(', ')} of an existing ${resource.name}.`,
      'cannot_change',
      { kind: resource.name, fields: [...tally.fixedFields].join(', ') },
    );
  }
}
