/** The marketplaces Intake pulls orders from and pushes tracking numbers to, by their command-line names. */
export const MARKETPLACES = ['naver', 'coupang', 'cafe24'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

/** Each marketplace as people say it, in English and Korean: the pages' and a Korean terminal's. */
export const MARKETPLACE_NAMES = {
  naver: { en: 'Naver Smartstore', ko: '네이버 스마트스토어' },
  coupang: { en: 'Coupang', ko: '쿠팡' },
  cafe24: { en: 'Cafe24', ko: '카페24' },
} as const satisfies Record<Marketplace, { en: string; ko: string }>;

/** What people call each one at the terminal. */
export const MARKETPLACE_LABELS: Readonly<Record<Marketplace, string>> = {
  naver: 'Naver Smartstore',
  coupang: 'Coupang Wing',
  cafe24: 'Cafe24',
};

/** The real APIs' addresses (Cafe24's holds the mall). */
export const DEFAULT_BASE_URLS: Readonly<Record<Marketplace, string>> = {
  naver: 'https://api.commerce.naver.com',
  coupang: 'https://api-gateway.coupang.com',
  cafe24: 'https://{mall_id}.cafe24api.com',
};

export function isMarketplace(value: string): value is Marketplace {
  return (MARKETPLACES as readonly string[]).includes(value);
}
