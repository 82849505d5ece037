import { describe, expect, it } from 'vitest';
import { keyExpiry } from '../../src/marketplaces/key-expiry.js';
import { uiTexts } from '../../src/ui/texts/index.js';
import { marketplacesBody } from '../../src/ui/views/marketplaces.js';

const DAY_MS = 86_400_000;
// Coupang's keys issued on 1 June 2026 end 180 days later, at midnight in Korea: 2026-11-27T15:00Z.
const ENDS = Date.parse('2026-11-27T15:00:00Z');

/** The warning on Coupang's card, `daysBefore` and a few hours before its keys end, in `lang`. */
function warning(lang: 'en' | 'ko', daysBefore: number): string | undefined {
  const { notices } = keyExpiry(
    'coupang',
    { keyIssuedAt: '2026-06-01' },
    ENDS - daysBefore * DAY_MS - 3_600_000,
  );
  const page = marketplacesBody(uiTexts(lang), lang, [
    { name: 'coupang', from: 'file', lastPull: undefined, notices },
  ]);
  return /<div class="notice warns"[^>]*>([^<]*)</.exec(page)?.[1]?.trim();
}

describe('the Marketplaces page, where Coupang’s keys end soon', () => {
  it('counts the days left, one as one', () => {
    expect(warning('en', 1)).toBe(
      'The keys expire in 1 day, on 2026-11-27: issue new ones in Wing before then and enter them below.',
    );
    expect(warning('en', 5)).toBe(
      'The keys expire in 5 days, on 2026-11-27: issue new ones in Wing before then and enter them below.',
    );
    expect(warning('ko', 1)).toBe(
      '키가 1일 뒤(2026-11-27)에 만료됩니다. 그 전에 Wing에서 새로 발급해 아래에 입력하세요.',
    );
  });
});
