import type { Texts } from './i18n.js';

/** The texts both front ends say alike: the frame, refusals of other sites, failures, marketplaces. */
export const WEB_TEXTS = {
  skip: { en: 'Skip to the content', ko: '본문으로 건너뛰기' },
  language: { en: 'Language', ko: '언어' },
  notFoundTitle: { en: 'Not found', ko: '찾을 수 없음' },
  errorTitle: { en: 'Something went wrong', ko: '문제가 생겼습니다' },
  backToPage: { en: 'Back to the page', ko: '페이지로 돌아가기' },
  market_naver: { en: 'Naver Smartstore', ko: '네이버 스마트스토어' },
  market_coupang: { en: 'Coupang', ko: '쿠팡' },
  market_cafe24: { en: 'Cafe24', ko: '카페24' },
} as const satisfies Texts;
