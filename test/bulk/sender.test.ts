import { describe, expect, it } from 'vitest';
import { Pace, type Place } from '../../src/client/pace.js';
import { Sender } from '../../src/bulk/send/sender.js';

describe('the sender of an upload', () => {
  it('while looking for the limit, lets records wait out a Retry-After without taking the places of others', () => {
    const probing = new Sender(new Pace({ initial: 4, max: 256, probe: true }));
    // Four on the wire, and at least 64 more in progress: waiting to be tried again, or about to go.
    expect(probing.limit).toBe(4 + 64);
    const fixed = new Sender(new Pace({ initial: 4, max: 4, probe: false }));
    // --concurrency 4: four records in progress at most, a record waiting to be tried again keeping its turn.
    expect(fixed.limit).toBe(4);
  });

  it('says what is on the wire: the pace’s places, not the records in progress', async () => {
    const pace = new Pace({ initial: 4, max: 256, probe: true });
    const sender = new Sender(pace);
    const places: Place[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    for (let n = 0; n < 6; n++) {
      await sender.submit(async () => {
        const place = await pace.acquire();
        if (place) places.push(place);
        await held;
      });
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(sender.inFlight).toBe(6);
    expect(sender.wire).toEqual({ onWire: 4, limit: 4 });
    for (const place of places) place.release({ status: 202, ms: 1 });
    release();
    await sender.drain();
  });
});
