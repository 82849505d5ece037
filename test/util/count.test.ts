import { describe, expect, it } from 'vitest';
import { count } from '../../src/util/count.js';

describe('count', () => {
  it('groups the thousands of whole numbers as en-US does', () => {
    expect(count(0)).toBe('0');
    expect(count(999)).toBe('999');
    expect(count(1000)).toBe('1,000');
    expect(count(1_234_567)).toBe('1,234,567');
    expect(count(-1234)).toBe('-1,234');
    expect(count(Number.MAX_SAFE_INTEGER)).toBe('9,007,199,254,740,991');
  });

  it('writes every whole number as toLocaleString("en-US") would', () => {
    // Every length of number, and both signs: 10^k - 1, 10^k, and a value in between.
    for (let digits = 1; digits <= 15; digits++) {
      for (const value of [10 ** digits - 1, 10 ** digits, Math.floor(10 ** digits / 7)]) {
        expect(count(value)).toBe(value.toLocaleString('en-US'));
        expect(count(-value)).toBe((-value).toLocaleString('en-US'));
      }
    }
  });

  it('leaves anything else to toLocaleString', () => {
    expect(count(1234.5678)).toBe('1,234.568');
    expect(count(Number.NaN)).toBe('NaN');
  });
});
