import { Readable, Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFactory } from '../../src/cli/factory.js';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { UploadProgress, type ProgressCounts } from '../../src/cli/upload-display.js';
import { displayWords } from '../../src/cli/upload-display-words.js';
import { FLAGS_LABEL } from '../../src/bulk/index.js';
import type { Lang } from '../../src/util/terminal-lang.js';

/** The progress lines an upload writes to a stderr that is not a terminal, for the counts given. */
function progressLines(counts: ProgressCounts, lang: Lang = 'en'): string[] {
  let err = '';
  const stderr = new Writable({
    write(chunk, _encoding, done) {
      err += chunk;
      done();
    },
  });
  const f = createFactory({
    io: { stdin: Readable.from([]), stdout: new Writable({ write: (_c, _e, done) => done() }), stderr },
    env: {},
    version: '0.0.0-test',
    interrupts: new InterruptHub(),
  });
  const progress = new UploadProgress(f, {
    total: 6000,
    words: displayWords(lang, 'order', 'orders'),
    counts: () => counts,
  });
  vi.advanceTimersByTime(10_000);
  progress.stop();
  return err.split('\n').filter(Boolean);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('an upload’s progress without a terminal', () => {
  it('a line every five seconds, with the records not accepted and, once there are some, the retries', () => {
    vi.useFakeTimers();
    const lines = progressLines({ done: 129, notAccepted: 3, retries: 93 });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^129\/6,000 orders · [\d.]+\/s · ETA \S+.* · 3 not accepted · 93 retries \(2%\)$/,
    );
    expect(progressLines({ done: 10, notAccepted: 0, retries: 0 })[0]).not.toMatch(/retr|not accepted/);
    expect(progressLines({ done: 10, notAccepted: 0, retries: 1 })[0]).toMatch(/ · 1 retry \(0%\)$/);
  });

  it('in Korean at a Korean terminal, as the lines around it are', () => {
    vi.useFakeTimers();
    expect(progressLines({ done: 129, notAccepted: 3, retries: 93 }, 'ko')[0]).toMatch(
      /^주문 129\/6,000건 · 초당 [\d.]+건 · 남은 시간 \S+.* · 접수 안 됨 3건 · 재시도 93번 \(2%\)$/,
    );
    expect(progressLines({ done: 10, notAccepted: 0, retries: 0 }, 'ko')[0]).not.toMatch(/재시도|접수 안 됨/);
    const words = displayWords('ko', 'order', 'orders');
    expect(words.checking('orders.csv', 1200, 'row')).toBe('orders.csv 검사 중: 1,200행');
    expect(words.checked(1200, 'line')).toBe('1,200줄 검사함…');
    expect(words.reading('주문.xlsx', 5000)).toBe('주문.xlsx 읽는 중: 5,000행');
    expect(words.checking(FLAGS_LABEL)).toBe('옵션 검사 중…');
  });

  it('records an earlier run sent are done, but not part of the rate or the time left', () => {
    vi.useFakeTimers();
    expect(progressLines({ done: 129, notAccepted: 0, fromLedger: 129 })[0]).toBe(
      '129/6,000 orders · 0.0/s · ETA … (2%)',
    );
    // 200 sent in the 5 s before the first line: 40 a second, whatever the ledger held.
    expect(progressLines({ done: 329, notAccepted: 0, fromLedger: 129 })[0]).toMatch(
      /^329\/6,000 orders · 40\/s · ETA 2m 2\ds \(5%\)$/,
    );
  });
});
