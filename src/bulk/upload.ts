import { basename, resolve } from 'node:path';
import type { ApiClient } from '../client/api-client.js';
import { AbortedError, ApiError } from '../client/errors.js';
import { EXIT, ExitCode } from '../cli/errors.js';
import type { Factory } from '../cli/factory.js';
import { describeIssues } from '../cli/report-error.js';
import { startSpinner } from '../cli/spinner.js';
import { positiveNumber, wholeNumber } from '../cli/values.js';
import { checkUnits } from './check.js';
import { encodingLabel } from './encoding.js';
import { Journal } from './journal.js';
import type { UploadOptions } from './options.js';
import { describeProblems, problemLines } from './problems.js';
import { UploadProgress } from './progress.js';
import { RejectsWriter, ReportWriter, rejectsPath, type ReportLine } from './report.js';
import type { Resource } from './resources.js';
import { Sender } from './sender.js';
import { countedRecords, writeSummary, type Tally } from './summary.js';
import type { InputFormat, InputSource } from './source.js';
import { openUnits, type Unit } from './units.js';

/** How many problems are listed on the terminal before "and N more". */
const SHOWN_PROBLEMS = 20;

/**
 * Uploads a file of many records in two passes: the first checks every unit and groups them (nothing is
 * sent before every bad row is known); the second reads the file again and sends each record as soon as
 * its last row is read, with bounded concurrency, a resume journal, a report and a rejects file.
 */
