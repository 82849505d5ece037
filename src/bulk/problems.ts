import { contractSaid, withScheme } from './contract-said.js';
import type { ValidationIssue } from '../contract/validation.js';
import { cut } from '../util/cut.js';
import type { Lang } from '../util/terminal-lang.js';
import { saidValues, type Said } from './said.js';
import type { SharedWords } from './report/shared-problems.js';
import { counting } from '../util/count.js';

/** Something wrong with a row or record, found before sending. */
export interface Problem {
  /** The column (CSV) or path (JSON) it is about. */
  column?: string;
  value?: string;
  message: string;
  /** The same in words a page can translate. */
  said?: Said;
}

/** A problem from a contract issue, worded for a spreadsheet cell. */
export function problemFromIssue(issue: ValidationIssue, column: string, value: unknown): Problem {
  let message = issue.msg;
  let said: Said = contractSaid(issue) ?? {
    code: issue.type,
    values: saidValues(issue.ctx),
  };
  const suggested =
    issue.type === 'url_parsing' &&
    typeof value === 'string' &&
    issue.msg.endsWith('relative URL without a base')
      ? withScheme(value)
      : undefined;
  if (suggested !== undefined) {
    message = `${issue.msg}: it lacks its https:// (${suggested}?)`;
    said = { code: 'url_no_scheme', values: { suggested } };
  } else if (issue.type === 'missing') {
    message = 'is missing';
    said = { code: 'missing' };
  } else if (
    issue.type === 'string_too_short' &&
    (value === '' || (typeof value === 'string' && value.trim() === ''))
  ) {
    message = 'is empty';
    said = { code: 'empty' };
  }
  return typeof value === 'string' && value !== ''
    ? { column, value, message, said }
    : { column, message, said };
}

/** How a problem's column is named to people (see `columnNamesOf`): as ours by default. */
export type ColumnNames = (column: string) => string;
const OURS: ColumnNames = (column) => column;

/** The column of a problem with a JSON record as a whole (it is no object, it lacks a name and an image). */
export const WHOLE_RECORD = '(record)';

/**
 * `수취인연락처1 ("1012345678")`: a problem's column and the value it is about. A problem with a whole
 * record names no column (the line or record number says where it is), only a value if it has one.
 */
function whereOf(problem: Problem, named: ColumnNames, lang: Lang = 'en'): string {
  if (!problem.column) return '';
  const value = problem.value === undefined ? '' : `("${cut(problem.value, 60, lang)}")`;
  return problem.column === WHOLE_RECORD ? value : `${named(problem.column)}${value && ` ${value}`}`;
}

/**
 * `recipient_cellphone ("1012345678"): looks like ...; product_name: is empty`; `wording` gives each
 * problem's words (a page's own language), its English message by default, and `named` its column's
 * name (the file's header).
 */
export function describeProblems(
  problems: readonly Problem[],
  wording: (problem: Problem) => string = (problem) => problem.message,
  named: ColumnNames = OURS,
  lang: Lang = 'en',
): string {
  return problems
    .map((problem) => {
      const where = whereOf(problem, named, lang);
      return `${where ? `${where}: ` : ''}${wording(problem)}`;
    })
    .join('; ');
}

/**
 * Problems as lines for the terminal, by unit: `row 5, recipient_cellphone ("1012…"): …`, at most
 * `limit` units of the `total` with problems (`warned`: with warnings, of valid units).
 */
export function problemLines(
  problems: ReadonlyMap<number, readonly Problem[]>,
  unitName: string,
  limit: number,
  total = problems.size,
  words: ProblemWords = ENGLISH_WORDS,
  named: ColumnNames = OURS,
  warned = false,
): string[] {
  const lines: string[] = [];
  const units = [...problems.keys()].sort((a, b) => a - b);
  for (const unit of units.slice(0, limit)) {
    for (const problem of problems.get(unit) ?? []) {
      const where = whereOf(problem, named, words.lang);
      // `line 3 ("text")` for a whole record's value, `row 5, 연락처 ("…")` for a column's.
      const column = where ? `${problem.column === WHOLE_RECORD ? ' ' : ', '}${where}` : '';
      lines.push(`  ${words.unit(unitName, unit)}${column}: ${words.problem(problem)}`);
    }
  }
  const shown = Math.min(units.length, limit);
  if (total > shown) lines.push(`  ${words.more(unitName, total - shown, warned)}`);
  return lines;
}

/**
 * How problems are worded for people: a unit by its number, a problem, and how many more there are; and
 * for the rows to fix, a record's reason given as the check's or the service's English text.
 */
export interface ProblemWords {
  /** The language of the words (values cut short say so in it); English without it. */
  lang?: Lang;
  unit(unitName: string, unit: number): string;
  problem(problem: Problem): string;
  /** The units left out (`warned`: valid ones with a warning, which no rows-to-fix file holds). */
  more(unitName: string, count: number, warned: boolean): string;
  /** The check's reason for a whole record (`problemsOfRow` words the problems of a row it names). */
  reason?(text: string, problemsOfRow: (row: number) => string | undefined): string;
  /** The service's refusal of a record, with the status it came with. */
  refusal?(message: string, status: number | undefined): string;
  /** The header of the rows to fix' column of reasons (`error` without it). */
  reasonColumn?: string;
  /** What many rows share, said once for all of them (English without it). */
  shared?: SharedWords;
}

const ENGLISH_WORDS: ProblemWords = {
  unit: (unitName, unit) => `${unitName} ${unit}`,
  problem: (problem) => problem.message,
  more: (unitName, count, warned) =>
    warned
      ? `… and ${counting(count, `more ${unitName}`)} (--verbose lists them all)`
      : `… and ${counting(count, `more ${unitName}`)} with problems`,
};
