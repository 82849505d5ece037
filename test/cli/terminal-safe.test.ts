import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../src/util/terminal-safe.js';
import { cli } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { tempDir } from '../helpers/temp.js';

/** What a terminal would obey: ESC (sequences), BEL (ends a title), CSI as one character, NUL, CR. */
const OBEYED = new RegExp(`[${String.fromCharCode(0, 7, 13, 27, 0x9b)}]`);

describe('text from files and the service never drives the terminal', () => {
  it('shows control characters as their codes, and keeps the rest as it is', () => {
    expect(terminalSafe('김민지\t010\n')).toBe('김민지\t010\n');
    expect(terminalSafe('a\u001b[31mb\u0007c\u0000d\re\u007ff\u009bg')).toBe(
      'a\\x1B[31mb\\x07c\\x00d\\x0De\\x7Ff\\x9Bg',
    );
  });

  it('a product name that carries escape sequences is listed as text, in a table and through a pipe', async () => {
    const env = { INTAKE_CONFIG_DIR: tempDir('intake-config-'), INTAKE_DATA_DIR: tempDir('intake-data-') };
    const name = '감귤\u001b]0;pwned\u0007\u001b[31m세트';
    const set = await cli(
      ['catalog', 'set', 'P-1', '--name', name, '--image-url', 'https://x.example.com/1.jpg'],
      {
        env,
      },
    );
    expect(set.code, set.stderr).toBe(0);
    const table = await cli(['catalog', 'list', '--no-color'], { env, tty: true, columns: 200 });
    expect(table.stdout).toContain('감귤\\x1B]0;pwned\\x07\\x1B[31m세트');
    expect(table.stdout).not.toMatch(OBEYED);
    const piped = await cli(['catalog', 'list'], { env });
    expect(piped.stdout).toContain('감귤\\x1B]0;pwned\\x07\\x1B[31m세트');
    expect(piped.stdout).not.toMatch(OBEYED);
    // JSON keeps the value as it is (escaped by JSON itself).
    const json = await cli(['catalog', 'list', '--json'], { env });
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain(JSON.stringify(name).slice(1, -1));
  });

  it('a cell quoted in the check’s reasons is shown, not obeyed', async () => {
    const files = workspace();
    const csv = files.write('p.csv', 'id,name,image_url\nP-1,감귤,\u001b[2J\u001b]0;pwned\u0007https://x\n');
    const env = { INTAKE_CONFIG_DIR: tempDir('intake-config-'), INTAKE_DATA_DIR: tempDir('intake-data-') };
    const dry = await cli(['product', 'create', csv, '--dry-run'], { env });
    expect(dry.code).toBe(4);
    expect(dry.stderr).toContain('image_url ("\\x1B[2J\\x1B]0;pwned\\x07https://x")');
    expect(dry.stderr).not.toMatch(OBEYED);
  });
});
