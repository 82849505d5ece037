import { resolve } from 'node:path';
import type { AttemptReport } from '../client/http.js';
import { EXIT, ExitCode, UsageError } from '../cli/errors.js';
import type { Factory } from '../cli/factory.js';
import { writeJsonLine } from '../cli/output.js';
import { startSpinner } from '../cli/spinner.js';
import { checkUnits, type CheckResult } from './check/check.js';
import { encodingLabel } from './read/encoding.js';
import type { Ledger } from './ledger/ledger.js';
import type { RecordContext } from '../input/record-context.js';
import { openLedgerFor } from './ledger/open-ledger.js';
import { LedgerLock, describeHolder } from './ledger/ledger-lock.js';
import { dataDir } from '../cli/paths.js';
import { recordContext } from './layout/record-sources.js';
import type { UploadOptions } from './options.js';
import { Outputs } from './report/outputs.js';
import { problemLines } from './check/problems.js';
import { UploadProgress } from './progress.js';
import { RejectsFile, ReportFile, rejectsPath, reportJson, type RejectsShape } from './report/report.js';
import type { Resource } from './resources.js';
import { Sender } from './send/sender.js';
import { SendPass, type Sending } from './send/send-pass.js';
import { counted, countedRecords, writeSummary, type Tally } from './report/summary.js';
import type { Problem } from './check/problems.js';
import { cut } from '../util/cut.js';
import type { InputFormat, InputSource } from './read/source.js';
import { openUnits, type ReadSetup, type UnitSource } from './read/units.js';
import type { PasswordSource } from './read/xlsx/workbook.js';

/** How many problems are listed on the terminal before "and N more". */
const SHOWN_PROBLEMS = 20;
/** The check pass, with a spinner and, without a terminal, a line every few seconds. */
async function checkStage(f: Factory, units: UnitSource, label: string): Promise<CheckResult> {
  const spinner = startSpinner(f, `Checking ${label}…`);
  let lastLine = performance.now();
  try {
    return await checkUnits(units, (count) => {
      spinner.update(`Checking ${label}: ${count.toLocaleString('en-US')} ${units.unitName}s`);
      if (!f.io.stderr.isTTY && performance.now() - lastLine > 5000) {
        lastLine = performance.now();
        f.log.info(`Checked ${count.toLocaleString('en-US')} ${units.unitName}s…`);
      }
    });
  } finally {
    spinner.stop();
  }
}

function describeCheck(
  f: Factory,
  resource: Resource<unknown>,
  label: string,
  units: UnitSource,
  checked: CheckResult,
  single: UploadOptions['single'],
): void {
  if (single) {
    if (checked.invalidRecords === 0) return;
    f.log.info(`the ${resource.name} from ${label} is invalid; nothing was sent:`);
    for (const line of singleProblemLines(checked.problems, single.flags)) f.log.info(line);
    return;
  }
  f.log.info(
    `${label}: ${counted(checked.records, resource)} in ${checked.units} ${units.unitName}${checked.units === 1 ? '' : 's'}` +
      (checked.invalidRecords > 0 ? `, ${checked.invalidRecords} invalid` : ', all valid') +
      (checked.duplicates.size > 0
        ? `, ${checked.duplicates.size} repeated ${units.unitName}s skipped`
        : '') +
      (checked.skipped > 0
        ? `, ${checked.skipped} ${units.unitName}${checked.skipped === 1 ? '' : 's'} without a tracking number skipped (not shipped yet)`
        : ''),
  );
  const limit = f.globals.verbose ? Number.POSITIVE_INFINITY : SHOWN_PROBLEMS;
  for (const line of problemLines(checked.problems, units.unitName, limit)) f.log.info(line);
  const { count, example } = checked.maskedMembers;
  if (count > 0) {
    f.log.info(
      `${count.toLocaleString('en-US')} ${units.unitName}${count === 1 ? ' has' : 's have'} a masked buyer id (such as ${example}): it names no one, so those orders go without a member id, as guest orders (their reviews earn no rewards).`,
    );
  }
}

/** Warns once about each carrier code the known list lacks: such shipments are sent all the same. */
function carrierWarnings(f: Factory, context: RecordContext): ((record: unknown) => void) | undefined {
  const book = context.carriers;
  if (!book) return undefined;
  const warned = new Set<string>();
  return (record) => {
    const code = (record as { company_code: string }).company_code;
    if (book.has(code) || warned.has(code)) return;
    warned.add(code);
    f.log.warn(`company_code "${code}" is not in ${book.source}; sending such shipments anyway`);
  };
}

