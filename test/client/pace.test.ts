import { describe, expect, it, vi } from 'vitest';
import { Pace, type AttemptOutcome, type Place } from '../../src/client/pace.js';

/** A clock the test steps. */
function steppedClock() {
  let now = 0;
  return { now: () => now, step: (ms: number) => void (now += ms) };
}

/** Sends one round trip's worth of requests (as many as the window lets) and answers each as `answer` says. */
async function roundTrip(
  pace: Pace,
  clock: ReturnType<typeof steppedClock>,
  rttMs: number,
  answer: (index: number) => Partial<AttemptOutcome>,
): Promise<number> {
  const sent = pace.limit;
  const places: Place[] = [];
  for (let i = 0; i < sent; i++) places.push((await pace.acquire()) as Place);
  expect(pace.onWire).toBe(sent);
  clock.step(rttMs);
  places.forEach((place, index) => place.release({ status: 200, ms: rttMs, ...answer(index) }));
  return sent;
}

/**
 * An upload of `records` through a gateway of `admit` at once (simulated round trips): a refused request
 * may go again `retryAfterMs` after its answer. Returns how long the wire sat idle with nothing to send
 * but requests waiting out their Retry-After, and when the upload ended.
 */
async function upload(
  pace: Pace,
  clock: ReturnType<typeof steppedClock>,
  { records, admit, tell }: { records: number; admit: number; tell: boolean },
): Promise<{ idleMs: number; endMs: number; refused: number }> {
  const rttMs = 40;
  const retryAfterMs = 1000;
  let unsent = records;
  let done = 0;
  let idleMs = 0;
  let refused = 0;
  let retries: number[] = [];
  while (done < records) {
    unsent += retries.filter((at) => at <= clock.now()).length;
    retries = retries.filter((at) => at > clock.now());
    if (tell) pace.remaining = records - done;
    const sending = Math.min(pace.limit, unsent);
    if (sending === 0) {
      idleMs += rttMs;
      clock.step(rttMs);
      continue;
    }
    const places: Place[] = [];
    for (let i = 0; i < sending; i++) places.push((await pace.acquire()) as Place);
    unsent -= sending;
    clock.step(rttMs);
    places.forEach((place, index) => {
      if (index < admit) {
        done += 1;
        place.release({ status: 202, ms: rttMs });
        return;
      }
      refused += 1;
      retries.push(clock.now() + retryAfterMs);
      place.release({ status: 429, ms: rttMs, retryAfterMs });
    });
  }
  return { idleMs, endMs: clock.now(), refused };
}

