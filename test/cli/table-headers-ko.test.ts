import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headerKo } from '../../src/cli/table-headers-ko.js';
import { cli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const KO = { LANG: 'ko_KR.UTF-8', NO_COLOR: '1' };
const EN = { LANG: 'en_US.UTF-8', NO_COLOR: '1' };

/** The first line of a table that has words in it: its header. */
const headerLine = (stdout: string) => stdout.split('\n').find((line) => /[\p{L}]/u.test(line)) ?? '';

describe('a table at a Korean terminal', () => {
  it('names its columns in Korean; an English terminal, CSV and JSON keep the field names', async () => {
    const ko = await cli(['carriers'], { tty: true, env: KO });
    expect(ko.code, ko.stderr).toBe(0);
    expect(headerLine(ko.stdout)).toMatch(/│ 코드\s+│ 이름\s+│/);
    expect(ko.stdout).not.toMatch(/│ code /);

    const en = await cli(['carriers'], { tty: true, env: EN });
    expect(headerLine(en.stdout)).toMatch(/│ code\s+│ name\s+│/);

    const csv = await cli(['carriers', '-o', 'csv'], { tty: true, env: KO });
    expect(csv.stdout.split('\n')[0]).toBe('code,name');
    const json = await cli(['carriers', '--json'], { tty: true, env: KO });
    expect(Object.keys((json.json() as object[])[0] as object)).toEqual(['code', 'name']);
  });

  it('a pipe gets rows without a header, in any language', async () => {
    const piped = await cli(['carriers'], { tty: false, env: KO });
    expect(piped.stdout).not.toContain('코드');
    expect(piped.stdout.split('\n')[0]).toMatch(/^self\t/);
  });

  it('the fields a --query names keep their names', async () => {
    const queried = await cli(['carriers', '--query', '[].{code: code}'], { tty: true, env: KO });
    expect(queried.code, queried.stderr).toBe(0);
    expect(headerLine(queried.stdout)).toMatch(/│ code\s+│/);
  });

  it('a setting’s table names where each value came from in Korean', async () => {
    const env = {
      ...KO,
      INTAKE_CONFIG_DIR: tempDir('intake-cfg-'),
      INTAKE_DATA_DIR: tempDir('intake-data-'),
    };
    const listed = await cli(['config', 'list'], { tty: true, env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(headerLine(listed.stdout)).toMatch(/│ 설정\s+│ 값\s+│ 출처\s+│ 정한 곳\s+│/);
  });

  it('every header of every table in the source has a Korean name', () => {
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.ts'),
    );
    const missing: string[] = [];
    let headers = 0;
    for (const file of files) {
      const text = readFileSync(join('src', file), 'utf8');
      // A column whose field means something else in its table says its own (`ko:` on its line).
      for (const [line] of text.matchAll(/^.*\bheader: '[^']+'.*$/gm)) {
        const header = /\bheader: '([^']+)'/.exec(line)?.[1] as string;
        headers += 1;
        const own = /\bko: '([^']+)'/.exec(line)?.[1];
        if (/[가-힣]/.test(header) || /[가-힣]/.test(headerKo(header, own))) continue;
        missing.push(`${file}: ${header}`);
      }
    }
    expect(headers).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
