// The upload as its front ends call it: `runUpload` locks the ledger, notes the run in its history, opens
// the input (read → layout), and hands it to the stages after reading (stages.ts: check → send → report).
import type { UploadContext } from './context.js';
import { recordContext } from './layout/record-sources.js';
import { LedgerLock, describeHolder } from './ledger/ledger-lock.js';
import { Ledger } from './ledger/ledger.js';
import type { UploadOptions } from './options.js';
import { encodingLabel } from './read/encoding.js';
import { UploadError } from './errors.js';
import { sameFile } from '../util/same-file.js';
import { namesTheInput, type InputFormat, type InputSource } from './read/source.js';
import { openUnits, type ReadSetup, type UnitSource } from './layout/units.js';
import type { Note } from './said.js';
import type { Tally } from './tally.js';
import type { Resource } from './resources.js';
import { uploadUnits } from './stages.js';
import { refuseUnwritableReport } from './report/report-place.js';

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
  await refuseReportOverInputs(source, options);
  await refuseUnwritableReport(options.report);
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

/** A report named as a file the upload reads (the input, the catalog) would be written over it: refused. */
async function refuseReportOverInputs(source: InputSource, options: UploadOptions): Promise<void> {
  const { report, products } = options;
  if (report === undefined || report === '-') return;
  const what = (await namesTheInput(source, report))
    ? 'the file being uploaded'
    : products !== undefined && (await sameFile(report, products))
      ? 'the --products catalog'
      : undefined;
  if (what === undefined) return;
  throw new UploadError('output', `--report ${report} is ${what}: the report would be written over it`, [
    'Give the report a name of its own, such as report.csv.',
  ]);
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
    units = await openUnits(source, format, resource, {
      ...setup,
      sayOtherKind: true,
      progress: (rows) => reading(rows),
    });
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
