import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runShell } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';

const DEMO = join(import.meta.dirname, '..', '..', 'dist', 'demo', 'demo.js');

// `npm run demo` is the README's first command: it runs here as a person runs it, so that a commit
// which breaks it does not pass.
describe('npm run demo', () => {
  it('runs every step as it should, shows what the bot sent, and leaves nothing behind', async () => {
    const tmp = tempDir('intake-demo-tmp-');
    const result = await runShell(`exec node ${JSON.stringify(DEMO)}`, { TMPDIR: tmp, LANG: 'C.UTF-8' });
    expect(result.stderr).not.toContain('The demo stopped');
    expect(result.code, result.stderr).toBe(0);
    for (const shown of [
      '$ intake order create fixtures/orders-with-errors.csv --dry-run',
      '$ intake pull naver',
      '$ intake push naver',
      // What the bot wrote: a shipment's message with its product and image, a thanks after three days.
      'CJ대한통운 운송장번호 640123456701',
      'To: 최유나 (010-4567-8901)',
      '포토 리뷰 적립 · 제주 감귤 5kg',
    ]) {
      expect(result.stdout).toContain(shown);
    }
    expect(readdirSync(tmp)).toEqual([]);
  });
});
