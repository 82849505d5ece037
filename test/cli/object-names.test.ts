import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/files.js';

const t = useService();

// Names every JavaScript object has: a table of choices looked up by one found its inherited member
// (the encoding `constructor` was Object itself), and the command failed as "unexpected".
const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe('a choice named as a member every object has is a usage error like any unknown choice', () => {
  it.each(NAMES)('%s', async (name) => {
    const orders = `${FIXTURES}/orders.csv`;
    for (const [argv, said] of [
      [['order', 'create', orders, '--dry-run', '--encoding', name], '--encoding must be one of'],
      [['order', 'create', orders, '--dry-run', '--delimiter', name], '--delimiter must be'],
      [['columns', 'show', name], 'there is no layout or preset'],
      [['help', name], 'has no command or topic'],
      [['serve', '--review-points', `${name}=1`, '--port', '0'], '--review-points'],
    ] as const) {
      const result = await cli([...argv], { env: t.env });
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stderr, argv.join(' ')).toContain(said);
      expect(result.stderr, argv.join(' ')).not.toContain('unexpected error');
    }
  });
});
