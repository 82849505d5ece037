import type { Lang } from '../util/terminal-lang.js';
import type { Marketplace } from './names.js';
import { MARKETPLACE_LABELS, MARKETPLACE_NAMES } from './names.js';
import type { PushOutcomeKind } from './connector.js';
import type { NotSent, NotSentReason } from './pull.js';
import { pushMessageIn } from './push-words.js';
import { count, counting } from '../util/count.js';

// What `intake pull` and `intake push` tell the person at the terminal (stderr), in English or, on a
// Korean terminal (LANG=ko_KR…), in Korean, as the upload's own lines are. Data on stdout and the JSON
// lines keep English names and messages: scripts read them.

const koreanName = (marketplace: Marketplace) => MARKETPLACE_NAMES[marketplace].ko;

/** Why a pulled line was not sent, in words: the page's and a Korean terminal's. */
export const NOT_SENT_WORDS = {
  cancelled: { en: 'cancelled', ko: '취소됨' },
  claimed: { en: 'a claim (return, exchange) is open', ko: '반품·교환 요청 중' },
  waiting: { en: 'not paid yet', ko: '결제 대기' },
  relay_phone: { en: 'a relay phone the bot cannot reach', ko: '안심번호라 메시지를 보낼 수 없음' },
  no_phone: { en: 'no phone', ko: '전화번호 없음' },
} as const satisfies Record<NotSentReason, { en: string; ko: string }>;

/** How a line's push ended, in words: the page's and a Korean terminal's. */
export const PUSH_OUTCOME_WORDS = {
  pushed: { en: 'pushed', ko: '보냄' },
  already_pushed: { en: 'already there', ko: '이미 등록됨' },
  skipped: { en: 'skipped', ko: '건너뜀' },
  refused: { en: 'refused', ko: '거부됨' },
  failed: { en: 'failed (push again)', ko: '실패 (다시 보내기)' },
} as const satisfies Record<PushOutcomeKind, { en: string; ko: string }>;

/** The words of one language for a pull's and a push's lines. */
export interface RunWords {
  pulling(marketplace: Marketplace, since: string): string;
  found(lines: number, orders: number, notSent: number): string;
  notSent(entry: NotSent): string;
  looked(marketplace: Marketplace, found: number, looked: number, noImage: readonly string[]): string;
  pushing(marketplace: Marketplace, lines: number): string;
  nothingToPush(marketplace: Marketplace): string;
  wouldPush(marketplace: Marketplace, lines: number): string;
  pushed(orderId: string, lineId: string, outcome: PushOutcomeKind, message: string): string;
}

const some = (ids: readonly string[]) => `${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}`;

const ENGLISH: RunWords = {
  pulling: (marketplace, since) =>
    `Pulling ${MARKETPLACE_LABELS[marketplace]} orders changed since ${since}…`,
  found: (lines, orders, notSent) =>
    `${counting(lines, 'order line')} found: ${counting(orders, 'order')} to send, ${counting(notSent, 'line')} not sent.`,
  notSent: ({ orderId, lineIds, reason, detail }) =>
    `order ${orderId}: ${counting(lineIds.length, 'line')} not sent (${reason}: ${detail})`,
  looked: (marketplace, found, looked, noImage) =>
    `${count(found)} of ${count(looked)} products looked up in ${MARKETPLACE_LABELS[marketplace]}'s product API and kept in the catalog` +
    (noImage.length ? `; no image for ${some(noImage)} (intake catalog set)` : ''),
  pushing: (marketplace, lines) =>
    `Pushing ${counting(lines, 'tracking number line')} to ${MARKETPLACE_LABELS[marketplace]}…`,
  nothingToPush: (marketplace) =>
    `Nothing to push to ${MARKETPLACE_LABELS[marketplace]}: every line pulled from it that has a tracking number here is pushed or settled. Upload the tracking numbers of the others first (intake shipment create FILE), then push.`,
  wouldPush: (marketplace, lines) =>
    `${counting(lines, 'line')} would be pushed to ${MARKETPLACE_LABELS[marketplace]} (dry run: nothing sent).`,
  pushed: (orderId, lineId, outcome, message) => `${orderId} line ${lineId}: ${outcome}: ${message}`,
};

const KOREAN: RunWords = {
  pulling: (marketplace, since) => `${koreanName(marketplace)}에서 ${since} 이후 바뀐 주문을 가져옵니다…`,
  found: (lines, orders, notSent) =>
    `주문 상품 ${lines}건을 찾았습니다: 보낼 주문 ${orders}건, 보내지 않는 주문 상품 ${notSent}건.`,
  notSent: ({ orderId, lineIds, reason, detail, phone }) =>
    `주문 ${orderId}: ${lineIds.length}건을 보내지 않습니다 (${NOT_SENT_WORDS[reason].ko}: ${phone ?? detail})`,
  looked: (marketplace, found, looked, noImage) =>
    `상품 ${looked}개 중 ${found}개를 ${koreanName(marketplace)} 상품 API에서 찾아 상품 목록에 넣었습니다` +
    (noImage.length ? `. 이미지가 없는 상품: ${some(noImage)} (intake catalog set으로 넣으세요)` : ''),
  pushing: (marketplace, lines) => `${koreanName(marketplace)}에 송장번호 ${lines}건을 보냅니다…`,
  nothingToPush: (marketplace) =>
    `${koreanName(marketplace)}에 보낼 송장번호가 없습니다. 가져온 주문 상품 중 송장번호가 있는 것은 모두 보냈거나 처리되었습니다. 나머지는 송장번호를 먼저 올린 뒤(intake shipment create FILE) 보내세요.`,
  wouldPush: (marketplace, lines) =>
    `${koreanName(marketplace)}에 ${lines}건을 보낼 것입니다 (시험 실행: 아무것도 보내지 않았습니다).`,
  pushed: (orderId, lineId, outcome, message) =>
    `주문 ${orderId}, 주문 상품 ${lineId}: ${PUSH_OUTCOME_WORDS[outcome].ko}: ${pushMessageIn('ko', message)}`,
};

/** The words of a pull's and a push's lines in `lang`. */
export const runWords = (lang: Lang): RunWords => (lang === 'ko' ? KOREAN : ENGLISH);
