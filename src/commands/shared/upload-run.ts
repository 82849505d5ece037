import {
  KIND_KO,
  KOREAN_LINES,
  outcomeKo,
  recordMessageKo,
  runUpload,
  sayIn,
  type InputFormat,
  type InputSource,
  type PasswordSource,
  type Resource,
  type Said,
  type Tally,
  type UploadContext,
  type UploadOptions,
  type UploadResult,
} from '../../bulk/index.js';
import { EXIT, ExitCode, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { ledgerTargetIfAny } from '../../cli/ledger-target.js';
import { type Column, writeData, writeJsonLine } from '../../cli/output.js';
import { dataDir } from '../../cli/paths.js';
import { openCatalog, productBook } from '../../cli/catalog.js';
import type { ProductCatalog } from '../../catalog/product-catalog.js';
import { UploadDisplay } from '../../cli/upload-display.js';
import { keepHeapTightFor } from '../../util/heap.js';
import { terminalLang } from '../../util/terminal-lang.js';

/** The upload's context as the CLI gives it: the Factory's log, client, settings and signals. */
async function cliContext(
  f: Factory,
  resource: Resource<unknown>,
  options: UploadOptions,
  password: PasswordSource,
  display: UploadDisplay,
  catalog: ProductCatalog | undefined,
): Promise<UploadContext> {
  const carriers =
    resource.name === 'shipment'
      ? await (await import('../../cli/carriers.js')).loadCarriers(f, options.carriers)
      : undefined;
  const savedLayouts = await (await import('../../cli/saved-layouts.js')).savedLayouts(f.env);
  const korean = terminalLang(f.env) === 'ko';
  const words = (line: string, said: Said | undefined) =>
    korean ? sayIn('ko', line, said, 'terminal') : line;
  return {
    log: {
      info: (line, said) => f.log.info(words(line, said)),
      warn: (line, said) => f.log.warn(words(line, said)),
    },
    ...(korean ? { words: KOREAN_LINES } : {}),
    events: display.handle,
    client: () => f.apiClient({ patient: true }),
    ledger: { dir: dataDir(f.env), target: await ledgerTargetIfAny(f) },
    now: () => f.now().getTime(),
    stop: { onStop: (handler) => f.interrupts.onInterrupt(() => handler()) },
    password,
    ...(carriers ? { carriers } : {}),
    ...(catalog ? { catalog: productBook(catalog) } : {}),
    savedLayouts,
    verbose: f.globals.verbose === true,
    reportStream: f.io.stdout,
  };
}

/**
 * Uploads an input from the command line: the upload itself is the library's (`bulk/upload.ts`); this
 * shows it on the terminal, prints the summary (a table, CSV, or the last `--json` line) and what to do
 * next, and chooses the exit code.
 */
export async function uploadFromCli(
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
  // Credentials are resolved before the long check, so that missing ones fail at once.
  if (!options.dryRun) await f.credentials();
  keepHeapTightFor(source.size);
  const display = new UploadDisplay(f, {
    json,
    kind: resource.name,
    plural: resource.plural,
    lang: terminalLang(f.env),
  });
  let result: UploadResult;
  const catalog = resource.name === 'shipment' ? undefined : await catalogIfAny(f);
  try {
    result = await runUpload(await cliContext(f, resource, options, password, display, catalog), {
      resource,
      source,
      format,
      options,
    });
  } finally {
    display.stop();
    catalog?.close();
  }
  await printSummary(f, resource, result, { json, reportOnStdout: options.report === '-' });
  const lang = terminalLang(f.env);
  for (const note of result.advice) f.log.info(sayIn(lang, note.text, note.said, 'terminal'));
  const code = exitCodeOf(result);
  if (result.fatal !== undefined) throw result.fatal;
  if (code !== EXIT.ok) throw new ExitCode(code);
}

/** The profile's product catalog, or none (said) when it cannot be opened: an upload does not need it. */
async function catalogIfAny(f: Factory): Promise<ProductCatalog | undefined> {
  try {
    return await openCatalog(f);
  } catch (error) {
    const why = (error as Error).message;
    f.log.warn(
      terminalLang(f.env) === 'ko'
        ? `상품 목록을 쓸 수 없습니다: ${why}`
        : `the product catalog cannot be used: ${why}`,
    );
    return undefined;
  }
}

/** What an upload's end means to a script. */
function exitCodeOf(result: UploadResult): number {
  const { outcomes } = result.tally;
  if (result.stopped === 'interrupted') return EXIT.interrupted;
  if (outcomes.failed > 0) return EXIT.failure;
  if (outcomes.invalid > 0 || outcomes.rejected > 0 || outcomes.changed > 0 || result.heldBack) {
    return EXIT.rejected;
  }
  return EXIT.ok;
}

/** The count table's words: English, or Korean for people at a Korean terminal. */
interface CountWords {
  outcome: string;
  label: (outcome: CountOutcome) => string;
}
type CountOutcome = keyof Tally['outcomes'] | 'rejected_by_service';

const ENGLISH_COUNTS: CountWords = {
  outcome: 'outcome',
  label: (outcome) =>
    outcome === 'rejected_by_service' ? 'rejected by the service' : outcome.replaceAll('_', ' '),
};

/**
 * Korean labels for a Korean terminal's table (the page's words for each outcome). Only where people
 * read it: piped (tab-separated, for `awk` and `cut`) or as CSV the labels stay the English tokens a
 * script matches on, whatever the locale.
 */
async function countWords(f: Factory, resource: Resource<unknown>): Promise<CountWords & { count: string }> {
  const format = (await f.settings()).output.value;
  if (format !== 'table' || !f.io.stdout.isTTY || terminalLang(f.env) !== 'ko') {
    return { ...ENGLISH_COUNTS, count: resource.plural };
  }
  const ko = (outcome: CountOutcome) =>
    outcome === 'rejected_by_service' ? '서비스가 거부함' : outcomeKo(outcome);
  return { outcome: '결과', label: ko, count: KIND_KO[resource.name] ?? resource.plural };
}

type Line = Record<string, unknown>;

/**
 * The columns of a single record's line: as they are, or for people at a Korean terminal its outcome
 * and the service's answer in Korean (the headers are the table's own; a script's pipe keeps the cells).
 */
function singleColumns(f: Factory, resource: Resource<unknown>): Column<Line>[] {
  const cell = (row: Line, name: string) => String(row[name] ?? '');
  const inKorean = (shown: (row: Line) => string) => (terminalLang(f.env) === 'ko' ? { shown } : {});
  const message = (row: Line) =>
    cell(row, 'outcome') === 'invalid'
      ? '위의 문제로 보내지 않았습니다'
      : recordMessageKo(resource.name, cell(row, 'outcome'), cell(row, 'message'));
  return [
    { header: 'id', value: (row: Line) => cell(row, 'id') },
    {
      header: 'outcome',
      value: (row: Line) => cell(row, 'outcome'),
      ...inKorean((row) => outcomeKo(cell(row, 'outcome'))),
    },
    { header: 'status', value: (row: Line) => cell(row, 'status') },
    { header: 'message', value: (row: Line) => cell(row, 'message'), ...inKorean(message) },
  ];
}

/**
 * The rows of the count table, as people read them. A dry run sends nothing, so it shows what the check
 * and the ledger tell (valid, invalid, sent before), never a row of what only sending tells, always 0.
 */
function countRows(tally: Tally, dryRun: boolean, words: CountWords): [string, number][] {
  const counts = tally.outcomes;
  const row = (outcome: CountOutcome, count: number): [string, number][] => [[words.label(outcome), count]];
  const when = (shown: boolean, outcome: CountOutcome, count: number) => (shown ? row(outcome, count) : []);
  return [
    ...when(dryRun, 'valid', counts.valid),
    ...when(!dryRun, 'accepted', counts.accepted),
    ...when(!dryRun || counts.already_registered > 0, 'already_registered', counts.already_registered),
    ...when(counts.changed > 0, 'changed', counts.changed),
    ...when(counts.updated > 0, 'updated', counts.updated),
    ...row('invalid', counts.invalid),
    ...when(!dryRun, 'rejected_by_service', counts.rejected),
    ...when(!dryRun, 'failed', counts.failed),
    ...when(counts.not_sent > 0, 'not_sent', counts.not_sent),
  ];
}

/**
 * The summary on stdout: with `--json` the last line after the record lines; for one record its line;
 * with `--report -` (the report is on stdout) the counts on stderr; else a table of the counts.
 */
async function printSummary(
  f: Factory,
  resource: Resource<unknown>,
  result: UploadResult,
  how: { json: boolean; reportOnStdout: boolean },
): Promise<void> {
  const { summary, tally, single } = result;
  if (how.json) {
    writeJsonLine(f, summary);
    return;
  }
  if (single) {
    await writeData(f, { json: summary, rows: [single], columns: singleColumns(f, resource) });
    return;
  }
  if (how.reportOnStdout) {
    // On stderr, for people: in Korean at a Korean terminal.
    const korean = terminalLang(f.env) === 'ko';
    const label = (outcome: string) => (korean ? outcomeKo(outcome) : outcome);
    f.log.info(
      Object.entries(tally.outcomes)
        .filter(([, count]) => count > 0)
        .map(([outcome, count]) => `${label(outcome)} ${count}`)
        .join(', ') || (korean ? '항목 없음' : 'no records'),
    );
    return;
  }
  const words = await countWords(f, resource);
  await writeData(f, {
    json: summary,
    rows: countRows(tally, summary.dry_run === true, words),
    columns: [
      { header: words.outcome, value: ([outcome]) => outcome },
      { header: words.count, value: ([, count]) => count },
    ],
  });
}
