import { describe, expect, it } from 'vitest';
import { FingerprintTable } from '../../src/bulk/check/fingerprint-table.js';
import { fingerprintOf, hash64, rowFingerprint } from '../../src/bulk/read/fingerprint.js';
import { GroupIndex, MAX_COUNTED_UNITS, lastUnitsOf } from '../../src/bulk/check/group-index.js';
import { ItemRows } from '../../src/bulk/check/item-rows.js';

describe('FingerprintTable', () => {
  it('keeps the first value per key through many growths', () => {
    const table = new FingerprintTable(4);
    for (let i = 0; i < 50_000; i++) expect(table.add(`ORD-${i}`, i)).toBe(i);
    for (let i = 0; i < 50_000; i += 7) expect(table.add(`ORD-${i}`, -5 + i)).toBe(i);
    expect(table.size).toBe(50_000);
    for (let i = 0; i < 50_000; i += 13) expect(table.get(`ORD-${i}`)).toBe(i);
    expect(table.get('ORD-50000')).toBe(-1);
    expect(table.get('주문-1')).toBe(-1);
  });

  // The slots hold only values; each key's fingerprint is kept by its value. 12-byte slots took 16.8 MB.
  it('holds a million ids, one per row, in 14 MB when sized for them', () => {
    const ids = new ItemRows(true, 1_000_000);
    let firstRows = 0;
    for (let row = 0; row < 1_000_000; row++) if (ids.add(`IT-${row}`, row) === row) firstRows += 1;
    expect(firstRows).toBe(1_000_000);
    expect(ids.size).toBe(1_000_000);
    expect(ids.byteLength).toBeLessThanOrEqual(14.1e6);
    for (let row = 0; row < 1_000_000; row += 9973) expect(ids.get(`IT-${row}`)).toBe(row);
    expect(ids.add('IT-500', 999_999)).toBe(500);
    ids.release();
    expect(ids.byteLength).toBe(0);
  });

  it('numbers the items of units that hold several, and gives back the row that first used each', () => {
    const ids = new ItemRows(false, 10);
    for (let row = 0; row < 3000; row++) {
      for (let item = 0; item < 3; item++) expect(ids.add(`IT-${row}-${item}`, row)).toBe(row);
    }
    expect(ids.size).toBe(9000);
    expect(ids.add('IT-17-2', 2999)).toBe(17);
    expect(ids.get('IT-2999-0')).toBe(2999);
    expect(ids.get('IT-3000-0')).toBe(-1);
  });

  it('has no fingerprint collisions over a million similar ids', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1_000_000; i++) {
      const [hi, lo] = hash64(`ORD-${String(i).padStart(7, '0')}-${i % 3}`);
      seen.add(`${hi}:${lo}`);
    }
    expect(seen.size).toBe(1_000_000);
    expect(fingerprintOf('a')).not.toBe(fingerprintOf('b'));
  });

  it('fingerprints a row as its cells joined by U+001F, and finds text that did not decode', () => {
    for (const cells of [[], [''], ['a', 'b'], ['a\u001fb'], ['김민지', '010-1234-5678', '']]) {
      expect(rowFingerprint(cells)).toEqual({
        content: fingerprintOf(cells.join('\u001f')),
        replacement: false,
      });
    }
    expect(rowFingerprint(['a', 'b']).content).not.toBe(rowFingerprint(['ab']).content);
    expect(rowFingerprint(['ok', 'bro\uFFFDken']).replacement).toBe(true);
  });
});

describe('GroupIndex', () => {
  it('numbers groups in order and tracks rows, counts and reasons', () => {
    const groups = new GroupIndex();
    for (let i = 0; i < 5000; i++) expect(groups.add(`G-${i}`, i + 2, i, 100)).toBe(i);
    groups.addRow(10);
    groups.invalidate(10, 'first reason');
    groups.invalidate(10, 'second reason');
    expect(groups.lookup('G-10')).toBe(10);
    expect([groups.firstRow(10), groups.units(10), groups.fingerprint(10)]).toEqual([12, 2, 10]);
    expect(groups.invalid(10)).toBe('first reason');
    expect(groups.invalid(11)).toBeUndefined();
    expect(groups.lookup('G-5000')).toBe(-1);
  });

  // Sizes are kept in 4 bytes: past 4 GiB they stay at the most, never wrap round to look small.
  it("counts a record's size up to the largest it can keep, without wrapping", () => {
    const groups = new GroupIndex();
    const big = groups.add('BIG', 2, Number.NaN, 3 * 2 ** 30);
    groups.addRow(big, 2 ** 31);
    expect(groups.bytes(big)).toBe(2 ** 32 - 1);
    const huge = groups.add('HUGE', 4, Number.NaN, 2 ** 32 + 10);
    expect(groups.bytes(huge)).toBe(2 ** 32 - 1);
    const small = groups.add('SMALL', 5, Number.NaN, 700);
    groups.addRow(small, 300);
    expect(groups.bytes(small)).toBe(1000);
  });
});

describe('GroupIndex, counting rows', () => {
  // Rows are counted in 2 bytes: past the most they stay there, never wrap round to look few.
  it("counts a group's rows up to the most it can keep, without wrapping", () => {
    const groups = new GroupIndex();
    const big = groups.add('BIG', 2, Number.NaN, 10);
    for (let row = 0; row < MAX_COUNTED_UNITS + 5; row++) groups.addRow(big);
    expect(groups.units(big)).toBe(MAX_COUNTED_UNITS);
  });
});

describe('lastUnitsOf', () => {
  it('marks the last unit of each group, whatever the order of its units, and no unit of none', async () => {
    const { Column } = await import('../../src/bulk/check/memory.js');
    // Units 0-9: groups 0, 1, 0, -1 (invalid alone), 2, 1, -2 (skipped), 2, 0, -1; then unused room.
    const groupOfUnit = new Column(Int32Array, 40, -1);
    groupOfUnit.array.set([0, 1, 0, -1, 2, 1, -2, 2, 0, -1]);
    const last = lastUnitsOf(groupOfUnit, 3);
    const marked = [...Array(45).keys()].filter((unit) => last.has(unit));
    expect(marked).toEqual([5, 7, 8]);
  });
});

describe('Column', () => {
  it('grows in place keeping its values, fills new elements, and empties on release', async () => {
    const { Column } = await import('../../src/bulk/check/memory.js');
    const column = new Column(Int32Array, 4, -1);
    column.array.set([1, 2, 3, 4]);
    column.ensure(10);
    expect(column.length).toBeGreaterThanOrEqual(10);
    expect([...column.array.slice(0, 6)]).toEqual([1, 2, 3, 4, -1, -1]);
    column.release();
    expect(column.length).toBe(0);
  });
});
