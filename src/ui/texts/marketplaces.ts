import { MARKET_PROBLEM_WORDS } from '../../marketplaces/problem-words.js';
import { NOT_SENT_WORDS, PUSH_OUTCOME_WORDS } from '../../marketplaces/run-words.js';
import type { Texts } from '../../web/i18n.js';

/** The texts of the marketplaces page: pull orders, push tracking numbers. */
export const MARKETPLACES_TEXTS = {
  navMarketplaces: { en: 'Marketplaces', ko: '마켓 연동' },
  marketplacesTitle: { en: 'Orders from the marketplaces', ko: '마켓 주문 가져오기' },
  marketplacesIntro: {
    en: 'Pull new paid orders straight from the marketplace: they are checked and sent like an uploaded file. Once shipped, push the tracking numbers back; each order line gets its number once.',
    ko: '마켓에서 새로 결제된 주문을 바로 가져옵니다. 올린 파일과 똑같이 검사하고 보냅니다. 발송한 뒤에는 송장번호를 마켓에 보내세요. 주문 상품마다 한 번씩만 보냅니다.',
  },
  marketSetUp: { en: 'Keys from {from}', ko: '인증 정보: {from}' },
  from_env: { en: 'the environment', ko: '환경 변수' },
  from_keychain: { en: 'the OS keychain', ko: '운영체제 키체인' },
  from_file: { en: 'the config file', ko: '설정 파일' },
  marketKeychainLocked: {
    en: 'Its keys may be kept in the OS keychain, which could not be read (it may be locked): unlock it, then open this page again.',
    ko: '인증 정보가 운영체제 키체인에 있을 수 있지만 키체인을 읽을 수 없습니다 (잠겨 있을 수 있음). 잠금을 푼 뒤 이 페이지를 다시 여세요.',
  },
  marketNotSetUp: {
    en: 'Not set up yet: enter its keys below.',
    ko: '아직 연동되지 않았습니다. 아래에 인증 정보를 입력하세요.',
  },
  marketHeld: {
    en: 'The tokens the mall gave are held here until intake ui stops, not kept yet: keep them below.',
    ko: '쇼핑몰에서 받은 토큰을 아직 보관하지 않았습니다. intake ui를 끌 때까지 여기에만 있으니 아래에서 보관하세요.',
  },
  lastPull: { en: 'Last pull: {when}', ko: '마지막 가져오기: {when}' },
  neverPulled: {
    en: 'Never pulled (the first pull reads the last 24 hours)',
    ko: '아직 가져온 적 없음 (처음에는 최근 24시간을 읽습니다)',
  },
  pullButton: { en: 'Pull orders from {name}', ko: '{name} 주문 가져오기' },
  pushButton: { en: 'Push tracking numbers to {name}', ko: '{name}에 송장번호 보내기' },
  pulledLabel: { en: '{name} orders, {when}', ko: '{name} 주문 ({when})' },
  pulledNothing: {
    en: '{name}: no new orders to send (order lines read: {lines}).',
    ko: '{name}: 보낼 새 주문이 없습니다 (주문 상품 {lines}건 확인).',
  },
  notSentIntro: {
    en: '{count} order lines were not sent:',
    ko: '주문 상품 {count}건은 보내지 않았습니다:',
  },
  notSentIntro_one: {
    en: '1 order line was not sent:',
    ko: '주문 상품 1건은 보내지 않았습니다:',
  },
  reason_cancelled: NOT_SENT_WORDS.cancelled,
  reason_claimed: NOT_SENT_WORDS.claimed,
  reason_waiting: NOT_SENT_WORDS.waiting,
  reason_relay_phone: NOT_SENT_WORDS.relay_phone,
  reason_no_phone: NOT_SENT_WORDS.no_phone,
  notSentLine: {
    en: 'order {order}: {count} lines, {reason} ({detail})',
    ko: '주문 {order}: {count}건, {reason} ({detail})',
  },
  notSentLine_one: {
    en: 'order {order}: 1 line, {reason} ({detail})',
    ko: '주문 {order}: 1건, {reason} ({detail})',
  },
  uploadTracking: { en: 'Upload tracking numbers', ko: '송장번호 올리기' },
  pushTitle: { en: 'Tracking numbers pushed to {name}', ko: '{name}에 보낸 송장번호' },
  pushNothing: {
    en: 'Nothing to push: every pulled line with a tracking number here is already pushed or settled. Upload the tracking numbers of the others first (a dispatch sheet or a file of shipments), then push.',
    ko: '보낼 송장번호가 없습니다. 송장번호가 있는 주문 상품은 모두 이미 보냈거나 처리되었습니다. 나머지는 송장번호(발송처리 파일이나 송장 파일)를 먼저 올린 뒤 보내세요.',
  },
  push_pushed: PUSH_OUTCOME_WORDS.pushed,
  push_already_pushed: PUSH_OUTCOME_WORDS.already_pushed,
  push_skipped: PUSH_OUTCOME_WORDS.skipped,
  push_refused: PUSH_OUTCOME_WORDS.refused,
  push_failed: PUSH_OUTCOME_WORDS.failed,
  orderHeader: { en: 'Order', ko: '주문번호' },
  lineHeader: { en: 'Order line', ko: '주문 상품' },
  trackingHeader: { en: 'Tracking number', ko: '송장번호' },
  marketMessageHeader: { en: 'What the marketplace said', ko: '마켓 응답' },
  market_blocked: MARKET_PROBLEM_WORDS.blocked,
  market_auth: MARKET_PROBLEM_WORDS.auth,
  market_refused: MARKET_PROBLEM_WORDS.refused,
  market_busy: MARKET_PROBLEM_WORDS.busy,
  market_unreachable: MARKET_PROBLEM_WORDS.unreachable,
  market_answer: MARKET_PROBLEM_WORDS.answer,
  marketDetail: { en: 'Details: {detail}', ko: '자세한 내용: {detail}' },
  keysEnter: { en: 'Enter the keys', ko: '인증 정보 입력' },
  keysChange: { en: 'Change the keys', ko: '인증 정보 바꾸기' },
  keysIntro: {
    en: 'As the marketplace issued them; they are checked with it before they are kept, and kept for this profile only.',
    ko: '마켓에서 발급받은 그대로 적으세요. 마켓에 확인한 뒤 이 프로필에만 보관합니다.',
  },
  keysEnvironment: {
    en: 'The keys come from environment variables, which win over keys entered here.',
    ko: '인증 정보를 환경 변수에서 가져옵니다. 여기서 입력한 것보다 환경 변수가 우선합니다.',
  },
  keysIntroCafe24: {
    en: "The app's keys from the Cafe24 developers' center, then the mall's consent in a browser; kept for this profile only once the mall takes them. The redirect address is the one registered for the app (empty: the profile's, else http://127.0.0.1:8767/cafe24/callback).",
    ko: '카페24 개발자센터의 앱 인증 정보를 적은 뒤 브라우저에서 쇼핑몰의 동의를 받습니다. 쇼핑몰에서 확인한 뒤 이 프로필에만 보관합니다. 리디렉션 주소는 앱에 등록한 주소입니다 (비우면 프로필의 주소, 없으면 http://127.0.0.1:8767/cafe24/callback).',
  },
  key_cafe24_mallId: { en: 'Mall ID', ko: '쇼핑몰 ID' },
  key_cafe24_clientId: { en: 'App client ID', ko: '클라이언트 ID (Client ID)' },
  key_cafe24_clientSecret: { en: 'App client secret', ko: '클라이언트 시크릿 (Client Secret)' },
  key_cafe24_redirectUri: { en: 'Redirect URI (optional)', ko: '리디렉션 주소 (선택)' },
  key_cafe24_code: { en: 'The code (code=…)', ko: 'code 값 (code=…)' },
  keysToConsent: { en: "Go to the mall's consent", ko: '쇼핑몰 동의로 넘어가기' },
  keysConsent: {
    en: 'Open the consent page, sign in to the mall and allow Intake (orders, products, shipping). The mall then sends the browser to {redirect}: paste the code=… value of that address here.',
    ko: '동의 페이지를 열어 쇼핑몰에 로그인하고 Intake를 허용하세요 (주문, 상품, 배송). 그러면 쇼핑몰이 브라우저를 {redirect}(으)로 보냅니다. 그 주소의 code=… 값을 여기에 붙여 넣으세요.',
  },
  keysConsentWaiting: {
    en: 'Open the consent page, sign in to the mall and allow Intake (orders, products, shipping). The mall then sends the browser back to Intake at {redirect}, which takes the code itself: this page moves on when it has. Should the browser show an error there instead, paste the code=… value of that address here.',
    ko: '동의 페이지를 열어 쇼핑몰에 로그인하고 Intake를 허용하세요 (주문, 상품, 배송). 그러면 쇼핑몰이 브라우저를 {redirect}(으)로 돌려보내고, Intake가 그곳에서 코드를 직접 받습니다. 받으면 이 페이지가 저절로 넘어갑니다. 그 대신 브라우저에 오류가 보이면 그 주소의 code=… 값을 여기에 붙여 넣으세요.',
  },
  keysConsentAgain: {
    en: "The mall's code is spent: enter the app's client secret and open the consent again.",
    ko: '쇼핑몰의 코드는 이미 쓰였습니다. 앱의 클라이언트 시크릿을 다시 적고 동의를 다시 여세요.',
  },
  keysConsentLink: { en: "The mall's consent page (opens in a new tab)", ko: '쇼핑몰 동의 페이지 (새 탭)' },
  keysNoConsent: {
    en: "Start again from the mall ID: this page no longer holds the app's keys (intake ui was restarted).",
    ko: '쇼핑몰 ID부터 다시 적으세요. intake ui가 다시 시작되어 앱 인증 정보가 남아 있지 않습니다.',
  },
  notice_keys_expired: {
    en: 'The keys expired on {on}: issue new ones in Wing and enter them below.',
    ko: '키가 {on}에 만료되었습니다. Wing에서 새로 발급해 아래에 입력하세요.',
  },
  notice_keys_expiring: {
    en: 'The keys expire in {count} days, on {on}: issue new ones in Wing before then and enter them below.',
    ko: '키가 {count}일 뒤({on})에 만료됩니다. 그 전에 Wing에서 새로 발급해 아래에 입력하세요.',
  },
  notice_keys_expiring_one: {
    en: 'The keys expire in 1 day, on {on}: issue new ones in Wing before then and enter them below.',
    ko: '키가 1일 뒤({on})에 만료됩니다. 그 전에 Wing에서 새로 발급해 아래에 입력하세요.',
  },
  notice_keys_issued_unknown: {
    en: 'When the keys were issued is not known, so when they end cannot be told: enter them again below with their issue date.',
    ko: '키 발급일을 몰라 언제 만료되는지 알 수 없습니다. 아래에 발급일과 함께 다시 입력하세요.',
  },
  notice_sign_in_ends: {
    en: 'The sign-in ends on {on} unless a pull or push refreshes it before.',
    ko: '그 전에 가져오거나 보내서 갱신하지 않으면 로그인이 {on}에 끝납니다.',
  },
  keysSave: { en: 'Check and keep the keys', ko: '확인하고 보관하기' },
  key_naver_clientId: { en: 'Application ID', ko: '애플리케이션 ID' },
  key_naver_clientSecret: { en: 'Application secret', ko: '애플리케이션 시크릿' },
  key_coupang_vendorId: { en: 'Vendor ID (A0…)', ko: '업체코드 (A0…)' },
  key_coupang_accessKey: { en: 'Access key', ko: '액세스 키' },
  key_coupang_secretKey: { en: 'Secret key', ko: '시크릿 키' },
  key_coupang_keyIssuedAt: {
    en: 'Issued on (keys last 180 days; empty: today)',
    ko: '발급일 (키는 180일 동안 씁니다. 비우면 오늘)',
  },
  keysMissing: { en: 'Fill in: {fields}.', ko: '다음을 적으세요: {fields}.' },
  keysNaverSecret: {
    en: 'A Naver application secret looks like $2a$10$ and 22 characters: copy it again from the Commerce API Center (애플리케이션 상세).',
    ko: '네이버 애플리케이션 시크릿은 $2a$10$ 뒤에 22자가 붙은 모양입니다. 커머스API센터의 애플리케이션 상세에서 다시 복사하세요.',
  },
  keysIssuedDate: {
    en: 'The issue date must be a date such as 2026-11-25.',
    ko: '발급일은 2026-11-25 같은 날짜여야 합니다.',
  },
  keysKept: {
    en: '{name} took the keys; they are kept in {from} for this profile.',
    ko: '{name}에서 인증 정보를 확인했습니다. 이 프로필용으로 {from}에 보관했습니다.',
  },
  keysRefused: {
    en: '{name} refused these keys: check each one and enter them again.',
    ko: '{name}에서 이 인증 정보를 거부했습니다. 하나씩 확인하고 다시 적으세요.',
  },
  keysKeychainFailed: {
    en: 'The OS keychain did not keep the keys (locked, or not answering): unlock it and enter them again.',
    ko: '운영체제 키체인에 인증 정보를 보관하지 못했습니다 (잠겨 있거나 응답하지 않음). 잠금을 풀고 다시 입력하세요.',
  },
  keysHeld: {
    en: "The OS keychain did not keep Cafe24's tokens (locked, or not answering). The mall's code is spent, but its tokens are held here until intake ui stops: unlock the keychain, then keep them.",
    ko: '운영체제 키체인에 카페24 토큰을 보관하지 못했습니다 (잠겨 있거나 응답하지 않음). 쇼핑몰의 코드는 이미 쓰였지만 받은 토큰은 intake ui를 끌 때까지 여기에 있습니다. 키체인 잠금을 풀고 보관하세요.',
  },
  keysKeepHeld: { en: 'Keep the tokens', ko: '토큰 보관하기' },
  keysNothingChanged: {
    en: 'Nothing was kept; keys kept before are still used.',
    ko: '아무것도 보관하지 않았습니다. 전에 보관한 인증 정보가 있으면 그대로 씁니다.',
  },
} as const satisfies Texts;
