/** The marketplaces Intake pulls orders from and pushes tracking numbers to, by their command-line names. */
export const MARKETPLACES = ['naver', 'coupang', 'cafe24'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

/** What people call each one. */
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
