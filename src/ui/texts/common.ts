import { UPLOAD_STATE_WORDS } from '../../bulk/index.js';
import type { Texts } from '../../web/i18n.js';
import { WEB_TEXTS } from '../../web/texts.js';

/** The texts every page of `intake ui` shares: the frame, refusals, errors. */
export const COMMON = {
  ...WEB_TEXTS,
  app: { en: 'Intake', ko: 'Intake' },
  navUpload: { en: 'Upload', ko: '업로드' },
  navCatalog: { en: 'Products', ko: '상품 목록' },
  navHistory: { en: 'History', ko: '업로드 기록' },
  navStatus: { en: 'Connection', ko: '연결 상태' },
  shop: { en: '{name}', ko: '{name}' },
  shopOf: { en: '{profile} · shop {merchant}', ko: '{profile} · 상점 {merchant}' },
  healthOk: { en: 'the service answers', ko: '서비스 정상' },
  healthBad: { en: 'the service does not answer', ko: '서비스 연결 안 됨' },
  healthUnknown: { en: 'not checked yet', ko: '아직 확인 안 함' },
  noCredentials: { en: 'no credentials', ko: '인증 정보 없음' },
  offline: {
    en: 'Intake has stopped (the terminal running intake ui was closed, or it was stopped). This page picks up again by itself when it is started again.',
    ko: 'Intake가 멈췄습니다 (intake ui를 실행한 터미널이 닫혔거나 중지됨). 다시 실행하면 이 화면이 저절로 이어집니다.',
  },
  refusedTitle: { en: 'Not here', ko: '접근할 수 없음' },
  refused_not_loopback: {
    en: 'This page answers this computer only.',
    ko: '이 페이지는 이 컴퓨터에서만 열 수 있습니다.',
  },
  refused_host: {
    en: 'This page answers only at the address intake ui printed (127.0.0.1 and its port).',
    ko: '이 페이지는 intake ui가 출력한 주소(127.0.0.1과 포트)로만 열 수 있습니다.',
  },
  refused_origin: {
    en: 'A form from another site cannot act on this page.',
    ko: '다른 사이트의 요청은 이 페이지에서 처리하지 않습니다.',
  },
  refused_token: {
    en: 'This sign-in address was used already, or is not the one intake ui printed. Open the newest address it printed, or start it again for a new one.',
    ko: '이미 쓴 로그인 주소이거나 intake ui가 출력한 주소가 아닙니다. 가장 최근에 출력된 주소를 열거나, 다시 실행해 새 주소를 받으세요.',
  },
  refused_signed_out: {
    en: 'This browser is not signed in: open the address intake ui printed in its terminal.',
    ko: '이 브라우저는 로그인되어 있지 않습니다. intake ui가 터미널에 출력한 주소를 여세요.',
  },
  refused_path: {
    en: 'Open the address intake ui printed in its terminal.',
    ko: 'intake ui가 터미널에 출력한 주소를 여세요.',
  },
  errorPage: {
    en: 'Intake could not finish this. Nothing was lost: the uploads and the ledger are as they were. The terminal running intake ui says more.',
    ko: '처리하지 못했습니다. 잃어버린 것은 없습니다: 업로드와 기록은 그대로입니다. intake ui를 실행한 터미널에 자세한 내용이 있습니다.',
  },
  errorBadRequest: {
    en: 'The page could not read what was sent. Go back and try again.',
    ko: '보낸 내용을 읽을 수 없습니다. 뒤로 가서 다시 해 보세요.',
  },
  notFound: {
    en: 'There is no such page or upload here (an upload is kept {days} days, then removed).',
    ko: '해당 페이지나 업로드가 없습니다 (업로드는 {days}일 동안 보관된 뒤 지워집니다).',
  },
  newUpload: { en: 'Upload another file', ko: '다른 파일 올리기' },
  backToMarketplaces: { en: 'Back to the marketplaces', ko: '마켓 연동으로 돌아가기' },
  kind_order: { en: 'Orders', ko: '주문' },
  kind_shipment: { en: 'Shipments (tracking numbers)', ko: '송장(운송장 번호)' },
  kind_product: { en: 'Products', ko: '상품' },
  what_order: { en: 'orders', ko: '주문' },
  what_shipment: { en: 'shipments', ko: '송장' },
  what_product: { en: 'products', ko: '상품' },
  what_order_one: { en: 'order', ko: '주문' },
  what_shipment_one: { en: 'shipment', ko: '송장' },
  what_product_one: { en: 'product', ko: '상품' },
  state_running: UPLOAD_STATE_WORDS.running,
  state_finished: UPLOAD_STATE_WORDS.finished,
  state_stopped: UPLOAD_STATE_WORDS.stopped,
  state_failed: UPLOAD_STATE_WORDS.failed,
  state_checked: { en: 'checked, not sent', ko: '검사만 함' },
  state_unread: { en: 'not read', ko: '읽지 못함' },
  remove: { en: 'Remove', ko: '지우기' },
  removeSession: { en: 'Remove {name} and its results', ko: '{name}와(과) 결과 지우기' },
  removed: { en: '{name} and its results were removed.', ko: '{name}와(과) 결과를 지웠습니다.' },
} as const satisfies Texts;
