import { saidIn, type Words } from '../util/said-in.js';

// An option's value the CLI cannot use (`--concurrency abc`), at a Korean terminal, in Korean (see
// error-words.ts, which says every line of an error through these and its own). Commander's own checks
// are in usage-words.ts.

/** What a value must be, in the English of the checks, in Korean (each ends in a vowel: …여야 합니다). */
const KINDS_OF_VALUE: readonly Words[] = [
  [/^a whole number from (\d+) to (\d+)$/, (m) => `${m[1]}에서 ${m[2]} 사이의 정수`],
  [/^a positive number$/, () => '0보다 큰 수'],
  [/^an event id \(a whole number\) or now$/, () => '이벤트 번호(정수)나 now'],
  [/^one of (.+)$/, (m) => `${m[1]} 중 하나`],
  [/^",", ";" or "tab"$/, () => '",", ";", "tab" 중 하나'],
  [/^a date such as (\S+)$/, (m) => `${m[1]} 같은 날짜`],
  [/^a duration such as (\S+) or a date such as (\S+)$/, (m) => `${m[1]} 같은 기간이나 ${m[2]} 같은 날짜`],
  [/^an HTTP status \(100 to 599\), or 0 for no answer$/, () => 'HTTP 상태 코드(100~599, 응답 없음은 0)'],
];

const valueKo = (what: string): string => saidIn(KINDS_OF_VALUE, what) ?? what;

/** An option's value out of its bounds, not a number, not a duration. */
export const FLAG_WORDS: readonly Words[] = [
  [
    /^(--[\w-]+) must be (.+), not "(.*)"$/,
    (m) => `${m[1]}의 값은 ${valueKo(m[2] ?? '')}여야 합니다. "${m[3]}"은(는) 쓸 수 없습니다`,
  ],
  [
    /^(--[\w-]+) "(.*)" is not a duration such as (\S+) or (\S+)$/,
    (m) => `${m[1]} "${m[2]}"은(는) ${m[3]}나 ${m[4]} 같은 시간이 아닙니다`,
  ],
  [
    /^--forward-to must be an http:\/\/ or https:\/\/ address, not (\S+)$/,
    (m) => `--forward-to에는 http:// 또는 https:// 주소를 주세요 (${m[1]}은(는) 쓸 수 없습니다)`,
  ],
  [
    /^(--[\w-]+) "(.*)" is not a duration \((\S+)\) or a range \((\S+)\)$/,
    (m) => `${m[1]} "${m[2]}"은(는) ${m[3]} 같은 시간이나 ${m[4]} 같은 범위가 아닙니다`,
  ],
  [/^(--[\w-]+) "(.*)" is not like (\S+)$/, (m) => `${m[1]} "${m[2]}"은(는) ${m[3]} 모양이 아닙니다`],
  [/^--since (\S+) is in the future$/, (m) => `--since ${m[1]}은(는) 미래입니다`],
];
