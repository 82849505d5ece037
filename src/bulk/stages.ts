// One opened input's run through the stages after reading: check, send (or a dry run's pass), and the
// report, with the files it writes and the summary it ends with; `runUpload` (upload.ts) opens the input,
// the ledger and the history around it.
import { accessSync, constants } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { AttemptReport } from '../client/http.js';
import { Pace } from '../client/pace.js';
import type { OrderCreateBody } from '../contract/index.js';
import type { KnownProduct, RecordContext } from '../input/record-context.js';
import { describeCheck } from './report/describe-check.js';
import type { CheckResult } from './check/check.js';
import { checkStage } from './check-stage.js';
import { inspectionOf } from './layout/inspect.js';
import { columnNamesOf } from './layout/column-names.js';
import type { RowDetail, UploadContext } from './context.js';
import { UploadError } from './errors.js';
import type { Ledger } from './ledger/ledger.js';
import type { Unit, UnitSource } from './layout/units.js';
import { Outputs } from './report/outputs.js';
import { RejectsFile, ReportFile, rejectsPath, reportJson, type RejectsShape } from './report/report.js';
import { counted, nextSteps, summaryOf } from './report/summary.js';
import { countedRecords, type Tally } from './tally.js';
import type { Resource } from './resources.js';
import { SendPass, type Sending } from './send/send-pass.js';
import { Sender } from './send/sender.js';
import type { UploadRequest, UploadResult } from './upload.js';
import { permissionsOf } from '../util/file-mode.js';

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
    context.log.warn(`company_code "${code}" is not in ${book.source}; sending such shipments anyway`, {
      code: 'carrier_not_listed',
      values: { code, source: book.source },
    });
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

export interface UploadRun extends UploadRequest {
  units: UnitSource;
  ledger: Ledger;
  records: RecordContext;
  started: number;
}

/** Where an input's rejects go, and in what shape: the input's own. */
function rejectsPlace(
  run: UploadRun,
  reasonColumn: string | undefined,
  mode: number | undefined,
): { path: string; kept?: string; shape: RejectsShape } {
  const { units, source, ledger } = run;
  const table = units.table;
  const extension = !table ? 'ndjson' : units.format === 'xlsx' ? 'xlsx' : 'csv';
  const shape: RejectsShape = table
    ? {
        header: table.header,
        delimiter: table.delimiter,
        encoding: units.encoding.name,
        ...(units.format === 'xlsx' && table.sheet !== undefined ? { sheet: table.sheet } : {}),
        ...(units.password === undefined ? {} : { password: units.password }),
        ...(reasonColumn === undefined ? {} : { reasonColumn }),
        mode,
      }
    : { mode };
  if (source.fromStdin) return { path: resolve(`stdin.rejects.${extension}`), shape };
  // Beside the input, unless its folder cannot be written (a read-only share, another user's folder):
  // then in the current folder, as for standard input, rather than refusing to send a valid file.
  const beside = canWrite(dirname(source.path)) ? source.path : resolve(basename(source.path));
  return { ...rejectsPath(beside, extension, ledger.history), shape };
}

/** The permissions of the input file, which what is written from its rows may have at most. */
const inputMode = ({ source }: UploadRun): number | undefined =>
  source.fromStdin ? undefined : permissionsOf(source.path);