describe('the pace of an upload', () => {
  it('doubles each round trip until the service says it is busy, then shrinks once per round trip', async () => {
    const clock = steppedClock();
    const pace = new Pace({ initial: 8, max: 256, probe: true, now: clock.now });
    const windows = [];
    for (let trip = 0; trip < 3; trip++) windows.push(await roundTrip(pace, clock, 40, () => ({})));
    expect(windows).toEqual([8, 16, 32]);
    expect(pace.limit).toBe(64);
    // A service that takes 40 at once: 24 answers of one round trip say 429, and count as one event.
    await roundTrip(pace, clock, 40, (index) => (index < 40 ? {} : { status: 429, retryAfterMs: 1000 }));
    expect(pace.throttles).toBe(1);
    expect(pace.limit).toBe(Math.floor(64 * 0.85));
  });

  it('climbs back quickly to where trouble began, then probes one request per round trip', async () => {
    const clock = steppedClock();
    const pace = new Pace({ initial: 40, max: 256, probe: true, now: clock.now });
    await roundTrip(pace, clock, 40, (index) => (index === 0 ? { status: 429 } : {}));
    // 40 × 0.85, and the rest of that round trip's answers already on the way back up.
    expect(pace.limit).toBeGreaterThanOrEqual(34);
    expect(pace.limit).toBeLessThan(40);
    const climb = [];
    for (let trip = 0; trip < 8; trip++) {
      await roundTrip(pace, clock, 40, () => ({}));
      climb.push(pace.limit);
    }
    // Half the way back each trip, then +1: never halving, never doubling past it.
    expect(climb[0]).toBeGreaterThanOrEqual(35);
    expect(climb[3]).toBeGreaterThanOrEqual(39);
    expect(climb[7]! - climb[6]!).toBe(1);
  });

  it('stays within a tenth of a gateway limit, whatever the limit (simulated round trips)', async () => {
    for (const admit of [6, 32, 100]) {
      const clock = steppedClock();
      const pace = new Pace({ initial: 8, max: 256, probe: true, now: clock.now });
      let served = 0;
      const trips = 400;
      for (let trip = 0; trip < trips; trip++) {
        const sent = await roundTrip(pace, clock, 40, (index) =>
          index < admit ? {} : { status: 429, retryAfterMs: 1000 },
        );
        if (trip >= 100) served += Math.min(sent, admit);
      }
      // Refused past the limit it found, the window steps back just below it rather than by a sixth.
      expect(served / ((trips - 100) * admit), `admit ${admit}`).toBeGreaterThanOrEqual(
        admit >= 32 ? 0.97 : 0.9,
      );
    }
  });

  it('near the end stops probing past the limit it found, so no request is left waiting out a Retry-After', async () => {
    for (const admit of [4, 32]) {
      const records = admit * 500;
      const told = steppedClock();
      const pace = new Pace({ initial: 8, max: 256, probe: true, now: told.now });
      const ending = await upload(pace, told, { records, admit, tell: true });
      expect(ending.refused, `admit ${admit}`).toBeGreaterThan(0);
      expect(ending.idleMs, `admit ${admit}`).toBe(0);

      // Not told what is left, it goes on probing to the last request, and the upload waits for a refusal.
      const untold = steppedClock();
      const blindPace = new Pace({ initial: 8, max: 256, probe: true, now: untold.now });
      const blind = await upload(blindPace, untold, { records, admit, tell: false });
      expect(blind.idleMs, `admit ${admit}`).toBeGreaterThanOrEqual(400);
      expect(ending.endMs, `admit ${admit}`).toBeLessThanOrEqual(blind.endMs - 400);
    }
  });

  it('still shrinks quickly when the limit falls, after stepping back once at the edge it knew', async () => {
    const clock = steppedClock();
    const pace = new Pace({ initial: 8, max: 256, probe: true, now: clock.now });
    const sends: number[] = [];
    for (let trip = 0; trip < 120; trip++) {
      const admit = trip < 100 ? 32 : 16;
      const sent = await roundTrip(pace, clock, 40, (index) =>
        index < admit ? {} : { status: 429, retryAfterMs: 1000 },
      );
      if (trip >= 100) sends.push(sent);
    }
    // From about 32 to 16 in six round trips (0.85 a trip once the edge is left behind), then near it.
    expect(sends.slice(6).every((sent) => sent <= 17)).toBe(true);
    expect(sends.slice(6).every((sent) => sent >= 13)).toBe(true);
  });

  it('slows down when answers take much longer than the quickest, and only when probing', async () => {
    const clock = steppedClock();
    const probing = new Pace({ initial: 20, max: 20, probe: true, now: clock.now });
    await roundTrip(probing, clock, 10, () => ({}));
    for (let trip = 0; trip < 10; trip++) await roundTrip(probing, clock, 200, () => ({ ms: 200 }));
    expect(probing.slowdowns).toBeGreaterThan(0);
    expect(probing.limit).toBeLessThan(20);

    const fixed = new Pace({ initial: 20, max: 20, probe: false, now: clock.now });
    await roundTrip(fixed, clock, 10, () => ({}));
    for (let trip = 0; trip < 10; trip++) await roundTrip(fixed, clock, 200, () => ({ ms: 200 }));
    expect(fixed.slowdowns).toBe(0);
    expect(fixed.limit).toBe(20);
  });

  it('a fixed pace starts at its number, never goes past it, backs off when busy and comes back', async () => {
    const clock = steppedClock();
    const pace = new Pace({ initial: 4, max: 4, probe: false, now: clock.now });
    expect(pace.limit).toBe(4);
    await roundTrip(pace, clock, 40, (index) => (index === 3 ? { status: 503 } : {}));
    expect(pace.limit).toBe(3);
    for (let trip = 0; trip < 10; trip++) await roundTrip(pace, clock, 40, () => ({}));
    expect(pace.limit).toBe(4);
  });

  it('a 429 or 503 with room to shrink stops only its own request; at one request, every start until Retry-After', async () => {
    const clock = steppedClock();
    const pace = new Pace({ initial: 4, max: 4, probe: false, now: clock.now });
    (await pace.acquire())?.release({ status: 503, ms: 5, retryAfterMs: 60_000 });
    expect(pace.limit).toBe(3);
    const next = await pace.acquire();
    expect(next).toBeDefined();
    next?.release({ status: 200, ms: 5 });

    const alone = new Pace({ initial: 1, max: 1, probe: false, now: clock.now });
    (await alone.acquire())?.release({ status: 503, ms: 5, retryAfterMs: 60 });
    let resumed = false;
    const waiting = alone.acquire().then((place) => {
      resumed = true;
      return place;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resumed).toBe(false);
    clock.step(60);
    (await waiting)?.release({ status: 200, ms: 5 });
    expect(resumed).toBe(true);
  });

  it('a request already waiting for a place when a refusal pauses every start is woken when the pause ends', async () => {
    vi.useFakeTimers();
    try {
      const clock = steppedClock();
      const pace = new Pace({ initial: 1, max: 1, probe: false, now: clock.now });
      const first = (await pace.acquire()) as Place;
      let resumed = false;
      const waiting = pace.acquire().then((place) => {
        resumed = true;
        return place;
      });
      // The one on the wire is refused and its record given up: no other attempt will come to wake anyone.
      first.release({ status: 503, ms: 5, retryAfterMs: 1000 });
      await vi.advanceTimersByTimeAsync(999);
      expect(resumed).toBe(false);
      clock.step(1000);
      await vi.advanceTimersByTimeAsync(1);
      expect(resumed).toBe(true);
      (await waiting)?.release({ status: 202, ms: 5 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a 429 when one request at a time is already all it sends stops every start until Retry-After', async () => {
    vi.useFakeTimers();
    try {
      const clock = steppedClock();
      const pace = new Pace({ initial: 1, max: 1, probe: false, now: clock.now });
      (await pace.acquire())?.release({ status: 429, ms: 5, retryAfterMs: 5000 });
      const stopped = { now: false };
      const waiting = pace.acquire(() => stopped.now);
      await vi.advanceTimersByTimeAsync(10);
      expect(vi.getTimerCount()).toBe(1);
      stopped.now = true;
      pace.wake();
      // Given up (a stop): no place taken, and no timer left to keep the process until the pause's end.
      expect(await waiting).toBeUndefined();
      expect(pace.onWire).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a place given back wakes one waiting request, not every one', async () => {
    const pace = new Pace({ initial: 2, max: 2, probe: false });
    const first = (await pace.acquire()) as Place;
    const second = (await pace.acquire()) as Place;
    let looks = 0;
    const giveUp = () => {
      looks += 1;
      return false;
    };
    const waiting = Array.from({ length: 30 }, () => pace.acquire(giveUp));
    await new Promise((resolve) => setImmediate(resolve));
    const before = looks;
    first.release({ status: 202, ms: 1 });
    const third = (await waiting[0]) as Place;
    await new Promise((resolve) => setImmediate(resolve));
    // The first in line looks once (a stop would keep it off the wire) and takes the place; the 29 others
    // are not woken to look and wait again.
    expect(looks).toBe(before + 1);
    expect(pace.onWire).toBe(2);
    second.release({ status: 202, ms: 1 });
    third.release({ status: 202, ms: 1 });
    const next = await Promise.all([waiting[1], waiting[2]]);
    expect(pace.onWire).toBe(2);
    for (const place of next) place?.release({ status: 202, ms: 1 });
    pace.wake();
    await new Promise((resolve) => setImmediate(resolve));
    expect(pace.onWire).toBe(2);
  });

  it('a request waiting for its turn takes no place freed after the stop it was told of', async () => {
    const pace = new Pace({ initial: 1, max: 1, probe: false });
    const first = (await pace.acquire()) as Place;
    let stopped = false;
    const waiting = pace.acquire(() => stopped);
    await new Promise((resolve) => setImmediate(resolve));
    stopped = true;
    first.release({ status: 202, ms: 1 });
    expect(await waiting).toBeUndefined();
    expect(pace.onWire).toBe(0);
    // Nor does one that comes after the stop, though a place is free.
    expect(await pace.acquire(() => stopped)).toBeUndefined();
  });
});