/** Opens the input as units, with a spinner while a workbook's sheet is read, and says how it is read. */
async function openStage(
  f: Factory,
  resource: Resource<unknown>,
  source: InputSource,
  format: InputFormat,
  setup: Omit<ReadSetup, 'progress'>,
): Promise<UnitSource> {
  const spinner = format === 'xlsx' ? startSpinner(f, `Reading ${source.label}…`) : undefined;
  let units: UnitSource;
  try {
    units = await openUnits(source, format, resource, {
      ...setup,
      progress: (rows) => spinner?.update(`Reading ${source.label}: ${rows.toLocaleString('en-US')} rows`),
    });
  } finally {
    spinner?.stop();
  }
  if (units.encoding.how === 'detected' && units.encoding.name !== 'utf8') {
    f.log.info(
      `${source.label} is not UTF-8; reading it as ${encodingLabel(units.encoding)}. Use --encoding to choose.`,
    );
  }
  for (const note of units.notes) f.log.info(note);
  return units;
}

/**
 * Uploads a file of many records in stages, each in a file of its own: read the units (`units.ts`),
 * check them all before anything is sent (`check.ts`), read again and assemble each record as its last
 * unit arrives (`group.ts`), send it with bounded, adaptive concurrency (`sender.ts`, `send.ts`), record
 * it in the ledger (`ledger.ts`) and report it (`report.ts`, `summary.ts`). What the stages open is
 * released in `finally`, whatever happens.
 */
export async function runUpload(
  f: Factory,
  resource: Resource<unknown>,
  source: InputSource,
  format: InputFormat,
  options: UploadOptions,
  password: PasswordSource,
): Promise<void> {
  const json = (await f.settings()).output.value === 'json';
  if (options.report === '-' && json) {
    throw new UsageError('--report - writes the report to standard output, where --json writes its lines', [
      'With --json, the record lines on standard output are the report; or give --report a file.',
    ]);
  }
  const started = performance.now();
  // Credentials are resolved before the long check, so that missing ones fail at once.
  if (!options.dryRun) await f.credentials();
  const lock = options.dryRun ? undefined : await lockLedger(f, `${resource.name} create ${source.label}`);
  try {
    await uploadWithLedger(f, { resource, source, format, options, password, json, started });
  } finally {
    lock?.release();
  }
}

