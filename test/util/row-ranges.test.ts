import { describe, expect, it } from 'vitest';
import { rowRanges } from '../../src/util/row-ranges.js';

describe('row numbers in a notice', () => {
  it('are runs in order, once each', () => {
    expect(rowRanges([7, 3, 4, 5, 9, 10, 12, 4])).toEqual({ shown: '3–5, 7, 9–10, 12', more: 0 });
    expect(rowRanges([2])).toEqual({ shown: '2', more: 0 });
    expect(rowRanges([])).toEqual({ shown: '', more: 0 });
  });

  it('show the first runs and count the rows past them', () => {
    const odd = Array.from({ length: 30 }, (_, index) => 2 * index + 1);
    expect(rowRanges(odd, 3)).toEqual({ shown: '1, 3, 5', more: 27 });
    expect(rowRanges([1, 2, 3, 10, 20, 21, 22, 23], 2)).toEqual({ shown: '1–3, 10', more: 4 });
  });
});
