import { isMarketplace, MARKETPLACE_NAMES } from '../marketplaces/names.js';
import { alternativesKo } from '../util/alternatives-ko.js';
import { saidIn, type Words } from '../util/said-in.js';
import type { Lang } from '../util/terminal-lang.js';

// The service's answers and the upload's own words for a record it did not take, in Korean where there
// are words for them: what the page shows in its table of results, and a Korean terminal in its summary.

/** The service's refusals Intake can word itself, by their English pattern. */
const REFUSALS: readonly Words[] = [
  [
    /^Order item '(.+)' already exists in order '(.+)'\.$/,
    (m) => `품목 ${m[1]}은(는) 이미 주문 ${m[2]}에 있습니다`,
  ],
  [/^Order '(.+)' already exists\.$/, (m) => `주문 ${m[1]}은(는) 이미 있습니다`],
  [/^Product '(.+)' already exists\.$/, (m) => `상품 ${m[1]}은(는) 이미 있습니다`],
  [/^Order '(.+)' not found\.$/, (m) => `주문 ${m[1]}을(를) 찾을 수 없습니다`],
  [/^Product '(.+)' not found\.$/, (m) => `상품 ${m[1]}을(를) 찾을 수 없습니다`],
  [/^Request body too large\.$/, () => '요청이 너무 큽니다'],
  [/^Secret access key was invalid\.$/, () => '비밀 키가 맞지 않습니다'],
  [/^Access key id was invalid\.$/, () => '서비스에 없는 액세스 키 ID입니다'],
  [/^Authorization header required\.$/, () => '인증 정보가 없습니다'],
  [/^Authorization header was invalid\.$/, () => '인증 정보의 형식이 올바르지 않습니다'],
  [/^Order item '(.+)' not found in order '(.+)'\.$/, (m) => `주문 ${m[2]}에 품목 ${m[1]}이(가) 없습니다`],
  [/^Order item '(.+)' was already reviewed\.$/, (m) => `품목 ${m[1]}에는 이미 리뷰가 있습니다`],
  [
    /^Order '(.+)' is still queued; apply the queue first\.$/,
    (m) => `주문 ${m[1]}은(는) 아직 대기열에 있습니다. 먼저 대기열을 처리하세요`,
  ],
  // A value the service's contract does not list (a carrier code the CLI let through, as it warned).
  [/^(\w+): Input should be ('.+')$/, (m) => `${m[1]}: ${alternativesKo(m[2] ?? '')} 중 하나여야 합니다`],
  // A shipment naming an item of another order: only the service knows, so only its 422 says it.
  [
    // (neither id spans `'; `: several such issues come joined by `; `)
    /^(\S+): Value error, '((?:(?!'; ).)+?)' is not an item of order '((?:(?!'; ).)+)'$/,
    (m) => `${m[1]}: 품목 ${m[2]}은(는) 주문 ${m[3]}의 품목이 아닙니다`,
  ],
  // The local service's answers to `intake local …`.
  [/^Nothing matched within (\S+)\.$/, (m) => `${m[1]} 안에 맞는 것이 없었습니다`],
  [
    /^The service was not started with --allow-reset: its data cannot be reset\.$/,
    () => '서비스를 --allow-reset 없이 시작해서 데이터를 지울 수 없습니다',
  ],
  [
    /^No line (\S+) in this (\S+) fake\.$/,
    (m) => {
      const name = m[2] ?? '';
      return `가짜 ${isMarketplace(name) ? MARKETPLACE_NAMES[name].ko : name}에 라인 ${m[1]}이(가) 없습니다`;
    },
  ],
  [
    /^The fake mall has no app: set credentials client_id, client_secret, mall_id and redirect_uri first\.$/,
    () =>
      '가짜 몰에 앱이 없습니다. 먼저 인증 정보 client_id, client_secret, mall_id, redirect_uri를 설정하세요',
  ],
];

/** The service's other texts worth wording: a credentials check's reason when they are valid. */
const NOTES: readonly Words[] = [
  [/^The credentials are valid and may use the API\.$/, () => '인증 정보가 맞습니다. API를 쓸 수 있습니다'],
];

/** The client's words for a connection that failed (see `describeNetworkError`), in Korean. */
const NETWORK_REASONS: readonly Words[] = [
  [/^connection refused\b/, () => '연결이 거부되었습니다 (서비스가 실행 중인지 확인하세요)'],
  [/^host not found$/, () => '그런 이름의 호스트가 없습니다'],
  [/^could not connect within (\S+)s$/, (m) => `${m[1]}초 안에 연결하지 못했습니다`],
  [/^no answer within (\S+)s$/, (m) => `${m[1]}초 안에 응답이 없었습니다`],
  [
    /^the connection was closed before the service answered$/,
    () => '서비스가 응답하기 전에 연결이 끊겼습니다',
  ],
  [/^it does not speak HTTPS\b/, () => '이 주소는 HTTPS를 쓰지 않습니다 (http:// 주소인지 확인하세요)'],
  [/^the secure connection failed\b/, () => '보안 연결에 실패했습니다 (http://인지 https://인지 확인하세요)'],
];

/** The upload's own words for a record that got no definite answer (see `failure` in the send pass). */
const FAILURES: readonly Words[] = [
  [/^no answer: (.+) \((\d+) attempts?\)$/, (m) => `${networkReasonIn('ko', m[1] ?? '')}, ${m[2]}번 시도`],
  [
    /^still rate limited after (\d+) attempts? \(HTTP 429\)/,
    (m) => `서비스가 계속 천천히 보내 달라고 했습니다, ${m[1]}번 시도`,
  ],
  [
    /^the service failed after (\d+) attempts? \(HTTP (\d+)\): (.*)$/,
    (m) => `서비스 오류 (HTTP ${m[2]}): ${m[3]}, ${m[1]}번 시도`,
  ],
];

/**
 * A refusal of the service in Korean, when there are words for it: the whole answer, or a 422's
 * issues (`path: reason`, joined by `; `) each in Korean where there are words for it.
 */
export function refusalIn(message: string): string | undefined {
  const whole = saidIn(REFUSALS, message);
  const parts = message.split('; ');
  if (whole !== undefined || parts.length === 1) return whole;
  const said = parts.map((part) => saidIn(REFUSALS, part));
  return said.every((part) => part === undefined)
    ? undefined
    : said.map((part, index) => part ?? parts[index]).join('; ');
}

/** One of the service's texts (a refusal, a credentials check's reason), in `lang` where there are words for it. */
export const serviceTextIn = (lang: Lang, text: string): string =>
  lang === 'ko' ? (refusalIn(text) ?? saidIn(NOTES, text) ?? text) : text;

/**
 * A reason of the service's contract without the label its framework puts before a rule's own words
 * (`Value error, `), which tells a person nothing: for a page, where a terminal gives the answer as it came.
 */
export const withoutLabel = (text: string): string => text.replace(/(^|: |; )Value error, /g, '$1');

/**
 * The service's refusal of a record (its answer, and the status it came with), in `lang`: said as a
 * refusal, with its status, in either language.
 */
export function rejectionIn(lang: Lang, message: string, status: number | undefined): string {
  const code = status ? ` (HTTP ${status})` : '';
  return lang === 'ko'
    ? `서비스가 받지 않았습니다${code}: ${refusalIn(message) ?? message}`
    : `The service refused it${code}: ${message}`;
}

/** Why a connection failed, in `lang`. */
export const networkReasonIn = (lang: Lang, reason: string): string =>
  lang === 'ko' ? (saidIn(NETWORK_REASONS, reason) ?? reason) : reason;

/** The upload's words for a record that got no definite answer, in `lang`. */
export const failureIn = (lang: Lang, message: string): string =>
  lang === 'ko' ? (saidIn(FAILURES, message) ?? message) : message;

/** Why a record was not taken (`rejected`: the service's answer; `failed`: what went wrong), in `lang`. */
export function notTakenIn(lang: Lang, outcome: string, message: string): string {
  if (outcome === 'failed') return failureIn(lang, message);
  if (outcome === 'rejected') return serviceTextIn(lang, message);
  return message;
}
