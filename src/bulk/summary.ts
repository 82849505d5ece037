import type { Factory } from '../cli/factory.js';
import { writeData } from '../cli/output.js';
import { formatDuration } from '../util/duration.js';
import type { CheckResult } from './check.js';
import { encodingLabel } from './encoding.js';
import type { Outcome } from './report.js';
import type { Resource } from './resources.js';
import type { InputFormat, InputSource } from './source.js';
import type { UnitSource } from './units.js';

/** Records by outcome (and units skipped as repeats), counted as the upload goes. */
export type Tally = Record<Outcome, number> & { fromJournal: number };

/** How many records the tally has accounted for (repeated units are not records). */
export function countedRecords(tally: Tally): number {
  return (
    tally.accepted +
    tally.already_registered +
    tally.invalid +
    tally.rejected +
    tally.failed +
    tally.not_sent +
    tally.valid
  );
}

/**
 * Writes the outcome of an upload: the counts on stdout (a table, CSV, or with `--json` an object with
 * the files written), and on stderr the time, the rate and what to do next.
 */
export async function writeSummary(
  f: Factory,
  upload: {
    resource: Resource<unknown>;
    source: InputSource;
    format: InputFormat;
    units: UnitSource;
    checked: CheckResult;
    tally: Tally;
    seconds: number;
    dryRun: boolean;
    stopped: 'interrupted' | 'failed' | undefined;
    files: { rejects: string | null; report: string | null; journal: string | null };
  },
): Promise<void> {
  const { resource, source, units, checked, tally, seconds, dryRun, files } = upload;
  const sent = tally.accepted + tally.already_registered - tally.fromJournal + tally.rejected + tally.failed;
  const rate = seconds > 0 ? Math.round(sent / seconds) : 0;
  const rows: [string, number][] = [
    ...(dryRun ? ([['valid', tally.valid]] as [string, number][]) : []),
    ['accepted', tally.accepted],
    ['already registered', tally.already_registered],
    ['invalid', tally.invalid],
    ['rejected by the service', tally.rejected],
    ['failed', tally.failed],
    ...(tally.not_sent > 0 ? ([['not sent', tally.not_sent]] as [string, number][]) : []),
  ];
  await writeData(f, {
    json: {
      input: source.label,
      format: upload.format,
      encoding: encodingLabel(units.encoding),
      [`${units.unitName}s`]: checked.units,
      records: checked.records,
      accepted: tally.accepted,
      already_registered: tally.already_registered,
      invalid: tally.invalid,
      rejected: tally.rejected,
      failed: tally.failed,
      not_sent: tally.not_sent,
      ...(dryRun ? { valid: tally.valid } : {}),
      duplicates_skipped: checked.duplicates.size,
      dry_run: dryRun,
      interrupted: upload.stopped === 'interrupted',
      seconds: Math.round(seconds * 100) / 100,
      records_per_second: rate,
      rejects_file: files.rejects,
      report_file: files.report,
      journal_file: files.journal,
    },
    rows,
    columns: [
      { header: 'outcome', value: ([outcome]) => outcome },
      { header: resource.plural, value: ([, count]) => count },
    ],
  });

  f.log.info(
    `${dryRun ? 'Checked' : 'Done'} in ${formatDuration(seconds * 1000)}` +
      (sent > 0 ? ` (${rate} ${resource.plural}/s)` : '') +
      (tally.fromJournal > 0 ? `; ${tally.fromJournal} already registered by an earlier run` : '') +
      '.',
  );
  if (files.rejects) {
    f.log.info(`Rows to fix: ${files.rejects} (the original columns plus "error").`);
    f.log.info(`After fixing them: intake ${resource.name} create ${files.rejects}`);
  }
  if (files.report) f.log.info(`Report: ${files.report}`);
  if (dryRun) f.log.info('Dry run: nothing was sent.');
  if (upload.stopped) {
    f.log.info(
      source.fromStdin
        ? 'To continue, send the same input again: records the service already has are answered as already registered.'
        : `To continue, run the same command again: ${resource.plural} already sent are skipped.`,
    );
  }
}
