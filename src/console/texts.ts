import { translator, type Texts } from '../web/i18n.js';
import type { Lang } from '../web/lang.js';
import { WEB_TEXTS } from '../web/texts.js';

/** Every text of the console of `intake serve`, in Korean and English. */
const TEXTS = {
  ...WEB_TEXTS,
  app: { en: 'Intake console', ko: 'Intake 콘솔' },
  navConversations: { en: 'Conversations', ko: '대화' },
  navOrders: { en: 'Orders', ko: '주문' },
  navProducts: { en: 'Products', ko: '상품' },
  navJobs: { en: 'Queue', ko: '처리 대기열' },
  navRewards: { en: 'Reviews and rewards', ko: '리뷰와 적립금' },
  navFaults: { en: 'Faults', ko: '장애 주입' },
  navMarketplaces: { en: 'Marketplaces', ko: '마켓 (가짜)' },
  marketplacesTitle: { en: 'Marketplace fakes', ko: '마켓 가짜 API' },
  marketplacesIntro: {
    en: "What this merchant's fakes of Smartstore, Coupang and Cafe24 hold: each order line, its state, and the tracking number pushed to it (how many writes gave it one: 1 when pushed exactly once).",
    ko: '이 판매자의 스마트스토어·쿠팡·카페24 가짜 API에 있는 주문 상품, 상태, 보낸 송장번호입니다 (송장 등록 횟수: 정확히 한 번 보냈으면 1).',
  },
  fakeEmpty: {
    en: 'No orders yet (intake local marketplace seed {name} --sample 5).',
    ko: '아직 주문이 없습니다 (intake local marketplace seed {name} --sample 5).',
  },
  fakeSummary: {
    en: '{lines} lines, {writes} writes received, {requests} requests',
    ko: '주문 상품 {lines}건, 받은 쓰기 {writes}건, 요청 {requests}건',
  },
  lineHeader: { en: 'Order line', ko: '주문 상품' },
  claimHeader: { en: 'Claim', ko: '클레임' },
  writtenHeader: { en: 'Writes', ko: '송장 등록' },
  signedInAs: { en: 'Merchant {merchant}', ko: '판매자 {merchant}' },
  signOut: { en: 'Sign out', ko: '로그아웃' },

  signInTitle: { en: 'Sign in', ko: '로그인' },
  signInIntro: {
    en: "Sign in with a merchant's access key id and secret to see what the service holds and what its bot sends to buyers.",
    ko: '판매자의 액세스 키 ID와 비밀 키로 로그인하면 서비스에 저장된 데이터와 봇이 구매자에게 보내는 메시지를 볼 수 있습니다.',
  },
  accessKeyId: { en: 'Access key id', ko: '액세스 키 ID' },
  secretAccessKey: { en: 'Secret access key', ko: '비밀 액세스 키' },
  signInButton: { en: 'Sign in', ko: '로그인' },

  conversationsTitle: { en: 'Conversations', ko: '대화' },
  searchLabel: {
    en: 'Search by order id, phone, recipient or product',
    ko: '주문번호, 전화번호, 수령인, 상품명으로 검색',
  },
  searchButton: { en: 'Search', ko: '검색' },
  noConversations: {
    en: 'No messages yet: the bot writes once a shipment is applied (or an order is delivered by the merchant itself).',
    ko: '아직 메시지가 없습니다. 송장이 처리되면(또는 직접 배송 주문이면) 봇이 메시지를 보냅니다.',
  },
  noMatch: { en: 'Nothing matches "{q}".', ko: '"{q}"와(과) 일치하는 대화가 없습니다.' },
  messagesCount: { en: '{count} messages', ko: '메시지 {count}개' },
  chooseConversation: {
    en: 'Choose a conversation to read it as the buyer does.',
    ko: '대화를 선택하면 구매자가 보는 그대로 읽을 수 있습니다.',
  },
  conversationWith: { en: 'Messages to {name}', ko: '{name}님에게 보낸 메시지' },
  scheduledTitle: {
    en: 'Scheduled: not on the buyer’s phone yet',
    ko: '예약됨: 아직 구매자에게 보내지 않음',
  },
  kind_shipment: { en: 'Shipping notice', ko: '발송 안내' },
  kind_thanks: { en: 'Thanks for the purchase', ko: '구매 감사' },
  kind_review_request: { en: 'Review request', ko: '리뷰 요청' },
  sentAt: { en: 'sent {at}', ko: '{at} 발송' },
  dueAt: { en: 'due {at} (on the service clock)', ko: '{at} 발송 예정 (서비스 시계 기준)' },
  imageUnavailable: { en: 'Image not loaded:', ko: '이미지를 불러오지 못함:' },
  order: { en: 'Order {id}', ko: '주문 {id}' },
  tracking: { en: '{carrier} {number}', ko: '{carrier} {number}' },

  ordersTitle: { en: 'Orders', ko: '주문' },
  idHeader: { en: 'Id', ko: '번호' },
  /** The queue's own numbering, in arrival order: apart from the record's id. */
  seqHeader: { en: '#', ko: '순번' },
  stateHeader: { en: 'State', ko: '상태' },
  recipientHeader: { en: 'Recipient', ko: '수령인' },
  memberHeader: { en: 'Member', ko: '회원' },
  itemsHeader: { en: 'Items', ko: '품목' },
  shipmentsHeader: { en: 'Shipments', ko: '송장' },
  requestedHeader: { en: 'Requested', ko: '요청 시각' },
  guest: { en: 'guest', ko: '비회원' },
  state_queued: { en: 'queued', ko: '대기' },
  state_applied: { en: 'applied', ko: '처리됨' },
  state_failed: { en: 'failed', ko: '실패' },
  state_scheduled: { en: 'scheduled', ko: '예약' },
  state_sent: { en: 'sent', ko: '발송됨' },
  noOrders: { en: 'No orders yet.', ko: '아직 주문이 없습니다.' },
  orderTitle: { en: 'Order {id}', ko: '주문 {id}' },
  productHeader: { en: 'Product', ko: '상품' },
  optionsHeader: { en: 'Options', ko: '옵션' },
  reviewHeader: { en: 'Review', ko: '리뷰' },
  reviewKind: { en: 'Review kind for {item}', ko: '{item} 리뷰 종류' },
  review_text: { en: 'text', ko: '텍스트' },
  review_photo: { en: 'photo', ko: '사진' },
  review_video: { en: 'video', ko: '동영상' },
  simulateReview: { en: 'Simulate a review of {item}', ko: '{item} 리뷰 시뮬레이션' },
  reviewDone: { en: 'Review added.', ko: '리뷰가 추가되었습니다.' },
  shipmentHistory: { en: 'Shipment history', ko: '배송 이력' },
  noShipments: { en: 'No shipments yet.', ko: '아직 송장이 없습니다.' },
  carrierHeader: { en: 'Carrier', ko: '택배사' },
  trackingHeader: { en: 'Tracking number', ko: '송장번호' },
  createdHeader: { en: 'Created', ko: '생성' },
  messagesTitle: { en: 'Messages', ko: '메시지' },

  productsTitle: { en: 'Products', ko: '상품' },
  nameHeader: { en: 'Name', ko: '상품명' },
  imageHeader: { en: 'Image', ko: '이미지' },
  refreshedHeader: { en: 'Refreshed', ko: '갱신' },
  noProducts: { en: 'No products yet.', ko: '아직 상품이 없습니다.' },

  jobsTitle: { en: 'Queue of creates', ko: '생성 요청 대기열' },
  kindHeader: { en: 'Kind', ko: '종류' },
  receivedHeader: { en: 'Received', ko: '접수' },
  dueHeader: { en: 'Applies at', ko: '처리 예정' },
  reasonHeader: { en: 'Reason', ko: '사유' },
  noJobs: { en: 'Nothing was sent yet.', ko: '아직 요청이 없습니다.' },
  jobKind_order: { en: 'order', ko: '주문' },
  jobKind_product: { en: 'product', ko: '상품' },
  jobKind_shipment: { en: 'shipment', ko: '송장' },

  rewardsTitle: { en: 'Reviews and rewards', ko: '리뷰와 적립금' },
  pointsHeader: { en: 'Points', ko: '적립금' },
  noReviews: {
    en: 'No reviews yet: simulate one from an order.',
    ko: '아직 리뷰가 없습니다. 주문 화면에서 리뷰를 시뮬레이션하세요.',
  },
  noReward: { en: 'none (guest)', ko: '없음 (비회원)' },

  clockTitle: { en: 'Service clock', ko: '서비스 시계' },
  clockNow: { en: 'Now on the service: {now}', ko: '서비스 현재 시각: {now}' },
  advanceBy: { en: 'Advance the clock by', ko: '시계를 앞으로' },
  advanceButton: { en: 'Advance', ko: '앞당기기' },
  applyButton: { en: 'Apply the queue now', ko: '대기열 지금 처리' },
  clockRan: {
    en: 'Now {now}: {applied} applied, {failed} failed, {sent} messages sent.',
    ko: '현재 {now}: {applied}건 처리, {failed}건 실패, 메시지 {sent}건 발송.',
  },

  faultsTitle: { en: 'Faults on demand', ko: '장애 주입' },
  faultsIntro: {
    en: "A share of requests to the service's /api/ gets a fault, to see how your client copes. The console and /local/ are never touched.",
    ko: '서비스의 /api/ 요청 일부에 장애를 주입해 클라이언트가 어떻게 대처하는지 확인합니다. 콘솔과 /local/은 영향을 받지 않습니다.',
  },
  faultsNone: { en: 'No faults in force.', ko: '주입 중인 장애가 없습니다.' },
  whereHeader: { en: 'Where', ko: '대상' },
  faultHeader: { en: 'Fault', ko: '장애' },
  shareHeader: { en: 'Share', ko: '비율' },
  injectedHeader: { en: 'Injected', ko: '주입 횟수' },
  allRequests: { en: 'all requests', ko: '모든 요청' },
  specLabel: { en: 'Faults (as for intake serve --faults)', ko: '장애 설정 (intake serve --faults 형식)' },
  specHint: {
    en: 'For example 503:10%,429:5%,latency:50-200ms,POST /api/v1/orders/=drop-after-commit:1% (also 500, stall, drop-before-commit).',
    ko: '예: 503:10%,429:5%,latency:50-200ms,POST /api/v1/orders/=drop-after-commit:1% (500, stall, drop-before-commit도 가능).',
  },
  setFaults: { en: 'Put in force', ko: '적용' },
  clearFaults: { en: 'Clear all faults', ko: '모든 장애 해제' },

  notFound: {
    en: 'There is no such page, or it is not this merchant’s.',
    ko: '해당 페이지가 없거나 이 판매자의 데이터가 아닙니다.',
  },
  refusedOrigin: {
    en: 'A form from another site cannot act on the console.',
    ko: '다른 사이트의 요청은 콘솔에서 처리하지 않습니다.',
  },
  pages: { en: 'Pages', ko: '페이지' },
  shownOf: { en: '{shown} of {total}, newest first', ko: '전체 {total}건 중 {shown}건 (최신순)' },
  newest: { en: 'Newest', ko: '최신' },
  older: { en: 'Older', ko: '이전' },
  navRequests: { en: 'Requests', ko: '요청 기록' },
  requestsTitle: { en: 'Requests to the service', ko: '서비스로 보낸 요청' },
  requestsIntro: {
    en: "Every request your systems sent to the service's API, as it arrived and was answered: headers (the secret never), bodies, status, the fault injected, the time taken. The newest come in by themselves.",
    ko: '시스템이 서비스 API로 보낸 모든 요청을 받은 그대로, 응답과 함께 보여 줍니다: 헤더(비밀 키는 제외), 본문, 상태, 주입된 장애, 걸린 시간. 새 요청은 저절로 추가됩니다.',
  },
  noRequests: {
    en: 'No requests yet: send one to /api/ with this merchant’s credentials.',
    ko: '아직 요청이 없습니다. 이 판매자의 인증 정보로 /api/에 요청을 보내 보세요.',
  },
  methodHeader: { en: 'Method', ko: '메서드' },
  pathHeader: { en: 'Path', ko: '경로' },
  statusHeader: { en: 'Status', ko: '상태 코드' },
  durationHeader: { en: 'Time', ko: '소요 시간' },
  requestIdHeader: { en: 'Request id', ko: '요청 ID' },
  detailsHeader: { en: 'Details', ko: '자세히' },
  requestBody: { en: 'Request', ko: '요청' },
  answerBody: { en: 'Answer', ko: '응답' },
  noBody: { en: '(no body)', ko: '(본문 없음)' },
  buyersTotal: {
    en: '{shown} of {total} buyers, latest first',
    ko: '구매자 {total}명 중 {shown}명 (최근 순)',
  },
  live: {
    en: 'New messages appear here as the bot sends them.',
    ko: '봇이 보내는 새 메시지가 여기에 바로 표시됩니다.',
  },
} as const satisfies Texts;

export type ConsoleText = keyof typeof TEXTS;

/** The console's texts in one language. */
export const consoleTexts = (lang: Lang) => translator(TEXTS, lang);
export type ConsoleT = ReturnType<typeof consoleTexts>;
