import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { fittedWidths } from '../../src/cli/table-widths.js';
import { cli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

describe('a table wider than the terminal', () => {
  it('keeps what narrow columns need and shares the rest among the wide ones', () => {
    const cells = [
      ['id', 'name', 'image_url'],
      ['P-1', '감귤 5kg', `https://shop.example.com/${'x'.repeat(80)}.jpg`],
    ];
    // Fits as it is: nothing to change.
    expect(fittedWidths(cells, 500, stringWidth)).toBeUndefined();
    expect(fittedWidths(cells, undefined, stringWidth)).toBeUndefined();
    // 60 columns: 10 of them are borders and padding; id and name keep theirs, the address takes the rest.
    expect(fittedWidths(cells, 60, stringWidth)).toEqual([3, 8, 39]);
    // Two wide columns share what is left evenly; none is made narrower than 8.
    const twoWide = [
      ['a', 'b'],
      ['x'.repeat(50), 'y'.repeat(70)],
    ];
    expect(fittedWidths(twoWide, 47, stringWidth)).toEqual([20, 20]);
    expect(fittedWidths(twoWide, 10, stringWidth)).toEqual([8, 8]);
    // Nor narrower than its header, even where an even share would be.
    const dated = [
      ['updated_at', 'message'],
      ['2026-12-03T07:01:25.093Z', 'z'.repeat(80)],
    ];
    expect(fittedWidths(dated, 30, stringWidth)).toEqual([11, 12]);
    expect(fittedWidths(dated, 24, stringWidth)).toEqual([10, 8]);
  });

  it('wraps its widest columns at the terminal’s width, Korean included, and loses nothing', async () => {
    const env = {
      LANG: 'ko_KR.UTF-8',
      INTAKE_CONFIG_DIR: tempDir('intake-config-'),
      INTAKE_DATA_DIR: tempDir('intake-data-'),
    };
    const image = `https://shop.example.com/images/${'long-path/'.repeat(6)}p-1.jpg`;
    const name = '아주 긴 상품 이름의 제주 감귤 선물 세트';
    const set = await cli(['catalog', 'set', 'P-1', '--name', name, '--image-url', image], { env });
    expect(set.code, set.stderr).toBe(0);
    const listed = await cli(['catalog', 'list'], { env, tty: true, columns: 60 });
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.trimEnd().split('\n');
    expect(lines.map((line) => stringWidth(line)).filter((width) => width > 60)).toEqual([]);
    // Every letter is still there, read down the column.
    const column = (index: number) =>
      lines
        .filter((line) => line.startsWith('│'))
        .slice(1)
        .map((line) => (line.split('│')[index] ?? '').trim())
        .join('');
    expect(column(3)).toBe(image);
    expect(column(2).replaceAll(' ', '')).toBe(name.replaceAll(' ', ''));
    // The same list in a wide terminal is drawn as before, each value on its line.
    const wide = await cli(['catalog', 'list'], { env, tty: true, columns: 300 });
    expect(wide.stdout).toContain(`│ ${image} │`);
  });
});
