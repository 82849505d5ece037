import type { Factory } from '../../cli/factory.js';
import { errorLineKo } from '../../cli/error-words.js';
import { originKo } from '../../cli/support-words-ko.js';
import type { MarketplaceErrorKind } from '../../marketplaces/errors.js';
import { MARKETPLACE_LABELS, MARKETPLACE_NAMES, type Marketplace } from '../../marketplaces/names.js';
import { MARKET_FACT_WORDS, MARKET_PROBLEM_WORDS } from '../../marketplaces/problem-words.js';
import { count, counting } from '../../util/count.js';
import { terminalLang } from '../../util/terminal-lang.js';
import type { StatusNotice } from '../../marketplaces/key-expiry.js';

/**
 * A marketplace's state: answered, not asked, not set up, its keys in a keychain that could not be read
 * (locked), or how asking it failed.
 */
export type StatusState =
  'ok' | 'not_checked' | 'no_credentials' | 'keychain_unreadable' | MarketplaceErrorKind;

/** What the command tells a person: its table's cells for people, and its warnings on stderr. */
export interface StatusWords {
  marketplace: (marketplace: Marketplace) => string;
  /** Where its keys come from; none, or unknown where the keychain could not be read. */
  credentials: (origin: string | null, state: StatusState) => string;
  state: (state: string) => string;
  notice: (notice: StatusNotice) => string;
  /** A marketplace that did not answer as asked: what that means, its code, and its message. */
  problem: (marketplace: Marketplace, kind: MarketplaceErrorKind, message: string, code?: string) => string;
  /** Its keys may be in a keychain that could not be read: the keychain's error, and what to do. */
  unreadable: (marketplace: Marketplace, message: string, hint: string) => string;
}

/** A warning in English: the command's JSON `warnings`, and its lines on an English terminal. */
export const englishNotice = (notice: StatusNotice): string => {
  switch (notice.kind) {
    case 'keys_expired':
      return `the keys expired on ${notice.on}: issue new ones in Wing, then intake marketplace login coupang`;
    case 'keys_expiring':
      return `the keys expire in ${counting(notice.days, 'day')}, on ${notice.on}: issue new ones in Wing before then`;
    case 'keys_issued_unknown':
      return 'when the keys were issued is not known (intake marketplace login coupang --key-issued DATE)';
    case 'sign_in_ends':
      return `the sign-in ends on ${notice.on} unless a pull or push refreshes it before`;
  }
};

/** The credentials' cell in English (a pipe's and CSV's value too): none, or unknown (keychain locked). */
export const englishCredentials = (origin: string | null, state: StatusState): string =>
  origin ?? (state === 'keychain_unreadable' ? 'unknown' : 'none');

const ENGLISH: StatusWords = {
  marketplace: (marketplace) => MARKETPLACE_LABELS[marketplace],
  credentials: englishCredentials,
  state: (state) => state,
  notice: englishNotice,
  problem: (marketplace, _kind, message) => `${MARKETPLACE_LABELS[marketplace]}: ${message}`,
  unreadable: (marketplace, message, hint) => `${MARKETPLACE_LABELS[marketplace]}: ${message}\n  ${hint}`,
};

const KOREAN_STATES: Readonly<Record<StatusState, string>> = {
  ok: '정상',
  not_checked: '확인 안 함',
  no_credentials: '설정 안 됨',
  keychain_unreadable: '키체인 잠김',
  blocked: '접근 거부',
  auth: '인증 거부',
  refused: '요청 거부',
  busy: '바쁨',
  unreachable: '연결 안 됨',
  answer: '알 수 없는 응답',
};

const KOREAN: StatusWords = {
  marketplace: (marketplace) => MARKETPLACE_NAMES[marketplace].ko,
  credentials: (origin, state) => {
    if (origin !== null) return originKo(origin);
    return state === 'keychain_unreadable' ? '알 수 없음' : '없음';
  },
  state: (state) => KOREAN_STATES[state as StatusState] ?? state,
  notice: (notice) => {
    switch (notice.kind) {
      case 'keys_expired':
        return `키가 ${notice.on}에 만료되었습니다. Wing에서 새로 발급한 뒤 intake marketplace login coupang을 실행하세요`;
      case 'keys_expiring':
        return `키가 ${count(notice.days)}일 뒤(${notice.on})에 만료됩니다. 그 전에 Wing에서 새로 발급하세요`;
      case 'keys_issued_unknown':
        return '키를 발급한 날짜를 모릅니다 (intake marketplace login coupang --key-issued 날짜)';
      case 'sign_in_ends':
        return `그 전에 가져오거나 보내서 갱신하지 않으면 로그인이 ${notice.on}에 끝납니다`;
    }
  },
  problem: (marketplace, kind, message, code) => {
    const name = MARKETPLACE_NAMES[marketplace].ko;
    // The page sends a refusal of the keys here; here it is said alone.
    const sentence =
      kind === 'auth'
        ? `${name}에서 인증 정보를 거부했습니다.`
        : MARKET_PROBLEM_WORDS[kind].ko.replace('{name}', name);
    const facts = code === undefined ? '' : ` (${MARKET_FACT_WORDS.code.ko.replace('{code}', code)})`;
    return `${sentence}${facts}\n  자세한 내용: ${message}`;
  },
  unreadable: (marketplace, message, hint) =>
    `${MARKETPLACE_NAMES[marketplace].ko}: ${errorLineKo(message)}\n  ${errorLineKo(hint)}`,
};

export const statusWords = (f: Factory): StatusWords => (terminalLang(f.env) === 'ko' ? KOREAN : ENGLISH);
