// Long because it is the upload's one pipeline, read → layout → check → send → report, with the options and
// results its front ends share; each stage lives in its own folder.
import { resolve } from 'node:path';
import type { AttemptReport } from '../client/http.js';
import { Pace } from '../client/pace.js';
import type { OrderCreateBody } from '../contract/index.js';
import type { KnownProduct, RecordContext } from '../input/record-context.js';
import { describeCheck } from './report/describe-check.js';
import { checkUnits, type CheckResult } from './check/check.js';
import { inspectionOf } from './layout/inspect.js';
import type { UploadContext } from './context.js';
import { UploadError } from './errors.js';
import { recordContext } from './layout/record-sources.js';
import { LedgerLock, describeHolder } from './ledger/ledger-lock.js';
import { Ledger } from './ledger/ledger.js';
import type { UploadOptions } from './options.js';
import { encodingLabel } from './read/encoding.js';
import type { InputFormat, InputSource } from './read/source.js';
import { openUnits, type ReadSetup, type UnitSource } from './layout/units.js';
import { Outputs } from './report/outputs.js';
import { RejectsFile, ReportFile, rejectsPath, reportJson, type RejectsShape } from './report/report.js';
import type { Note } from './said.js';
import { counted, nextSteps, summaryOf } from './report/summary.js';
import { countedRecords, type Tally } from './tally.js';
import type { Resource } from './resources.js';
import { SendPass, type Sending } from './send/send-pass.js';
import { Sender } from './send/sender.js';

/** What to upload: records of a kind, from an input in a format, with the options given. */
export interface UploadRequest {
  resource: Resource<unknown>;
  source: InputSource;
  format: InputFormat;
  options: UploadOptions;
}

/** How an upload ended, for its front end to show and to judge. */
export interface UploadResult {
  /** The counts and files, as the `--json` summary line has them. */
  summary: Record<string, unknown>;
  /** What to do next, for people. */
  advice: Note[];
  tally: Tally;
  /** The upload ended early: stopped by the person, or by `fatal`. */
  stopped: 'interrupted' | 'failed' | undefined;
  /** What ended the upload after it had begun sending (the service unreachable, a changed input). */
  fatal: unknown;
  /** `--all-or-nothing` held everything back because some records were invalid. */
  heldBack: boolean;
  /** A single record's line (flags, or one JSON object). */
  single: Record<string, unknown> | undefined;
}

/**
 * Uploads an input of many records, in stages (`README`, "the pipeline"): read its units (`read/`),
 * check them all before anything is sent (`check/`, with the layout's rules, `layout/`), read again and
 * send each record as its last unit arrives (`send/`), keep the ledger (`ledger/`) and report
 * (`report/`). It takes everything it needs from `context`, says what happens through it, and returns
 * how it ended: the front end (the CLI, the browser) shows that and decides what it means (an exit
 * code). Errors that stop it before it sends are `UploadError`s with stable codes.
 */
export async function runUpload(context: UploadContext, request: UploadRequest): Promise<UploadResult> {
  const started = performance.now();
  const { resource, source, options } = request;
  const lock = options.dryRun
    ? undefined
    : await lockLedger(context, `${resource.name} create ${source.label}`);
  try {
    const ledger = new Ledger(context.ledger.dir, context.now);
    try {
      if (context.ledger.target) ledger.useTarget(context.ledger.target);
      const records = await recordContext(context, resource.name, {
        ...(options.products === undefined ? {} : { products: options.products }),
        ...(context.ledger.target ? { known: ledger.records } : {}),
      });
      const units = await openStage(context, request, {
        options,
        context: records,
        password: context.password,
        ...(context.savedLayouts ? { savedLayouts: context.savedLayouts } : {}),
      });
      const historyId = historyStart(ledger, context, request);
      let result: UploadResult | undefined;
      try {
        result = await uploadUnits(context, { ...request, units, ledger, records, started });
        return result;
      } finally {
        if (historyId !== undefined) endHistory(ledger, historyId, result);
        await units.close();
      }
    } finally {
      ledger.close();
    }
  } finally {
    lock?.release();
  }
}

/** The options an upload is remembered with: what running it again needs. */
const REMEMBERED: readonly (keyof UploadOptions)[] = [
  'format',
  'encoding',
  'delimiter',
  'columns',
  'preset',
  'sheet',
  'headerRow',
  'products',
  'carriers',
  'concurrency',
  'rate',
  'update',
  'resume',
  'allOrNothing',
];

function historyEntry(request: UploadRequest) {
  const { resource, source, options } = request;
  return {
    kind: resource.name,
    input: source.label,
    path: source.fromStdin || options.single ? null : source.path,
    options: Object.fromEntries(
      REMEMBERED.flatMap((key) => (options[key] === undefined ? [] : [[key, options[key]]])),
    ),
  };
}

/** Notes the upload in the ledger's history when it sends (not a dry run) to a known service. */
function historyStart(ledger: Ledger, context: UploadContext, request: UploadRequest): number | undefined {
  if (request.options.dryRun || !context.ledger.target) return undefined;
  try {
    return ledger.history.start(historyEntry(request));
  } catch {
    // The history is for people; an upload does not fail for it.
    return undefined;
  }
}