/** A single record's problems, without a position, each field named by the flag that gave it. */
function singleProblemLines(
  problems: ReadonlyMap<number, readonly Problem[]>,
  flags: Record<string, string> = {},
): string[] {
  return [...problems.values()].flat().map((problem) => {
    const path = problem.column ?? '';
    const field = /^[^.[]+/.exec(path)?.[0] ?? path;
    const named = flags[field] === undefined ? path : flags[field] + path.slice(field.length);
    const value = problem.value === undefined ? '' : ` ("${cut(problem.value, 60)}")`;
    return `  ${named ? `${named}${value}: ` : ''}${problem.message}`;
  });
}

/** Waits for the ledger to be free (another upload is using it), saying so; Ctrl-C stops the wait. */
async function lockLedger(f: Factory, what: string): Promise<LedgerLock> {
  const stop = new AbortController();
  const stopListening = f.interrupts.onInterrupt(() => stop.abort());
  try {
    return await LedgerLock.acquire(dataDir(f.env), {
      what,
      signal: stop.signal,
      onWait: (holder) =>
        f.log.info(
          `Another upload is using the ledger${describeHolder(holder)}; waiting for it to finish (Ctrl-C to stop).`,
        ),
    });
  } finally {
    stopListening();
  }
}

async function uploadWithLedger(
  f: Factory,
  run: Pick<UploadRun, 'resource' | 'source' | 'format' | 'options' | 'json' | 'started'> & {
    password: PasswordSource;
  },
): Promise<void> {
  const { resource, source, format, options, password, json, started } = run;
  const ledger = await openLedgerFor(f);
  try {
    const context = await recordContext(f, resource.name, {
      ...(options.carriers === undefined ? {} : { carriers: options.carriers }),
      ...(options.products === undefined ? {} : { products: options.products }),
      password,
      ledger,
    });
    const units = await openStage(f, resource, source, format, { options, context, password });
    try {
      await uploadUnits(f, { resource, source, format, options, units, ledger, context, json, started });
    } finally {
      await units.close();
    }
  } finally {
    ledger.close();
  }
}

interface UploadRun {
  resource: Resource<unknown>;
  source: InputSource;
  format: InputFormat;
  options: UploadOptions;
  units: UnitSource;
  ledger: Ledger;
  context: RecordContext;
  json: boolean;
  started: number;
}

/** Where an input's rejects go, and in what shape: the input's own. */
function rejectsPlace(run: UploadRun): { path: string; kept?: string; shape: RejectsShape } {
  const { units, source, ledger } = run;
  const table = units.table;
  const extension = !table ? 'ndjson' : units.format === 'xlsx' ? 'xlsx' : 'csv';
  const shape: RejectsShape = table
    ? {
        header: table.header,
        delimiter: table.delimiter,
        encoding: units.encoding.name,
        ...(units.format === 'xlsx' && table.sheet !== undefined ? { sheet: table.sheet } : {}),
      }
    : {};
  if (source.fromStdin) return { path: resolve(`stdin.rejects.${extension}`), shape };
  return { ...rejectsPath(source.path, extension, ledger), shape };
}

/** The options a follow-up run of the rejects file needs: the run's own, and the sheet by its name. */
function followUp(run: UploadRun): string[] {
  const sheet = run.units.table?.sheet;
  return [
    ...run.options.followUp,
    ...(run.options.sheet !== undefined && sheet !== undefined ? ['--sheet', sheet] : []),
  ];
}

/** Checks and sends the units of an opened input, and reports how it went. */
async function uploadUnits(f: Factory, run: UploadRun): Promise<void> {
  const { resource, source, format, options, units, ledger } = run;
  const { concurrency, rate } = options;
  const checked = await checkStage(f, units, source.label);
  let singleLine: Record<string, unknown> | undefined;
  const outputs = new Outputs((line) => {
    const json = reportJson(line);
    if (options.single) singleLine = json;
    if (run.json) writeJsonLine(f, { type: 'record', ...json });
  });
  const heldBack = options.allOrNothing && checked.invalidRecords > 0;
  let stopped: 'interrupted' | 'failed' | undefined;
  let fatal: unknown;
  let kept: string | undefined;
  let failure: unknown;
  let closing: unknown;
  try {
    describeCheck(f, resource, source.label, units, checked, options.single);
    const sending = !options.dryRun && !heldBack;
    if (heldBack) {
      f.log.info(
        `--all-or-nothing: nothing is sent because ${counted(checked.invalidRecords, resource)} ${checked.invalidRecords === 1 ? 'is' : 'are'} invalid.`,
      );
    }
    // Every file is opened, and its first bytes written, before the first request.
    if (options.report) outputs.report = await ReportFile.create(options.report, f.io.stdout);
    if (!options.single) {
      const place = rejectsPlace(run);
      kept = place.kept;
      outputs.rejects = await RejectsFile.create(place.path, place.shape, ledger);
    }
    const setup = sending
      ? await startSending(f, resource, options, ledger, concurrency, rate, outputs.tally)
      : undefined;
    const onRecord = carrierWarnings(f, run.context);
    ({ stopped, fatal } = await new SendPass(f, {
      resource,
      units,
      checked,
      source,
      options,
      outputs,
      sending: setup,
      ...(onRecord ? { onRecord } : {}),
    }).run());
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    // Released in the reverse order of opening. A file that cannot be finished (a full disk) is said
    // after the summary, which still goes out; after a failure, a second one must not hide the first.
    const close = async (work: Promise<void> | undefined) => {
      try {
        await work;
      } catch (error) {
        if (failure === undefined) closing ??= error;
      }
    };
    await close(outputs.rejects?.close(ledger));
    await close(outputs.report?.close());
    ledger.flush();
    checked.release();
  }

  const { tally } = outputs;
  tally.outcomes.not_sent += Math.max(0, checked.records - countedRecords(tally));
  await writeSummary(f, {
    resource,
    source,
    format,
    units,
    checked,
    tally,
    seconds: (performance.now() - run.started) / 1000,
    dryRun: options.dryRun === true,
    stopped,
    files: {
      rejects: outputs.rejects && outputs.rejects.count > 0 ? outputs.rejects.path : null,
      rejectsKept: kept ?? null,
      report: outputs.report?.path ?? null,
      ledger: ledger.path,
    },
    followUp: followUp(run),
    reportOnStdout: options.report === '-',
    heldBack,
    ...(options.single ? { single: { line: singleLine } } : {}),
  });

  if (fatal !== undefined) throw fatal;
  if (closing !== undefined) throw closing;
  if (stopped === 'interrupted') throw new ExitCode(EXIT.interrupted);
  if (tally.outcomes.failed > 0) throw new ExitCode(EXIT.failure);
  const { invalid, rejected, changed } = tally.outcomes;
  if (invalid > 0 || rejected > 0 || changed > 0) throw new ExitCode(EXIT.rejected);
  if (options.allOrNothing && checked.invalidRecords > 0) throw new ExitCode(EXIT.rejected);
}

async function startSending(
  f: Factory,
  resource: Resource<unknown>,
  options: UploadOptions,
  ledger: Ledger,
  concurrency: number,
  rate: number | undefined,
  tally: Tally,
): Promise<Sending> {
  const client = await f.apiClient({ patient: true });
  const sender = new Sender(concurrency, rate);
  client.http.observe((report: AttemptReport) => {
    if (report.retryInMs !== undefined) tally.retries += 1;
    if (report.answerLost) tally.lostAnswers += 1;
    if (report.status === 429 || report.status === 503) {
      tally.throttled += 1;
      sender.throttle(report.retryAfterMs);
    } else if (report.status !== undefined && report.status < 500) sender.succeeded();
  });
  const progress = new UploadProgress(f, {
    total: 0,
    noun: resource.plural,
    counts: () => {
      const { accepted, already_registered, changed, rejected, failed } = tally.outcomes;
      return {
        done: accepted + already_registered + changed + rejected + failed,
        notAccepted: rejected + failed,
      };
    },
  });
  return {
    setup: { resource, client, ledger, resume: options.resume, update: options.update },
    sender,
    progress,
  };
}
