import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { disagreements, LISTED_ROWS } from '../../src/bulk/check/agreement.js';
import { sayIn } from '../../src/bulk/said-words.js';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { ORDERS_HEADER } from '../helpers/samples.js';

const t = useService();

const IMAGE = 'https://shop.example.com/p.jpg';

/** Rows of one order whose phone is written two ways by turns, and once a third way near the end. */
function rowsOfOneOrder(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const phone = index === count - 2 ? '010-9999-0000' : index % 2 === 0 ? '010-1234-5678' : '010-1234-5679';
    return `ONE-1,김민지,${phone},ONE-1-${index + 1},P-1,감귤,${IMAGE}`;
  });
}

describe('an order whose many rows disagree', () => {
  it('lists ten of its rows, each value among them, and counts the rest, on each of its rows', () => {
    const rows = Array.from({ length: 3_000 }, (_, index) => ({
      row: index + 2,
      fields: [
        {
          column: 'recipient_cellphone',
          raw: index === 2_990 ? '010-9999-0000' : index % 2 === 0 ? '010-1234-5678' : '010-1234-5679',
          key: index === 2_990 ? '01099990000' : index % 2 === 0 ? '01012345678' : '01012345679',
        },
      ],
    }));
    const found = disagreements(rows, 'row');
    expect(found.size).toBe(3_000);
    const problem = found.get(2)?.[0];
    expect(problem?.message).toBe(
      'must be the same in every row of this order, and is not: row 2 "010-1234-5678", row 3 "010-1234-5679", ' +
        'row 4 "010-1234-5678", row 5 "010-1234-5679", row 6 "010-1234-5678", row 7 "010-1234-5679", ' +
        'row 8 "010-1234-5678", row 9 "010-1234-5679", row 10 "010-1234-5678", row 2992 "010-9999-0000", ' +
        'and 2,990 more rows',
    );
    // Every row carries the same words (one string, not one list of 3,000 rows per row).
    expect(found.get(3_001)?.[0]?.message).toBe(problem?.message);
    expect(sayIn('ko', problem?.message ?? '', problem?.said)).toMatch(
      /^같은 주문의 모든 행에서 같아야 하는데 다릅니다: 2행 "010-1234-5678", .*, 2992행 "010-9999-0000" 외 2,990개 행$/,
    );
    expect(sayIn('en', problem?.message ?? '', problem?.said)).toMatch(
      /, row 2992 "010-9999-0000", and 2,990 more rows$/,
    );
    expect(LISTED_ROWS).toBe(10);
  });

  it('a few rows are all listed, with nothing counted', () => {
    const rows = [2, 3, 4].map((row) => ({
      row,
      fields: [
        { column: 'recipient_name', raw: row === 3 ? '조은비' : '조은우', key: row === 3 ? 'b' : 'a' },
      ],
    }));
    const problem = disagreements(rows, 'row').get(4)?.[0];
    expect(problem?.message).toBe(
      'must be the same in every row of this order, and is not: row 2 "조은우", row 3 "조은비", row 4 "조은우"',
    );
    expect(problem?.said?.values).not.toHaveProperty('more');
    expect(sayIn('ko', problem?.message ?? '', problem?.said)).toBe(
      '같은 주문의 모든 행에서 같아야 하는데 다릅니다: 2행 "조은우", 3행 "조은비", 4행 "조은우"',
    );
  });

  it('the CLI checks 6,000 rows of one order at once, and its rejects file stays the size of the file', async () => {
    // As when a file's order column is mapped to a column of one value: every row becomes one order.
    const files = workspace();
    const csv = files.write('orders.csv', [ORDERS_HEADER, ...rowsOfOneOrder(6_000)].join('\n'));
    const dry = await cli(['order', 'create', csv, '--dry-run'], { env: t.env });
    expect(dry.code).toBe(4);
    expect(dry.stderr).toContain(
      'row 2: has 6,000 rows; at most 1,000 are allowed (is its id read from the right column?)',
    );
    expect(dry.stderr).toContain(
      'row 3, recipient_cellphone ("010-1234-5679"): must be the same in every row of this order, and is not: ' +
        'row 2 "010-1234-5678", row 3 "010-1234-5679"',
    );
    expect(dry.stderr).toContain('row 6000 "010-9999-0000", and 5,990 more rows');
    const rejects = readFileSync(files.path('orders.rejects.csv'), 'utf8');
    expect(rejects.split('\n').length).toBeGreaterThan(6_000);
    // Each row's reason is a few hundred characters: the file is a few times the size of the input, not
    // 6,000 times (it was 949 MB for such a file before the list was cut).
    expect(rejects.length).toBeLessThan(20 * readFileSync(csv, 'utf8').length);

    const korean = await cli(['order', 'create', csv, '--dry-run'], {
      env: { ...t.env, LANG: 'ko_KR.UTF-8' },
    });
    expect(korean.stderr).toContain('6000행 "010-9999-0000" 외 5,990개 행');
    expect(korean.stderr).toContain(
      '행이 6,000개입니다. 주문 하나에 1,000개까지입니다 (주문번호를 맞는 열에서 읽었는지 확인하세요)',
    );
    // The rows to fix name the column of reasons as the file has it; the order's reason is in the same
    // words as the terminal's.
    expect(korean.stderr).toContain('orders.rejects.csv (원래 열에 "사유" 열을 더함).');
    const [header, second] = readFileSync(files.path('orders.rejects.csv'), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\n');
    expect(header?.split(',').at(-1)).toBe('사유');
    expect(second).toContain(
      '행이 6,000개입니다. 주문 하나에 1,000개까지입니다 (주문번호를 맞는 열에서 읽었는지 확인하세요)',
    );
  });
});
