import type { Lang } from '../util/terminal-lang.js';
import type { MarketplaceError, MarketplaceErrorKind } from './errors.js';
import { MARKETPLACE_NAMES } from './names.js';

// How a marketplace's refusal or failure is said to a person, the page's way and a Korean terminal's:
// what happened in a sentence, then the marketplace's own code and ids, which its support asks for.

/** What each kind of failure means, `{name}` being the marketplace's name. */
export const MARKET_PROBLEM_WORDS = {
  blocked: {
    en: '{name} refuses this computer (an IP not on its allowlist, or a block): stopped at once, so as not to be blocked longer.',
    ko: '{name}에서 이 컴퓨터의 접근을 거부했습니다 (허용되지 않은 IP 또는 일시 차단). 차단이 길어지지 않도록 바로 멈췄습니다.',
  },
  auth: {
    en: '{name} refused the keys. Check them in a terminal: intake marketplace status',
    ko: '{name}에서 인증 정보를 거부했습니다. 터미널에서 확인하세요: intake marketplace status',
  },
  refused: { en: '{name} refused the request.', ko: '{name}에서 요청을 거부했습니다.' },
  busy: {
    en: '{name} is busy (too many requests, or down for maintenance). Try again in a few minutes.',
    ko: '{name}이(가) 바쁩니다 (요청이 너무 많거나 점검 중). 몇 분 뒤에 다시 해 보세요.',
  },
  unreachable: { en: '{name} cannot be reached.', ko: '{name}에 연결할 수 없습니다.' },
  answer: {
    en: '{name} answered in a way Intake does not know; nothing was changed.',
    ko: '{name}의 응답을 이해할 수 없습니다. 아무것도 바꾸지 않았습니다.',
  },
} as const satisfies Record<MarketplaceErrorKind, { en: string; ko: string }>;

/** The marketplace's facts about a failure: its code and its id of the request. */
export const MARKET_FACT_WORDS = {
  code: { en: 'code {code}', ko: '코드 {code}' },
  trace: { en: 'request id {id}', ko: '요청 ID {id}' },
} as const;

/** The marketplace's code, the HTTP status and its id of the request, as far as it gave them. */
export function marketFacts(lang: Lang, error: MarketplaceError): string[] {
  return [
    error.code === undefined ? '' : MARKET_FACT_WORDS.code[lang].replace('{code}', error.code),
    error.status === undefined ? '' : `HTTP ${error.status}`,
    error.traceId === undefined ? '' : MARKET_FACT_WORDS.trace[lang].replace('{id}', error.traceId),
  ].filter(Boolean);
}

/**
 * A failure as a Korean terminal is told it: the page's sentence with the marketplace's facts, then
 * Intake's own words on it (English, as they name the marketplace's fields) and what to do.
 */
export function marketProblemKo(error: MarketplaceError): string[] {
  const facts = marketFacts('ko', error);
  const sentence = MARKET_PROBLEM_WORDS[error.kind].ko.replace(
    '{name}',
    MARKETPLACE_NAMES[error.marketplace].ko,
  );
  return [
    `${sentence}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`,
    `  자세한 내용: ${error.message}`,
    ...error.hints.map((hint) => `  ${hint}`),
  ];
}
