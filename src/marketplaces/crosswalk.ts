import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Marketplace } from './names.js';
import { packageFile } from '../util/package-files.js';
import { counting } from '../util/count.js';

/** How a carrier's tracking numbers look (the lengths Coupang publishes, applied to every marketplace). */
export interface TrackingRule {
  /** Digits only, or any letters and digits. */
  digits: boolean;
  lengths: readonly number[] | { min: number; max: number };
  /** As the crosswalk says it. */
  text: string;
}

/** One carrier of the service and its codes on each marketplace. */
export interface CarrierRow {
  /** The service's code (`kr.cjlogistics`). */
  code: string;
  koreanName: string;
  /** Each marketplace's code; absent where none is known (the line cannot be pushed there). */
  codes: Partial<Record<Marketplace, string>>;
  /** Codes the crosswalk marks inferred (a trailing `?`). */
  inferred: ReadonlySet<Marketplace>;
  rule: TrackingRule | undefined;
}

const FILE = packageFile('data', 'carriers-crosswalk.csv');

/** `10 or 12 digits`, `8 to 16 digits`, `10, 12 or 13 digits`, `18 or 9 characters, e.g. …`. */
export function parseTrackingRule(text: string): TrackingRule | undefined {
  const found = /^\s*(\d+(?:\s*,\s*\d+)*(?:\s+(?:or|to)\s+\d+)?)\s+(digits|characters)\b/.exec(text);
  if (!found) return undefined;
  const numbers = (found[1] as string).match(/\d+/g)?.map(Number) ?? [];
  const digits = found[2] === 'digits';
  if (/\bto\b/.test(found[1] as string)) {
    return { digits, lengths: { min: numbers[0] as number, max: numbers[1] as number }, text };
  }
  return { digits, lengths: numbers, text };
}

/** Whether a tracking number fits a rule; the reason when it does not. */
export function trackingProblem(rule: TrackingRule | undefined, number: string): string | undefined {
  if (!rule) return undefined;
  const says = ruleSaid(rule.text);
  if (rule.digits && !/^\d+$/.test(number)) return `has characters other than digits (${says})`;
  const length = number.length;
  const fits = Array.isArray(rule.lengths)
    ? rule.lengths.includes(length)
    : length >= (rule.lengths as { min: number }).min && length <= (rule.lengths as { max: number }).max;
  return fits ? undefined : `is ${counting(length, 'character')} long (${says})`;
}

/** `10 or 12 digits (Coupang)` as a reason says it: `10 or 12 digits, as Coupang lists them`. */
function ruleSaid(text: string): string {
  const found = /^(.*?)\s*\(Coupang\)\s*$/.exec(text);
  return found ? `${found[1] as string}, as Coupang lists them` : text;
}

let rows: CarrierRow[] | undefined;

/** The crosswalk of carrier codes (`data/carriers-crosswalk.csv`), read once. */
export function carrierCrosswalk(): readonly CarrierRow[] {
  if (rows) return rows;
  const records = parse(readFileSync(FILE, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
  rows = records.map((record) => {
    const codes: Partial<Record<Marketplace, string>> = {};
    const inferred = new Set<Marketplace>();
    for (const [marketplace, column] of [
      ['naver', 'naver_code'],
      ['coupang', 'coupang_code'],
      ['cafe24', 'cafe24_code'],
    ] as const) {
      const cell = (record[column] ?? '').trim();
      if (cell === '') continue;
      if (cell.endsWith('?')) inferred.add(marketplace);
      codes[marketplace] = cell.replace(/\?$/, '');
    }
    return {
      code: record.code as string,
      koreanName: record.korean_name as string,
      codes,
      inferred,
      rule: parseTrackingRule(record.tracking_number_rule ?? ''),
    };
  });
  return rows;
}

/** The crosswalk's row for a service carrier code. */
export function carrierRow(code: string): CarrierRow | undefined {
  return carrierCrosswalk().find((row) => row.code === code);
}

/** The service carrier of a marketplace's code (`CJGLS` on Naver is `kr.cjlogistics`). */
export function serviceCarrierOf(marketplace: Marketplace, code: string): CarrierRow | undefined {
  return carrierCrosswalk().find((row) => row.codes[marketplace] === code);
}

/** A name compared as the crosswalk's Korean names are matched to a Cafe24 mall's carriers: no spaces. */
export const carrierNameKey = (name: string) => name.replace(/\s+/g, '').toLowerCase();
