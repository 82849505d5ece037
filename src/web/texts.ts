import { MARKETPLACE_NAMES } from '../marketplaces/names.js';
import type { Texts } from './i18n.js';

/** The texts both front ends say alike: the frame, refusals of other sites, failures, marketplaces. */
export const WEB_TEXTS = {
  skip: { en: 'Skip to the content', ko: '본문으로 건너뛰기' },
  language: { en: 'Language', ko: '언어' },
  notFoundTitle: { en: 'Not found', ko: '찾을 수 없음' },
  errorTitle: { en: 'Something went wrong', ko: '문제가 생겼습니다' },
  backToPage: { en: 'Back to the page', ko: '페이지로 돌아가기' },
  market_naver: MARKETPLACE_NAMES.naver,
  market_coupang: MARKETPLACE_NAMES.coupang,
  market_cafe24: MARKETPLACE_NAMES.cafe24,
} as const satisfies Texts;
