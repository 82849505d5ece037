import { cut } from '../../util/cut.js';
import type { UploadOptions } from '../options.js';
import { counted } from './summary.js';
import type { Resource } from '../resources.js';
import type { CheckResult } from '../check/check.js';
import { problemLines, type ColumnNames, type Problem, type ProblemWords } from '../problems.js';
import { count as thousands, counting } from '../../util/count.js';
import type { Note } from '../said.js';
import { ENGLISH_SHARED_WORDS, sharedLines, splitShared } from './shared-problems.js';

/** How many problems are listed before "and N more", unless every one is asked for. */
const SHOWN_PROBLEMS = 20;

/** A single record's problems, without a position, each field named by the flag that gave it. */
function singleProblemLines(
  problems: ReadonlyMap<number, readonly Problem[]>,
  flags: Record<string, string> = {},
  words?: ProblemWords,
): string[] {
  return [...problems.values()].flat().map((problem) => {
    const path = problem.column ?? '';
    const field = /^[^.[]+/.exec(path)?.[0] ?? path;
    const named = flags[field] === undefined ? path : flags[field] + path.slice(field.length);
    const value = problem.value === undefined ? '' : ` ("${cut(problem.value, 60, words?.lang)}")`;
    return `  ${named ? `${named}${value}: ` : ''}${words ? words.problem(problem) : problem.message}`;
  });
}

/**
 * The rows' problems, the first ones: what many rows share said once for all of them (products without
 * a name or image, shipments whose orders were not sent from here), then each other problem by row.
 */
function rowProblemNotes(
  checked: CheckResult,
  unitName: string,
  options: { words?: ProblemWords; named?: ColumnNames },
): Note[] {
  const listed = checked.problems.listed();
  const { shared, rest, covered } = splitShared(listed);
  const within = checked.problems.rows > listed.size ? listed.size : undefined;
  const words = options.words?.shared ?? ENGLISH_SHARED_WORDS;
  const once = sharedLines(shared, words, unitName, within).map((text): Note => ({
    text: `  ${text}`,
    said: { code: 'shared_problems' },
  }));
  const rows = problemLines(
    rest,
    unitName,
    SHOWN_PROBLEMS,
    checked.problems.rows - covered,
    options.words,
    options.named,
  ).map((text): Note => ({ text }));
  return [...once, ...rows];
}

/** The valid units taken with a warning: how many, and the first ones (all of them with `all`). */
function warningNotes(
  checked: CheckResult,
  unitName: string,
  options: { all: boolean; words?: ProblemWords; named?: ColumnNames },
): Note[] {
  const warned = checked.warnings.count;
  if (warned === 0) return [];
  const lines = problemLines(
    checked.warnings.listed(),
    unitName,
    options.all ? Number.POSITIVE_INFINITY : SHOWN_PROBLEMS,
    warned,
    options.words,
    options.named,
    true,
  );
  return [
    {
      text: `${thousands(warned)} valid ${unitName}${warned === 1 ? ' has' : 's have'} something to look at (taken all the same):`,
      said: { code: 'warnings', values: { count: warned, unit: unitName } },
    },
    ...lines.map((text): Note => ({ text })),
  ];
}

/**
 * What the check pass found, for people: the counts, each problem with its row, column and value (the
 * first ones, or all), and what was left out of the records (masked buyer ids). A single record's
 * problems are said as its own, with the flags that gave its fields.
 */
export function describeCheck(
  resource: Resource<unknown>,
  label: string,
  unitName: string,
  checked: CheckResult,
  options: { single: UploadOptions['single']; all: boolean; words?: ProblemWords; named?: ColumnNames },
): Note[] {
  const plain = (text: string): Note => ({ text });
  if (options.single) {
    if (checked.invalidRecords === 0) return [];
    return [
      {
        text: `the ${resource.name} from ${label} is invalid; nothing was sent:`,
        said: { code: 'single_invalid', values: { kind: resource.name, file: label } },
      },
      ...singleProblemLines(checked.problems.listed(), options.single.flags, options.words).map(plain),
    ];
  }
  const notes: Note[] = [
    {
      text:
        `${label}: ${counted(checked.records, resource)} in ${counting(checked.units, unitName)}` +
        (checked.invalidRecords > 0 ? `, ${thousands(checked.invalidRecords)} invalid` : ', all valid') +
        (checked.duplicates.size > 0
          ? `, ${counting(checked.duplicates.size, `repeated ${unitName}`)} skipped`
          : '') +
        (checked.skipped > 0
          ? `, ${counting(checked.skipped, unitName)} without a tracking number skipped (not shipped yet)`
          : ''),
      said: {
        code: 'check_summary',
        values: {
          file: label,
          kind: resource.name,
          unit: unitName,
          records: checked.records,
          units: checked.units,
          invalid: checked.invalidRecords,
          repeated: checked.duplicates.size,
          unshipped: checked.skipped,
        },
      },
    },
    ...damagedIdNotes(checked, unitName, resource),
    ...(options.all
      ? problemLines(
          checked.problems.listed(),
          unitName,
          Number.POSITIVE_INFINITY,
          checked.problems.rows,
          options.words,
          options.named,
        ).map(plain)
      : rowProblemNotes(checked, unitName, options)),
  ];
  notes.push(...warningNotes(checked, unitName, options));
  const { count, example } = checked.maskedMembers;
  if (count > 0) {
    notes.push({
      text: `${has(count, unitName)} a masked buyer id (such as ${example}): it names no one, so those orders go without a member id, as guest orders (their reviews earn no rewards).`,
      said: { code: 'masked_members', values: { count, example: example ?? '' } },
    });
  }
  return notes;
}

const has = (count: number, unitName: string) =>
  `${thousands(count)} ${unitName}${count === 1 ? ' has' : 's have'}`;

/**
 * Record ids Excel damaged, said once before the rows' problems, since they explain them: the rows
 * cannot be put together into records.
 */
function damagedIdNotes(checked: CheckResult, unitName: string, resource: Resource<unknown>): Note[] {
  const { count, example } = checked.damagedIds;
  if (count === 0) return [];
  const kind = resource.name;
  return [
    {
      text:
        `${has(count, unitName)} ${kind === 'order' ? 'an' : 'a'} ${kind} id that Excel made a number in scientific notation or a date (such as ${example}): its digits are lost, so which ${unitName}s are one ${kind} cannot be told, and each is checked alone. ` +
        `Upload the download as the marketplace gave it, or format the column as Text in Excel and export again.`,
      said: { code: 'damaged_ids', values: { count, example: example ?? '', kind, unit: unitName } },
    },
  ];
}