export async function runUpload(
  f: Factory,
  resource: Resource<unknown>,
  source: InputSource,
  format: InputFormat,
  options: UploadOptions,
): Promise<void> {
  const concurrency = wholeNumber('--concurrency', options.concurrency, { min: 1, max: 256 });
  const rate = options.rate === undefined ? undefined : positiveNumber('--rate', options.rate);
  const started = performance.now();
  const units = await openUnits(source, format, resource, options);
  if (units.encoding.how === 'detected' && units.encoding.name !== 'utf8') {
    f.log.info(
      `${source.label} is not UTF-8; reading it as ${encodingLabel(units.encoding)}. Use --encoding to choose.`,
    );
  }

  // Credentials are resolved before the long check, so that missing ones fail at once; the client
  // itself (and its HTTP library) is made only once the check is done.
  if (!options.dryRun) await f.credentials();

  // Pass 1: check everything.
  const spinner = startSpinner(f, `Checking ${source.label}…`);
  let lastLine = performance.now();
  const checked = await checkUnits(units, (count) => {
    spinner.update(`Checking ${source.label}: ${count.toLocaleString('en-US')} ${units.unitName}s`);
    if (!f.io.stderr.isTTY && performance.now() - lastLine > 5000) {
      lastLine = performance.now();
      f.log.info(`Checked ${count.toLocaleString('en-US')} ${units.unitName}s…`);
    }
  }).finally(() => spinner.stop());
  const validRecords = checked.records - checked.invalidRecords;
  const { noun, plural } = { noun: resource.name, plural: resource.plural };
  f.log.info(
    `${source.label}: ${checked.records} ${checked.records === 1 ? noun : plural} in ${checked.units} ${units.unitName}s` +
      (checked.invalidRecords > 0 ? `, ${checked.invalidRecords} invalid` : ', all valid') +
      (checked.duplicates.size > 0 ? `, ${checked.duplicates.size} repeated ${units.unitName}s skipped` : ''),
  );
  const limit = f.globals.verbose ? Number.POSITIVE_INFINITY : SHOWN_PROBLEMS;
  for (const line of problemLines(checked.problems, units.unitName, limit)) f.log.info(line);

  const sending = !options.dryRun && !(options.allOrNothing && checked.invalidRecords > 0);
  if (options.allOrNothing && checked.invalidRecords > 0) {
    f.log.info(`--all-or-nothing: nothing is sent because ${checked.invalidRecords} ${plural} are invalid.`);
  }

  const report = options.report ? new ReportWriter(options.report) : undefined;
  const rejects = new RejectsWriter(
    source.fromStdin
      ? resolve(`stdin.rejects.${format === 'csv' ? 'csv' : 'ndjson'}`)
      : rejectsPath(source.path, format === 'csv'),
    units.header,
    units.delimiter,
  );
  const tally: Tally = {
    accepted: 0,
    already_registered: 0,
    duplicate: 0,
    invalid: 0,
    rejected: 0,
    failed: 0,
    not_sent: 0,
    valid: 0,
    fromJournal: 0,
  };
  const recordLine = async (line: ReportLine) => {
    tally[line.outcome] += 1;
    await report?.add(line);
  };
  const rejectUnits = async (list: readonly Unit[], reason: (unit: Unit) => string) => {
    for (const unit of list) await rejects.add(unit.original, reason(unit));
  };

  let journal: Journal | undefined;
  let client: ApiClient | undefined;
  if (sending) {
    client = await f.apiClient();
    const settings = await f.settings();
    if (!source.fromStdin) {
      journal = await Journal.open(
        `${source.path}.intake-journal`,
        {
          baseUrl: settings.baseUrl.value,
          accessKeyId: settings.accessKeyId?.value ?? '',
          resource: resource.name,
        },
        options.resume,
      );
      if (journal.earlier > 0)
        f.log.info(
          `Resuming: ${journal.earlier} ${plural} were sent by an earlier run (${basename(journal.path)}).`,
        );
      if (journal.replacedTarget) {
        f.log.warn(
          `${basename(journal.path)} was written for ${journal.replacedTarget.baseUrl} (${journal.replacedTarget.accessKeyId}); ` +
            'starting a new journal, so what was sent there is not skipped here.',
        );
      }
    }
  }

  const progress = sending
    ? new UploadProgress(f, {
        total: validRecords,
        noun: plural,
        counts: () => ({
          done: tally.accepted + tally.already_registered + tally.rejected + tally.failed,
          notAccepted: tally.rejected + tally.failed,
        }),
      })
    : undefined;
  let interrupted = false;
  let fatal: unknown;
  const sender = new Sender(concurrency, rate);
  const stopListening = f.interrupts.onInterrupt(() => {
    if (interrupted) {
      progress?.note('Aborting the requests in flight.');
      void client?.abort();
      return;
    }
    interrupted = true;
    progress?.note(
      `Stopping: finishing ${sender.inFlight} request(s) in flight. Press Ctrl-C again to abort them.`,
    );
  });

  const send = async (record: unknown, list: readonly Unit[]) => {
    const rows = list.map((unit) => unit.row);
    const id = resource.labelOf(record);
    try {
      const result = await resource.create(client as ApiClient, record);
      journal?.add(resource.keyOf(record));
      await recordLine({
        rows,
        id,
        outcome: result.status === 202 ? 'accepted' : 'already_registered',
        status: result.status,
        message: result.message,
      });
    } catch (error) {
      if (error instanceof AbortedError) {
        await recordLine({ rows, id, outcome: 'not_sent', message: 'aborted before the service answered' });
      } else if (error instanceof ApiError && error.status !== 401) {
        const detail = Array.isArray(error.detail)
          ? describeIssues(error.detail).join('; ')
          : (error.detail ?? '');
        const outcome = error.status >= 500 ? 'failed' : 'rejected';
        const message =
          outcome === 'failed' ? `the service failed (HTTP ${error.status}): ${detail}` : detail;
        await rejectUnits(list, () => message);
        await recordLine({ rows, id, outcome, status: error.status, message });
      } else {
        fatal ??= error;
        const message = error instanceof Error ? error.message : String(error);
        await recordLine({ rows, id, outcome: 'not_sent', message });
      }
    }
  };

  // Pass 2: read again, assemble records, send each once its last row is read.
  /** Units of records whose last row is still to come (by group number), each with its part once built. */
  const open = new Map<number, { unit: Unit; part?: unknown }[]>();
  const groupReason = (invalid: string) => (unit: Unit) => {
    const own = describeProblems(checked.problems.get(unit.row) ?? []);
    if (own) return own;
    const items =
      unit.value === undefined || !units.layout.grouped
        ? []
        : (units.layout.inspect(unit.value).itemIds ?? []);
    const shared = items
      .map((item) => checked.sharedItems.get(item))
      .filter((reason) => reason !== undefined);
    if (shared.length > 0) return shared.join('; ');
    return `another ${units.unitName} of this ${noun} is invalid: ${invalid}`;
  };
  for await (const unit of units.units()) {
    if (interrupted || fatal !== undefined) break;
    const duplicateOf = checked.duplicates.get(unit.row);
    if (duplicateOf !== undefined) {
      await report?.add({
        rows: [unit.row],
        id: '',
        outcome: 'duplicate',
        message: `repeats ${units.unitName} ${duplicateOf}`,
      });
      continue;
    }
    const index = checked.groupOfUnit.array[unit.row] ?? -1;
    if (index === -1) {
      const message = describeProblems(checked.problems.get(unit.row) ?? []);
      await rejects.add(unit.original, message);
      const id = unit.value === undefined ? '' : units.layout.label(unit.value);
      await recordLine({ rows: [unit.row], id, outcome: 'invalid', message });
      continue;
    }
    const invalid = checked.invalid.get(index);
    const members = open.get(index) ?? [];
    // Parts are built only for records that will be sent; an invalid record keeps its rows as they are.
    members.push(invalid === undefined ? { unit, part: units.layout.build(unit.value).part } : { unit });
    if (unit.row !== checked.lastUnit.array[index]) {
      open.set(index, members);
      continue;
    }
    open.delete(index);
    const list = members.map((member) => member.unit);
    const rows = list.map((member) => member.row);
    if (invalid !== undefined) {
      await rejectUnits(list, groupReason(invalid));
      const labelled = list.find((member) => member.value !== undefined);
      const id = labelled ? units.layout.label(labelled.value) : '';
      await recordLine({ rows, id, outcome: 'invalid', message: invalid });
      continue;
    }
    const record = units.layout.merge(members.map((member) => member.part));
    if (!sending) {
      await recordLine({
        rows,
        id: resource.labelOf(record),
        outcome: options.dryRun ? 'valid' : 'not_sent',
        message: '',
      });
    } else if (journal?.has(resource.keyOf(record))) {
      tally.fromJournal += 1;
      await recordLine({
        rows,
        id: resource.labelOf(record),
        outcome: 'already_registered',
        message: 'sent by an earlier run',
      });
    } else {
      await sender.submit(() => send(record, list));
    }
  }
  await sender.drain();
  checked.groupOfUnit.release();
  checked.lastUnit.release();
  progress?.stop();
  stopListening();
  await journal?.close();
  await rejects.close();
  await report?.close();

  tally.not_sent += Math.max(0, checked.records - countedRecords(tally));
  await writeSummary(f, {
    resource,
    source,
    format,
    units,
    checked,
    tally,
    seconds: (performance.now() - started) / 1000,
    dryRun: options.dryRun === true,
    stopped: interrupted ? 'interrupted' : fatal !== undefined ? 'failed' : undefined,
    files: {
      rejects: rejects.count > 0 ? rejects.path : null,
      report: report?.path ?? null,
      journal: journal?.path ?? null,
    },
  });

  if (interrupted) throw new ExitCode(EXIT.interrupted);
  if (fatal !== undefined) throw fatal;
  if (tally.failed > 0) throw new ExitCode(EXIT.failure);
  if (tally.invalid > 0 || tally.rejected > 0) throw new ExitCode(EXIT.rejected);
  if (options.allOrNothing && checked.invalidRecords > 0) throw new ExitCode(EXIT.rejected);
}
