import { saidIn, type Words } from '../util/said-in.js';
import type { Lang } from '../util/terminal-lang.js';

// A push's reasons for a line it did not simply push, as the connectors say them (English, for the
// terminal and the JSON lines), in Korean for the page. A marketplace's own answer (Naver's and
// Coupang's texts are Korean already) is kept as it came.

/** `10 or 12 digits, as Coupang lists them` and the like, in Korean. */
function ruleIn(rule: string): string {
  return rule
    .replace(/, as Coupang lists them$/, ', 쿠팡 기준')
    .replace(/\be\.g\.\s*/, '예: ')
    .replace(/(\d+) to (\d+) digits/, '$1~$2자리 숫자')
    .replace(/(\d+) to (\d+) characters/, '$1~$2자')
    .replace(/ or /g, ' 또는 ')
    .replace(/ digits\b/, '자리 숫자')
    .replace(/ characters\b/, '자');
}

const none = (text: string | undefined) => (text === 'none' || !text ? '없음' : text);

const PUSH_WORDS: readonly Words[] = [
  [
    /^tracking number (.+) is (\d+) characters? long \((.+)\)$/,
    (m) => `송장번호 ${m[1]}은(는) ${m[2]}자입니다 (${ruleIn(m[3] as string)})`,
  ],
  [
    /^tracking number (.+) has characters other than digits \((.+)\)$/,
    (m) => `송장번호 ${m[1]}에 숫자가 아닌 문자가 있습니다 (${ruleIn(m[2] as string)})`,
  ],
  [
    /^carrier (.+) has no (Naver|Coupang) code \(see intake carriers\)$/,
    (m) => `택배사 ${m[1]}에 맞는 ${m[2] === 'Naver' ? '네이버' : '쿠팡'} 택배사 코드가 없습니다`,
  ],
  [/^carrier (.+) is not in the crosswalk$/, (m) => `택배사 ${m[1]}은(는) 택배사 대조표에 없습니다`],
  [
    /^the mall has no carrier named (.+) \(it has: (.*)\)$/,
    (m) => `쇼핑몰에 ${m[1]} 택배사가 없습니다 (있는 택배사: ${none(m[2])})`,
  ],
  [/^a Cafe24 tracking number has at most 40 characters$/, () => '카페24 송장번호는 40자까지입니다'],
  [
    /^a delivery of your own has no Cafe24 shipment here$/,
    () => '직접 배송은 카페24 배송으로 보낼 수 없습니다',
  ],
  [
    /^a delivery of your own has no Coupang invoice here/,
    () => '직접 배송은 쿠팡 송장으로 보낼 수 없습니다 (DIRECT에는 별도 번호가 필요합니다)',
  ],
  [/^Naver does not know this product order$/, () => '네이버에 없는 상품주문입니다'],
  [/^Coupang does not know this shipment box$/, () => '쿠팡에 없는 묶음배송입니다'],
  [/^Cafe24 does not know this order item$/, () => '카페24에 없는 주문 상품입니다'],
  [/^Naver has this dispatch already$/, () => '네이버에 이미 발송처리되어 있습니다'],
  [/^Coupang has this invoice already$/, () => '쿠팡에 이미 이 송장이 있습니다'],
  [
    /^a cancel is under way \((.+)\): not dispatched$/,
    (m) => `취소가 진행 중이라 (${m[1]}) 발송처리하지 않았습니다`,
  ],
  [
    /^already dispatched with another tracking number \((.*)\)$/,
    (m) => `다른 송장번호(${none(m[1])})로 이미 발송처리되어 있습니다`,
  ],
  [/^its status is (.+): not dispatched$/, (m) => `상태가 ${m[1]}이라 발송처리하지 않았습니다`],
  [
    /^its status does not allow a dispatch now: (.*)$/,
    (m) => `지금 상태로는 발송처리할 수 없습니다: ${m[1]}`,
  ],
  [/^the answer does not name this (line|box)$/, () => '마켓의 응답에 이 건이 없습니다'],
  [
    /^the box could not be read after it was acknowledged$/,
    () => '발주 확인 뒤 묶음배송을 다시 읽지 못했습니다',
  ],
  [/^cancelled since: (.*)$/, (m) => `그사이 취소되었습니다: ${m[1]}`],
  [
    /^an item of the box is cancelled or waiting for a cancel: not shipped$/,
    () => '묶음배송의 상품 중 취소되었거나 취소를 기다리는 것이 있어 발송하지 않았습니다',
  ],
  [
    /^the box is (\S+) with another invoice number \((.*)\)$/,
    (m) => `묶음배송이 ${m[1]} 상태이고 다른 송장번호(${none(m[2])})가 있습니다`,
  ],
  [/^the box is (\S+): not shipped$/, (m) => `묶음배송이 ${m[1]} 상태라 발송하지 않았습니다`],
  [
    /^the items of one box carry different tracking numbers/,
    () => '한 묶음배송의 상품에 서로 다른 송장번호가 있습니다. 묶음배송 하나는 송장 하나로 보냅니다',
  ],
  [
    /^the box's items ship together, and (\d+) of them have no tracking number here$/,
    (m) => `묶음배송의 상품은 함께 발송되는데, 그중 ${m[1]}개에 송장번호가 없습니다`,
  ],
  [
    /^the item is (\S+) \(a cancel, return or exchange\): not shipped$/,
    (m) => `주문 상품이 ${m[1]} 상태(취소, 반품 또는 교환)라 발송하지 않았습니다`,
  ],
  [
    /^no answer(?: to the (?:dispatch|invoice upload))? \((.*)\); the next push asks again$/,
    (m) => `응답이 없었습니다 (${m[1]}). 다음에 송장번호를 보낼 때 다시 확인합니다`,
  ],
  [
    /^the dispatch was not applied \((.*)\); the next push tries again$/,
    (m) => `발송처리가 적용되지 않았습니다 (${m[1]}). 다음에 송장번호를 보낼 때 다시 보냅니다`,
  ],
];

/** A push's reason for a line, in `lang` where there are words for it. */
export function pushMessageIn(lang: Lang, message: string): string {
  return lang === 'ko' ? (saidIn(PUSH_WORDS, message) ?? message) : message;
}