/** Notes in the ledger's history how the upload ended; an error that ended it is a failure. */
function endHistory(ledger: Ledger, id: number, result: UploadResult | undefined): void {
  const state = !result || result.fatal !== undefined ? 'failed' : result.stopped ? 'stopped' : 'finished';
  try {
    ledger.history.end(id, state, result?.summary ?? {});
  } catch {
    // The history is for people; an upload is not failed for it.
  }
}

/** Waits for the ledger to be free (another upload is using it), saying so; a stop ends the wait. */
async function lockLedger(context: UploadContext, what: string): Promise<LedgerLock> {
  const stop = new AbortController();
  const stopListening = context.stop.onStop(() => stop.abort());
  try {
    return await LedgerLock.acquire(context.ledger.dir, {
      what,
      now: context.now,
      signal: stop.signal,
      onWait: (holder) =>
        context.log.info(
          `Another upload is using the ledger${describeHolder(holder)}; waiting for it to finish (Ctrl-C to stop).`,
          { code: 'ledger_wait' },
        ),
    });
  } finally {
    stopListening();
  }
}

/** Opens the input as units (a workbook's sheet is read out first), and says how it is read. */
async function openStage(
  context: UploadContext,
  request: UploadRequest,
  setup: Omit<ReadSetup, 'progress'>,
): Promise<UnitSource> {
  const { source, format, resource } = request;
  const reading = (rows: number, done?: boolean) =>
    context.events?.({ type: 'reading', label: source.label, rows, ...(done ? { done } : {}) });
  if (format === 'xlsx') reading(0);
  let units: UnitSource;
  try {
    units = await openUnits(source, format, resource, { ...setup, progress: (rows) => reading(rows) });
  } finally {
    if (format === 'xlsx') reading(0, true);
  }
  if (units.encoding.how === 'detected' && units.encoding.name !== 'utf8') {
    context.log.info(
      `${source.label} is not UTF-8; reading it as ${encodingLabel(units.encoding)}. Use --encoding to choose.`,
      { code: 'encoding_found', values: { file: source.label, encoding: encodingLabel(units.encoding) } },
    );
  }
  for (const note of units.notes) context.log.info(note.text, note.said);
  context.events?.({
    type: 'opened',
    reading: {
      format: units.format,
      encoding: encodingLabel(units.encoding),
      unitName: units.unitName,
      ...(units.table ? { table: units.table } : {}),
    },
  });
  return units;
}

/** The check pass, telling how far it is. */
async function checkStage(context: UploadContext, units: UnitSource, label: string): Promise<CheckResult> {
  const checking = (count: number, done?: boolean) =>
    context.events?.({
      type: 'checking',
      label,
      unitName: units.unitName,
      units: count,
      ...(done ? { done } : {}),
    });
  checking(0);
  let count = 0;
  try {
    return await checkUnits(
      units,
      (units) => {
        count = units;
        checking(units);
      },
      // Every problem is listed with --verbose: keep them all.
      { keepAllProblems: context.verbose === true },
    );
  } finally {
    checking(count, true);
  }
}

/** Warns once about each carrier code the known list lacks: such shipments are sent all the same. */
function carrierWarnings(
  context: UploadContext,
  records: RecordContext,
): ((record: unknown) => void) | undefined {
  const book = records.carriers;
  if (!book) return undefined;
  const warned = new Set<string>();
  return (record) => {
    const code = (record as { company_code: string }).company_code;
    if (book.has(code) || warned.has(code)) return;
    warned.add(code);
    context.log.warn(`company_code "${code}" is not in ${book.source}; sending such shipments anyway`);
  };
}

/**
 * The products the records sent carry (an order's lines, or products themselves), for the profile's
 * catalog: gathered as they go, kept at the end, so that the next file with the same products needs no
 * names or images.
 */
function productsToRemember(context: UploadContext, resource: Resource<unknown>) {
  const catalog = context.catalog;
  if (!catalog || resource.name === 'shipment') return undefined;
  const seen = new Map<string, KnownProduct>();
  const take = (product: KnownProduct | undefined) => {
    if (product && typeof product.id === 'string') seen.set(product.id, product);
  };
  return {
    add(record: unknown) {
      if (resource.name === 'product') take(record as KnownProduct);
      else for (const item of (record as OrderCreateBody).items ?? []) take(item.product);
      if (seen.size >= 10_000) this.flush();
    },
    flush() {
      if (seen.size === 0) return;
      const products = [...seen.values()];
      seen.clear();
      catalog.remember(products);
    },
  };
}

interface UploadRun extends UploadRequest {
  units: UnitSource;
  ledger: Ledger;
  records: RecordContext;
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
  return { ...rejectsPath(source.path, extension, ledger.history), shape };
}

/** The options a follow-up run of the rejects file needs: the run's own, and the sheet by its name. */
function followUp(run: UploadRun): string[] {
  const sheet = run.units.table?.sheet;
  return [
    ...run.options.followUp,
    ...(run.options.sheet !== undefined && sheet !== undefined ? ['--sheet', sheet] : []),
  ];
}

