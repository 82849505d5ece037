/** Where the fakes answer: the real APIs' paths under these prefixes (decisions §6). */
export const MARKETPLACE_PREFIXES = ['/naver/', '/coupang/', '/cafe24/'] as const;

export const isMarketplacePath = (url: string) =>
  MARKETPLACE_PREFIXES.some((prefix) => url.startsWith(prefix));
