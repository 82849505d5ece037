import { describe, expect, it } from 'vitest';
import { readAhead } from '../../src/util/read-ahead.js';

/** A source of `count` numbers that notes how far it was read and whether it was closed. */
function numbers(count: number, failAt?: number) {
  const state = { read: 0, closed: false };
  async function* source() {
    try {
      for (let i = 0; i < count; i++) {
        if (i === failAt) throw new Error(`no item ${i}`);
        state.read += 1;
        yield i;
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, source: source() };
}

describe('readAhead', () => {
  it('gives every item in order, seen by onRead in order and at most a window ahead', async () => {
    const { source } = numbers(100);
    const seen: number[] = [];
    const consumed: number[] = [];
    let furthestAhead = 0;
    for await (const item of readAhead(source, 8, (n) => (seen.push(n), n * 10))) {
      consumed.push(item);
      furthestAhead = Math.max(furthestAhead, seen.length - consumed.length);
    }
    expect(consumed).toEqual(Array.from({ length: 100 }, (_, i) => i * 10));
    expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(furthestAhead).toBeLessThanOrEqual(8);
    expect(furthestAhead).toBeGreaterThanOrEqual(4);
  });

  it('reads in groups of half a window, not one item per item consumed', async () => {
    const { source } = numbers(64);
    // Which turn of the event loop each item was read in.
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const readIn: number[] = [];
    for await (const _item of readAhead(source, 8, () => readIn.push(turn))) {
      // A consumer that takes a turn of the event loop per item, as the sender does.
      await new Promise((resolve) => setImmediate(resolve));
    }
    ticking = false;
    expect(readIn).toHaveLength(64);
    // 64 items, a window of 8 and then 4 at a time: about 15 turns (one item a turn would be 64).
    expect(new Set(readIn).size).toBeLessThanOrEqual(64 / 4 + 1);
  });

  it('stops reading when the consumer stops, and closes the source', async () => {
    const { state, source } = numbers(1000);
    let taken = 0;
    for await (const _item of readAhead(source, 16, (n) => n)) {
      taken += 1;
      if (taken === 20) break;
    }
    expect(state.read).toBeLessThanOrEqual(20 + 16);
    expect(state.closed).toBe(true);
  });

  it("gives the items before a source's error, then the error", async () => {
    const { source } = numbers(50, 30);
    const consumed: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(source, 8, (n) => n)) consumed.push(item);
      })(),
    ).rejects.toThrow('no item 30');
    expect(consumed).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });
});