/** Checks and sends the units of an opened input, and says how it went. */
async function uploadUnits(context: UploadContext, run: UploadRun): Promise<UploadResult> {
  // Long because it runs the stages in order and ties the ledger, the progress and the end to them; each
  // stage is one call.
  const { resource, source, format, options, units, ledger } = run;
  const checked = await checkStage(context, units, source.label);
  context.events?.({ type: 'checked', warnings: checked.warnings.listed(), warned: checked.warnings.count });
  let single: Record<string, unknown> | undefined;
  const outputs = new Outputs((line, taken) => {
    if (options.single) single = reportJson(line);
    const refused = line.outcome === 'invalid' || line.outcome === 'rejected';
    const rows = refused
      ? taken.map((unit) => ({
          row: unit.row,
          cells: unit.original,
          problems: checked.problems.of(unit.row, () => inspectionOf(units.layout, unit).problems),
        }))
      : undefined;
    context.events?.({ type: 'record', line, ...(rows ? { rows } : {}) });
  });
  const heldBack = options.allOrNothing && checked.invalidRecords > 0;
  let stopped: 'interrupted' | 'failed' | undefined;
  let fatal: unknown;
  let kept: string | undefined;
  let failure: unknown;
  let closing: unknown;
  let remember: ReturnType<typeof productsToRemember>;
  try {
    const notes = describeCheck(resource, source.label, units.unitName, checked, {
      single: options.single,
      all: context.verbose === true,
      ...(context.words ? { words: context.words } : {}),
    });
    for (const note of notes) context.log.info(note.text, note.said);
    if (heldBack) {
      context.log.info(
        `--all-or-nothing: nothing is sent because ${counted(checked.invalidRecords, resource)} ${checked.invalidRecords === 1 ? 'is' : 'are'} invalid.`,
      );
    }
    // Every file is opened, and its first bytes written, before the first request.
    if (options.report) outputs.report = await ReportFile.create(options.report, context.reportStream);
    if (!options.single) {
      const place = rejectsPlace(run);
      kept = place.kept;
      outputs.rejects = await RejectsFile.create(place.path, place.shape, ledger.history);
    }
    const sending =
      !options.dryRun && !heldBack ? await startSending(context, run, outputs.tally) : undefined;
    const warnCarrier = carrierWarnings(context, run.records);
    remember = options.dryRun ? undefined : productsToRemember(context, resource);
    const onRecord =
      warnCarrier || remember
        ? (record: unknown) => {
            warnCarrier?.(record);
            remember?.add(record);
          }
        : undefined;
    ({ stopped, fatal } = await new SendPass(context, {
      resource,
      units,
      checked,
      source,
      options,
      outputs,
      sending,
      ...(onRecord ? { onRecord } : {}),
      ...(options.dryRun && context.ledger.target ? { ledger: ledger.records } : {}),
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
    try {
      remember?.flush();
    } catch (error) {
      // The catalog is a help for next time: this upload does not fail for it.
      context.log.warn(`cannot remember the products in the catalog: ${(error as Error).message}`);
    }
    await close(outputs.rejects?.close(ledger.history));
    await close(outputs.report?.close());
    ledger.records.flush();
    checked.release();
  }

  const { tally } = outputs;
  tally.outcomes.not_sent += Math.max(0, checked.records - countedRecords(tally));
  const end = {
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
    ...(options.single ? { single: { line: single } } : {}),
  };
  return {
    summary: summaryOf(end),
    advice: nextSteps(end),
    tally,
    stopped,
    fatal: fatal ?? closing,
    heldBack,
    single,
  };
}

/** Requests on the wire at first, and at most, when the service's limit is to be found. */
export const AUTO_CONCURRENCY = { initial: 8, max: 256 } as const;

/**
 * How the upload paces its requests: `--concurrency` fixes how many go at once (fewer only while the
 * service says it is busy); without it the upload finds the service's limit by itself.
 */
function paceFor(concurrency: number | undefined): Pace {
  return concurrency === undefined
    ? new Pace({ ...AUTO_CONCURRENCY, probe: true })
    : new Pace({ initial: concurrency, max: concurrency, probe: false });
}

/** Gets the sending ready: the client (patient with each record), the sender, and what they count. */
async function startSending(context: UploadContext, run: UploadRun, tally: Tally): Promise<Sending> {
  const { resource, options, ledger } = run;
  if (!context.ledger.target)
    throw new UploadError('ledger', 'there is no service and access key id to send to');
  const client = await context.client();
  const pace = paceFor(options.concurrency);
  const sender = new Sender(pace, options.rate);
  client.http.usePace(pace);
  client.http.observe((report: AttemptReport) => {
    if (report.retryInMs !== undefined) tally.retries += 1;
    if (report.answerLost) tally.lostAnswers += 1;
    if (report.status === 429 || report.status === 503) tally.throttled += 1;
  });
  return {
    setup: { resource, client, ledger: ledger.records, resume: options.resume, update: options.update },
    sender,
  };
}
