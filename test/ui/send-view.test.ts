import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SendProgress } from '../../src/bulk/context.js';
import type { UploadSession } from '../../src/ui/session.js';
import { uiTexts } from '../../src/ui/texts/index.js';
import { progressFacts } from '../../src/ui/views/send.js';

/** The facts a send in progress shows, 5 s after it began, for the counts given. */
function factsAfterFiveSeconds(progress: Partial<SendProgress>): string[] {
  vi.useFakeTimers({ now: 1_000_000 });
  const send = {
    startedAt: Date.now() - 5000,
    stopping: false,
    waiting: false,
    progress: () => ({
      total: 6000,
      notAccepted: 0,
      retries: 0,
      slowedDown: 0,
      inFlight: 0,
      limit: 8,
      ...progress,
    }),
  };
  const html = progressFacts(uiTexts('en'), { send } as unknown as UploadSession);
  return [...html.matchAll(/<span><strong>([^<]*)<\/strong> ([^<]*)<\/span>/g)].map((m) => `${m[1]} ${m[2]}`);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a send in progress, on the page', () => {
  it('counts records an earlier run sent as done, but not in the rate', () => {
    const facts = factsAfterFiveSeconds({ done: 329, fromLedger: 129 });
    expect(facts).toContain('329 done');
    expect(facts).toContain('5,671 left');
    expect(facts.find((fact) => fact.endsWith('per second'))).toBe('40 per second');
    expect(factsAfterFiveSeconds({ done: 129, fromLedger: 129 })).toContain('0.0 per second');
  });
});
