import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';

const built = pathToFileURL(
  join(import.meta.dirname, '..', '..', 'dist', 'bulk', 'ledger', 'ledger.js'),
).href;

/**
 * An upload's use of the ledger, in a process of its own: 60,000 records marked in flight in batches of
 * 1,000, answered, then looked up again. Prints how much the C allocator's heap (where SQLite keeps
 * its page cache) grew, and the ledger file's size, in MB.
 */
const UPLOAD = `
  import { readFileSync, statSync } from 'node:fs';
  const { Ledger } = await import(${JSON.stringify(built)});
  const mallocMb = () => {
    let inHeap = false;
    let kb = 0;
    for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\\n')) {
      if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inHeap = line.endsWith('[heap]');
      else if (inHeap && line.startsWith('Rss:')) kb += Number(line.split(/\\s+/)[1]);
    }
    return kb / 1024;
  };
  const dir = process.argv[1];
  const ledger = new Ledger(dir, () => 0).useTarget({ service: 'http://127.0.0.1:9', accessKeyId: 'AK' });
  const records = ledger.records;
  const before = mallocMb();
  const hash = (n, field) => (field + n).padEnd(64, '0');
  const key = (n) => 'ORD-' + n;
  for (let batch = 0; batch < 60; batch++) {
    const numbers = Array.from({ length: 1000 }, (_, i) => batch * 1000 + i);
    await Promise.all(numbers.map((n) => records.sending({
      kind: 'order', key: key(n), fingerprint: hash(n, 'f'),
      fields: { member: hash(n, 'm'), recipient: hash(n, 'r'), phone: hash(n, 'p'), items: hash(n, 'i') },
    })));
    for (const n of numbers) records.answered('order', key(n), 'accepted', 202, 'queued');
  }
  records.flush();
  for (let n = 0; n < 60000; n += 3) if (!records.get('order', key(n))) throw new Error('lost ' + n);
  const grown = mallocMb() - before;
  const size = statSync(ledger.path).size / 2 ** 20;
  ledger.close();
  console.log(grown, size);
`;

describe('the ledger of a large upload', () => {
  it("keeps SQLite's page cache small, however large the ledger grows", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--input-type=module',
      '-e',
      UPLOAD,
      tempDir('intake-ledger-'),
    ]);
    const [grownMb, fileMb] = stdout.trim().split(' ').map(Number);
    // The file is far larger than better-sqlite3's default cache of 16 MiB, which it would fill.
    expect(fileMb).toBeGreaterThan(20);
    expect(grownMb).toBeLessThan(6);
  });
});