function canWrite(folder: string): boolean {
  try {
    accessSync(folder, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The options a follow-up run of the rejects file needs: the run's own, and the sheet by its name. */
function followUp(run: UploadRun): string[] {
  const sheet = run.units.table?.sheet;
  return [
    ...run.options.followUp,
    ...(run.options.sheet !== undefined && sheet !== undefined ? ['--sheet', sheet] : []),
    // Locked with the input's password: read as the input was (on a terminal, the prompt asks again).
    ...(run.options.passwordStdin && run.units.password !== undefined ? ['--password-stdin'] : []),
  ];
}

/** Checks and sends the units of an opened input, and says how it went. */
export async function uploadUnits(context: UploadContext, run: UploadRun): Promise<UploadResult> {
  const { resource, source, options, units } = run;
  const checked = await checkStage(context, units, source.label, run.records);
  context.events?.({ type: 'checked', warnings: checked.warnings.listed(), warned: checked.warnings.count });
  const told = toldOutputs(context, run, checked);
  const heldBack = options.allOrNothing && checked.invalidRecords > 0;
  let sent: Pick<UploadResult, 'stopped' | 'fatal'>;
  let kept: string | undefined;
  let failure: unknown;
  let closing: unknown;
  let remember: ReturnType<typeof productsToRemember>;
  try {
    tellCheck(context, run, checked, heldBack);
    // Every file is opened, and its first bytes written, before the first request.
    kept = await openOutputs(context, run, told.outputs);
    const sending =
      !options.dryRun && !heldBack ? await startSending(context, run, told.outputs.tally) : undefined;
    remember = options.dryRun ? undefined : productsToRemember(context, resource);
    sent = await sendStage(context, run, { checked, outputs: told.outputs, sending, remember });
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    closing = await closeOutputs(context, run, { outputs: told.outputs, checked, remember, failure });
  }
  return uploadEnd(run, checked, told, { heldBack, kept, closing, ...sent });
}

/** Where each record's line goes as it is decided: the events, and for `--single` the one line kept. */
function toldOutputs(context: UploadContext, run: UploadRun, checked: CheckResult) {
  let single: Record<string, unknown> | undefined;
  const outputs = new Outputs((line, taken) => {
    if (run.options.single) single = reportJson(line);
    if (!context.events) return;
    const refused = line.outcome === 'invalid' || line.outcome === 'rejected';
    const rows = refused
      ? taken.map((unit) => ({
          row: unit.row,
          cells: unit.original,
          problems: checked.problems.of(unit.row, () => inspectionOf(run.units.layout, unit).problems),
        }))
      : undefined;
    const warned = refused ? undefined : warnedRows(taken, checked);
    context.events({ type: 'record', line, ...(rows ? { rows } : {}), ...(warned ? { warned } : {}) });
  }, context.words);
  return { outputs, single: () => single };
}

/** The rows of a record taken with a warning, with their cells (for a page to correct them); undefined when none. */
function warnedRows(taken: readonly Unit[], checked: CheckResult): RowDetail[] | undefined {
  if (checked.warnings.count === 0) return undefined;
  const warned = taken.flatMap((unit) => {
    const problems = checked.warnings.of(unit.row);
    return problems ? [{ row: unit.row, cells: unit.original, problems }] : [];
  });
  return warned.length > 0 ? warned : undefined;
}

/** What the check found, said before anything is sent (and why nothing is, with --all-or-nothing). */
function tellCheck(context: UploadContext, run: UploadRun, checked: CheckResult, heldBack: boolean): void {
  const { resource, source, options, units } = run;
  const notes = describeCheck(resource, source.label, units.unitName, checked, {
    single: options.single,
    all: context.verbose === true,
    named: columnNamesOf(units.table, context.words?.lang),
    ...(context.words ? { words: context.words } : {}),
  });
  for (const note of notes) context.log.info(note.text, note.said);
  if (heldBack) {
    context.log.info(
      `--all-or-nothing: nothing is sent because ${counted(checked.invalidRecords, resource)} ${checked.invalidRecords === 1 ? 'is' : 'are'} invalid.`,
      { code: 'all_or_nothing', values: { kind: resource.name, count: checked.invalidRecords } },
    );
  }
}

/** Opens the report and rejects files; returns where an earlier rejects file was kept, if one was. */
async function openOutputs(
  context: UploadContext,
  run: UploadRun,
  outputs: Outputs,
): Promise<string | undefined> {
  const { options, ledger } = run;
  const mode = inputMode(run);
  if (options.report) {
    const { report } = options;
    outputs.report = await ReportFile.create(report, context.reportStream, {
      password: run.units.password,
      mode,
    });
  }
  if (options.single) return undefined;
  const place = rejectsPlace(run, context.words?.reasonColumn, mode);
  outputs.rejects = await RejectsFile.create(place.path, place.shape, ledger.history);
  return place.kept;
}

/** The send pass (a dry run too: it reads, proves and tallies without sending). */
async function sendStage(
  context: UploadContext,
  run: UploadRun,
  stage: {
    checked: CheckResult;
    outputs: Outputs;
    sending: Sending | undefined;
    remember: ReturnType<typeof productsToRemember>;
  },
): Promise<Pick<UploadResult, 'stopped' | 'fatal'>> {
  const { resource, source, options, units, ledger } = run;
  const { remember } = stage;
  const warnCarrier = carrierWarnings(context, run.records);
  const onRecord =
    warnCarrier || remember
      ? (record: unknown) => {
          warnCarrier?.(record);
          remember?.add(record);
        }
      : undefined;
  return new SendPass(context, {
    resource,
    units,
    checked: stage.checked,
    source,
    options,
    outputs: stage.outputs,
    sending: stage.sending,
    ...(onRecord ? { onRecord } : {}),
    ...(options.dryRun && context.ledger.target ? { ledger: ledger.records } : {}),
    ...(context.words ? { words: context.words } : {}),
  }).run();
}

/**
 * Releases what the upload opened, in the reverse order of opening. A file that cannot be finished (a
 * full disk) is returned, to be said after the summary, which still goes out; after a failure, a second
 * one must not hide the first.
 */
async function closeOutputs(
  context: UploadContext,
  run: UploadRun,
  open: {
    outputs: Outputs;
    checked: CheckResult;
    remember: ReturnType<typeof productsToRemember>;
    failure: unknown;
  },
): Promise<unknown> {
  const { outputs, remember } = open;
  let closing: unknown;
  const close = async (work: Promise<void> | undefined) => {
    try {
      await work;
    } catch (error) {
      if (open.failure === undefined) closing ??= error;
    }
  };
  try {
    remember?.flush();
  } catch (error) {
    // The catalog is a help for next time: this upload does not fail for it.
    context.log.warn(`cannot remember the products in the catalog: ${(error as Error).message}`);
  }
  await close(outputs.rejects?.close(run.ledger.history));
  await close(outputs.report?.close());
  run.ledger.records.flush();
  open.checked.release();
  return closing;
}

/** How the upload ended: its summary, the advice for a next run, and what the front end needs. */
function uploadEnd(
  run: UploadRun,
  checked: CheckResult,
  told: ReturnType<typeof toldOutputs>,
  how: Pick<UploadResult, 'stopped' | 'fatal'> & {
    heldBack: boolean;
    kept: string | undefined;
    closing: unknown;
  },
): UploadResult {
  const { resource, source, format, options, units, ledger } = run;
  const { outputs } = told;
  const { tally } = outputs;
  const single = told.single();
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
    stopped: how.stopped,
    files: {
      rejects: outputs.rejects && outputs.rejects.count > 0 ? outputs.rejects.path : null,
      rejectsKept: how.kept ?? null,
      report: outputs.report?.path ?? null,
      ledger: ledger.path,
    },
    followUp: followUp(run),
    reportOnStdout: options.report === '-',
    heldBack: how.heldBack,
    ...(options.single ? { single: { line: single } } : {}),
  };
  return {
    summary: summaryOf(end),
    advice: nextSteps(end),
    tally,
    stopped: how.stopped,
    fatal: how.fatal ?? how.closing,
    heldBack: how.heldBack,
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
