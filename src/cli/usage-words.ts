// Commander's own usage errors (an unknown option or command, a missing or extra argument, a value not
// among the choices), in Korean at a Korean terminal, as `error-words.ts` says the CLI's own. Loaded only
// there. A line with no pattern here is said as it is.

import { MARKETPLACE_NAMES, isMarketplace, type Marketplace } from '../marketplaces/names.js';
import { withParticle } from '../util/korean-particle.js';
import { saidIn, type Words } from '../util/said-in.js';

const INVALID_VALUE =
  /^option '(.+)' argument '(.*)' is invalid\.(?: Allowed choices are (.+)\.)?(?: (.+))?$/;

const LINES: readonly Words[] = [
  [/^unknown option '(.+)'$/, (m) => `알 수 없는 옵션입니다: ${m[1]}`],
  [/^unknown command '(.+)'$/, (m) => `알 수 없는 명령입니다: ${m[1]}`],
  [/^\((.+): values here cannot be negative\)$/, (m) => `(${m[1]}: 여기서는 값이 음수일 수 없습니다)`],
  [
    /^\(--wait takes no value here: to stop waiting after (\S+), add --max-wait (\S+)\)$/,
    (m) =>
      `(여기서 --wait에는 값을 주지 않습니다. ${m[1]} 뒤에 그만 기다리려면 --max-wait ${m[2]}을(를) 붙이세요)`,
  ],
  [/^\((.+) has: (.+)\)$/, (m) => `(${m[1]}의 명령: ${m[2]})`],
  [
    /^\(a request body is --input FILE, or --input - for standard input; or fields: -f key=value\)$/,
    () => '(요청 본문은 --input 파일, 표준 입력이면 --input -, 또는 필드로 -f key=value)',
  ],
  [/^\(the file is given without a flag: (.+) FILE\)$/, (m) => `(파일은 옵션 없이 줍니다: ${m[1]} 파일)`],
  [
    /^\((.+) is (.+): give (\S+)\)$/,
    (m) => {
      const name = isMarketplace(m[3] ?? '') ? MARKETPLACE_NAMES[m[3] as Marketplace].ko : (m[2] ?? '');
      return `(${withParticle(name, '은')} ${m[3]}(으)로 주세요)`;
    },
  ],
  [/^\(Did you mean one of (.+)\?\)$/, (m) => `(혹시 이 가운데 하나? ${m[1]})`],
  [/^\(Did you mean (.+)\?\)$/, (m) => `(혹시 ${m[1]}?)`],
  [
    /^too many arguments(?: for '(.+)')?\. Expected (\d+) arguments? but got (\d+)\.$/,
    (m) => `${m[1] ? `${m[1]} 명령의 ` : ''}인자가 너무 많습니다: ${m[2]}개를 받는데 ${m[3]}개를 주었습니다.`,
  ],
  [/^missing required argument '(.+)'$/, (m) => `꼭 있어야 할 인자가 없습니다: ${m[1]}`],
  [/^option '(.+)' argument missing$/, (m) => `옵션 ${m[1]}에 값이 없습니다`],
  [/^required option '(.+)' not specified$/, (m) => `꼭 있어야 할 옵션이 없습니다: ${m[1]}`],
  [
    INVALID_VALUE,
    (m) =>
      `옵션 ${m[1]}의 값 '${m[2]}'을(를) 쓸 수 없습니다.` +
      (m[3] ? ` 쓸 수 있는 값: ${m[3]}.` : '') +
      (m[4] ? ` ${m[4]}` : ''),
  ],
  [
    /^command-argument value '(.*)' is invalid for argument '(.+)'\.(?: Allowed choices are (.+)\.)?(?: (.+))?$/,
    (m) =>
      `인자 ${m[2]}의 값 '${m[1]}'을(를) 쓸 수 없습니다.` +
      (m[3] ? ` 쓸 수 있는 값: ${m[3]}.` : '') +
      (m[4] ? ` ${lineKo(m[4])}` : ''),
  ],
  [
    /^option '(.+)' cannot be used with option '(.+)'$/,
    (m) => `옵션 ${m[1]}과(와) ${m[2]}은(는) 함께 쓸 수 없습니다`,
  ],
];

const lineKo = (line: string): string => saidIn(LINES, line) ?? line;

/**
 * Commander's error text (`error: …`, then perhaps a suggestion on the next line) in Korean, led by
 * `오류:` (`lead` colours it as the CLI's own errors are).
 */
export function usageErrorKo(text: string, lead: (word: string) => string): string {
  return text
    .split('\n')
    .map((line) => (line.startsWith('error: ') ? `${lead('오류:')} ${lineKo(line.slice(7))}` : lineKo(line)))
    .join('\n');
}

/** What commander says after a usage error, pointing to the help. */
export const USAGE_HINT_KO = '(사용법: --help)';
