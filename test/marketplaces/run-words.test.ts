import { describe, expect, it } from 'vitest';
import { runWords } from '../../src/marketplaces/run-words.js';

describe('what a pull and a push say, in English', () => {
  const words = runWords('en');

  it('counts one as one and more as more', () => {
    expect(words.found(1, 1, 0)).toBe('1 order line found: 1 order to send, 0 lines not sent.');
    expect(words.found(3, 2, 1)).toBe('3 order lines found: 2 orders to send, 1 line not sent.');
    expect(words.wouldPush('naver', 1)).toMatch(/^1 line would be pushed to Naver Smartstore/);
    expect(words.wouldPush('coupang', 2)).toMatch(/^2 lines would be pushed to Coupang/);
  });
});
