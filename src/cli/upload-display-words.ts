import { FLAGS_LABEL, KIND_KO, koreanUnit } from '../bulk/index.js';
import { count as number, counting } from '../util/count.js';
import type { Lang } from '../util/terminal-lang.js';

/** The progress line's counts, as the display has them. */
export interface ProgressLine {
  done: number;
  total: number;
  rate: string;
  eta: string;
  notAccepted: number;
  retries: number;
}

/** What an upload's display draws on the terminal: the spinners of reading and checking, and the progress line. */
export interface DisplayWords {
  reading: (label: string, rows?: number) => string;
  checking: (label: string, units?: number, unitName?: string) => string;
  checked: (units: number, unitName: string) => string;
  progress: (line: ProgressLine) => string;
}

const english = (plural: string): DisplayWords => ({
  reading: (label, rows) =>
    rows === undefined ? `Reading ${label}…` : `Reading ${label}: ${counting(rows, 'row')}`,
  checking: (label, units, unitName = 'row') =>
    units === undefined ? `Checking ${label}…` : `Checking ${label}: ${counting(units, unitName)}`,
  checked: (units, unitName) => `Checked ${counting(units, unitName)}…`,
  progress: ({ done, total, rate, eta, notAccepted, retries }) =>
    `${number(done)}/${number(total)} ${plural} · ${rate}/s · ETA ${eta}` +
    (notAccepted > 0 ? ` · ${number(notAccepted)} not accepted` : '') +
    // While the service refuses, nothing moves for a while: the retries say why.
    (retries > 0 ? ` · ${counting(retries, 'retry', 'retries')}` : ''),
});

/** A file's name as it is; the flags of a single record as 옵션. */
const named = (label: string) => (label === FLAGS_LABEL ? '옵션' : label);

const korean = (kind: string): DisplayWords => ({
  reading: (label, rows) =>
    rows === undefined ? `${named(label)} 읽는 중…` : `${named(label)} 읽는 중: ${number(rows)}행`,
  checking: (label, units, unitName = 'row') =>
    units === undefined
      ? `${named(label)} 검사 중…`
      : `${named(label)} 검사 중: ${number(units)}${koreanUnit(unitName)}`,
  checked: (units, unitName) => `${number(units)}${koreanUnit(unitName)} 검사함…`,
  progress: ({ done, total, rate, eta, notAccepted, retries }) =>
    `${KIND_KO[kind] ?? ''} ${number(done)}/${number(total)}건 · 초당 ${rate}건 · 남은 시간 ${eta}` +
    (notAccepted > 0 ? ` · 접수 안 됨 ${number(notAccepted)}건` : '') +
    (retries > 0 ? ` · 재시도 ${number(retries)}번` : ''),
});

/** The display's words for a kind of record (`order`) and its plural (`orders`), in `lang`. */
export const displayWords = (lang: Lang, kind: string, plural: string): DisplayWords =>
  lang === 'ko' ? korean(kind) : english(plural);
