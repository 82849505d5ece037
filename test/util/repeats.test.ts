import { describe, expect, it } from 'vitest';
import { RepeatedLines } from '../../src/util/repeats.js';

describe('a warning every request meets', () => {
  it('is said once in its window, then again with how many times it came in between', () => {
    let now = 0;
    const lines: string[] = [];
    const repeats = new RepeatedLines((line) => lines.push(line), { windowMs: 10_000, now: () => now });
    repeats.say('warning: the disk is full');
    for (let i = 0; i < 5; i++) {
      now += 1000;
      repeats.say('warning: the disk is full');
    }
    expect(lines).toEqual(['warning: the disk is full']);
    now = 10_000;
    repeats.say('warning: the disk is full');
    expect(lines.at(-1)).toBe('warning: the disk is full (5 more times since it was last said)');
    // Another warning: the first one's count since is said before it, so no repeat goes uncounted.
    now += 1;
    repeats.say('warning: the disk is full');
    repeats.say('warning: the database did not answer');
    expect(lines.slice(-2)).toEqual([
      'warning: the disk is full (1 more time since it was last said)',
      'warning: the database did not answer',
    ]);
  });
});
