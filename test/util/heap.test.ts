import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { keepHeapTightFor, LARGE_INPUT_BYTES } from '../../src/util/heap.js';

const built = pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', 'util', 'heap.js')).href;

/**
 * A pass over a large file, in small: 300,000 objects held throughout, rows that live long enough to be
 * promoted and are then dropped. Prints the old generation's largest size, in MB.
 */
const PASS = `
  import v8 from 'node:v8';
  const { keepHeapTight } = await import(${JSON.stringify(built)});
  if (process.argv[1] === 'tight') keepHeapTight();
  const held = [];
  for (let i = 0; i < 300_000; i++) held.push({ id: 'x' + i, n: i });
  let rows = [];
  let peak = 0;
  for (let i = 0; i < 3_000_000; i++) {
    rows.push({ i, text: 'row ' + i });
    if (rows.length > 200_000) rows = [];
    if (i % 10_000 === 0) {
      const old = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space');
      peak = Math.max(peak, old.space_size);
    }
  }
  console.log(peak / 2 ** 20, held.length);
`;

async function peakOldSpace(mode: 'tight' | 'default'): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', PASS, mode]);
  return Number(stdout.split(' ')[0]);
}

describe('keepHeapTight', () => {
  // What the upload relies on: this Node's V8 honours the setting when it is changed in a running process.
  it('keeps the old generation of a process that streams rows well below what V8 would let it reach', async () => {
    const [loose, tight] = await Promise.all([peakOldSpace('default'), peakOldSpace('tight')]);
    // Measured: 127-170 MB without, 64-78 MB with.
    expect(tight).toBeLessThan(loose * 0.75);
  });

  it("is set for large inputs only: a small upload keeps V8's own sizing, which is a little faster", () => {
    expect(keepHeapTightFor(7_000_000)).toBe(false);
    expect(keepHeapTightFor(LARGE_INPUT_BYTES - 1)).toBe(false);
    expect(keepHeapTightFor(LARGE_INPUT_BYTES)).toBe(true);
  });
});
