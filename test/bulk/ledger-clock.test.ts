import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../src/bulk/index.js';
import { tempDir } from '../helpers/temp.js';

const TARGET = { service: 'http://127.0.0.1:9', accessKeyId: 'AK-CLOCK' };

describe('the ledger keeps time by the clock it is given', () => {
  it('notes records and uploads at the clock’s time, never the machine’s', async () => {
    let now = Date.parse('2031-02-03T04:05:06.000Z');
    const ledger = new Ledger(tempDir('intake-ledger-'), () => now).useTarget(TARGET);
    try {
      await ledger.records.sending({ kind: 'order', key: 'ORD-1', fingerprint: 'f', fields: {} });
      expect(ledger.records.get('order', 'ORD-1')).toMatchObject({ state: 'sending', updatedAt: now });
      now += 60_000;
      ledger.records.answered('order', 'ORD-1', 'accepted', 202, 'queued');
      ledger.records.flush();
      expect(ledger.records.get('order', 'ORD-1')).toMatchObject({ state: 'accepted', updatedAt: now });
      const id = ledger.history.start({ kind: 'order', input: 'orders.csv', path: null, options: {} });
      now += 5_000;
      ledger.history.end(id, 'finished', { accepted: 1 });
      expect(ledger.history.get(id)).toMatchObject({
        startedAt: now - 5_000,
        endedAt: now,
        state: 'finished',
        summary: { accepted: 1 },
      });
    } finally {
      ledger.close();
    }
  });

  it('has no clock of its own in its code', () => {
    const dir = join(import.meta.dirname, '../../src/bulk/ledger');
    const reading = readdirSync(dir).filter((name) =>
      /Date\.now\(\)|new Date\(\)/.test(
        readFileSync(join(dir, name), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''),
      ),
    );
    expect(reading).toEqual([]);
  });
});
