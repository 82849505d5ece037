import { ORDERS_HEADER } from '../helpers/samples.js';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkUnits } from '../../src/bulk/check/check.js';
import { inspectionOf } from '../../src/bulk/layout/inspect.js';
import { InvalidGroups } from '../../src/bulk/check/group-index.js';
import { ProblemBook } from '../../src/bulk/check/problem-book.js';
import { assembleRecords } from '../../src/bulk/send/group.js';
import { conflictIsOwn, differingFields, fieldPrints } from '../../src/bulk/outcome.js';
import { orders } from '../../src/bulk/resources.js';
import { InputChanged, openInput } from '../../src/bulk/read/source.js';
import { openUnits } from '../../src/bulk/layout/units.js';
import { normalizeServiceUrl } from '../../src/client/service-address.js';
import { uploadOptions } from '../../src/commands/shared/upload-options.js';
import { workspace } from '../helpers/files.js';

describe('a 409 is about the record itself only when it names its own id', () => {
  it.each([
    ["Order 'ORD-1' already exists.", 'ORD-1', ['ORD-1-1'], true],
    ['Order "ORD-1" already exists', 'ORD-1', [], true],
    ['duplicate order ORD-1', 'ORD-1', [], true],
    ["Order item 'ORD-1-1' already exists in order 'ORD-9'.", 'ORD-1', ['ORD-1-1'], false],
    ["Order item 'X-1' already exists in order 'ORD-1'.", 'ORD-1', ['X-1'], false],
    ["Order 'ORD-10' already exists.", 'ORD-1', [], false],
    ["Order 'ORD-1-2' already exists.", 'ORD-1', [], false],
    ['Conflict', 'ORD-1', [], false],
    ["Product 'P-(1)' already exists.", 'P-(1)', [], true],
  ])('%j for %s', (detail, own, others, expected) => {
    expect(conflictIsOwn(detail, own, others)).toBe(expected);
  });
});

describe('fields that differ', () => {
  it('are named without keeping their values', () => {
    const before = fieldPrints({ recipient_name: '김민지', recipient_cellphone: '010-1', items: [1] });
    const after = fieldPrints({ recipient_name: '김민지', recipient_cellphone: '010-2', items: [2] });
    expect(differingFields(before, after)).toEqual(['recipient_cellphone', 'items']);
    expect(JSON.stringify(before)).not.toContain('김민지');
  });
});

describe('one service however its address is written', () => {
  it.each([
    ['http://127.0.0.1:8080', 'http://loopback:8080'],
    ['http://localhost:8080/', 'http://loopback:8080'],
    ['HTTP://LOCALHOST:8080//', 'http://loopback:8080'],
    ['http://[::1]:8080', 'http://loopback:8080'],
    ['https://Intake.Example.com', 'https://intake.example.com:443'],
    ['https://intake.example.com:443/base/', 'https://intake.example.com:443/base'],
    ['http://intake.example.com/?x=1#y', 'http://intake.example.com:80'],
  ])('%s', (written, normal) => {
    expect(normalizeServiceUrl(written)).toBe(normal);
  });
});

describe('the group stage reads what the check pass checked', () => {
  const header = ORDERS_HEADER;
  const row = (id: string, item: string) =>
    `${id},김민지,010-1234-5678,${item},P-1,감귤,https://shop.example.com/p.jpg`;

  it('gives the records before a changed row and stops at it, even when the file looks the same', async () => {
    const files = workspace();
    const path = files.write(
      'orders.csv',
      [header, row('A', 'A-1'), row('B', 'B-1'), row('C', 'C-1')].join('\n'),
    );
    const checkedSource = await openInput({} as never, path);
    const units = await openUnits(checkedSource, 'csv', orders as never, {
      options: uploadOptions({ concurrency: '1', resume: true }),
      context: {},
      password: () => Promise.reject(new Error('no password here')),
    });
    const plan = await checkUnits(units);
    // The same length, rewritten in place: a new row in the middle.
    writeFileSync(path, [header, row('A', 'A-1'), row('B', 'X-1'), row('C', 'C-1')].join('\n'));
    const source = await openInput({} as never, path);
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const event of assembleRecords(units, plan, source)) {
          if (event.type === 'record') seen.push((event.record as { id: string }).id);
        }
      })(),
    ).rejects.toBeInstanceOf(InputChanged);
    expect(seen).toEqual(['A']);
    plan.release();
  });
});

describe('the problems of a file whose every row is invalid are not all held', () => {
  const header = ORDERS_HEADER;
  const line = (id: string, phone: string, item: string, name = '감귤') =>
    `${id},김민지,${phone},${item},P-1,${name},https://shop.example.com/p.jpg`;

  it('says of each row and record what a book that keeps every problem says', async () => {
    const files = workspace();
    const rows = [
      line('A', '1012345678', 'A-1'),
      line('A', '010-1234-5678', 'A-2', ''),
      line('B', '010-1234-5678', 'B-1'),
      line('C', '010-1234-5678', 'B-1'),
      line('D', '010-1234-5678', 'D-1'),
      line('D', '01099998888', 'D-2', ''),
      line('E', 'not a phone', 'E-1', ''),
      line('F', '010-1234-5678', 'F-1'),
      line('G', '1012345679', 'F-1', ''),
      line('H', '010-1234-5678', 'H-1'),
    ];
    const path = files.write('orders.csv', [header, ...rows].join('\n'));
    const said = async (wholeProblemRows?: number) => {
      const source = await openInput({} as never, path);
      const units = await openUnits(source, 'csv', orders as never, {
        options: uploadOptions({ resume: true }),
        context: {},
        password: () => Promise.reject(new Error('no password here')),
      });
      const plan = await checkUnits(units, undefined, { wholeProblemRows });
      const events: string[] = [];
      for await (const event of assembleRecords(units, plan, source)) {
        if (event.type === 'invalid') {
          events.push(`${event.id}: ${event.message}`);
          for (const unit of event.units) events.push(`  ${unit.row}: ${event.reasonOf(unit)}`);
        } else if (event.type === 'record') events.push(`${(event.record as { id: string }).id}: sent`);
      }
      const rowsWithProblems = plan.problems.rows;
      plan.release();
      return { events, rowsWithProblems };
    };
    const whole = await said();
    expect(whole.events.filter((event) => event.endsWith(': sent'))).toEqual(['F: sent', 'H: sent']);
    expect(whole.events.join('\n')).toContain('item id B-1 is also used by another order');
    // Row A-1's phone lost its 0: its order's rows disagree too, said on both.
    expect(whole.rowsWithProblems).toBe(7);
    for (const kept of [0, 1, 3])
      expect((await said(kept)).events, `${kept} rows kept whole`).toEqual(whole.events);
  });
});

describe("the send pass finds an invalid row's problems once", () => {
  it('however often its reason is asked (its reason, its rejects line, its event)', async () => {
    const files = workspace();
    const header = ORDERS_HEADER;
    const rows = Array.from(
      { length: 20 },
      (_, n) => `O-${n},김민지,1012345678,O-${n}-1,P-1,감귤,https://shop.example.com/p.jpg`,
    );
    const path = files.write('orders.csv', [header, ...rows].join('\n'));
    const source = await openInput({} as never, path);
    const units = await openUnits(source, 'csv', orders as never, {
      options: uploadOptions({ resume: true }),
      context: {},
      password: () => Promise.reject(new Error('no password here')),
    });
    // No row kept whole: every row's problems are found again by the send pass.
    const plan = await checkUnits(units, undefined, { wholeProblemRows: 0 });
    const { layout } = units;
    const inspect = layout.inspect.bind(layout);
    let inspections = 0;
    layout.inspect = (value) => {
      inspections += 1;
      return inspect(value);
    };
    const reasons: string[] = [];
    for await (const event of assembleRecords(units, plan, source)) {
      if (event.type !== 'invalid') continue;
      for (const unit of event.units) {
        reasons.push(event.reasonOf(unit));
        expect(event.reasonOf(unit)).toBe(reasons.at(-1));
        expect(plan.problems.of(unit.row, () => inspectionOf(layout, unit).problems)).toHaveLength(1);
      }
    }
    plan.release();
    expect(reasons).toHaveLength(20);
    expect(reasons[0]).toContain('recipient_cellphone');
    expect(inspections).toBe(20);
  });
});

describe('a book of problems that keeps only the first rows whole', () => {
  it('finds the others again in the order the check found them, and counts every row', () => {
    const book = new ProblemBook({ wholeRows: 1 });
    const own = (row: number) => [{ column: 'name', message: `own ${row}` }];
    const found = (row: number) => [{ message: `found ${row}` }];
    book.addOwn(2, own(2));
    // Row 3: a problem found across rows before its own (the record's rows differ), then its own.
    book.addFound(3, found(3));
    book.addOwn(3, own(3));
    book.addOwn(4, own(4));
    book.addOwn(5, []);
    // Found once the whole file is read (a record too large): after the row's own problems.
    book.addFound(4, found(4));
    book.addFound(5, found(5));
    let inspected = 0;
    const again = (row: number) => () => {
      inspected += 1;
      return own(row);
    };
    expect(book.of(2, again(2))).toEqual(own(2));
    expect(inspected).toBe(0);
    expect(book.of(3, again(3))).toEqual([...found(3), ...own(3)]);
    expect(book.of(4, again(4))).toEqual([...own(4), ...found(4)]);
    // Row 5 had no problem of its own: inspecting it again finds none.
    expect(book.of(5, () => [])).toEqual(found(5));
    expect(book.of(6, () => [])).toEqual([]);
    expect(book.rows).toBe(4);
    expect([...book.listed().keys()].sort()).toEqual([2, 3, 4, 5]);
  });
});

describe('the invalid groups of a check', () => {
  it('keep the first reason of each, a row in a column or a text, and count them', () => {
    const invalid = new InvalidGroups();
    invalid.add(3, { ownProblemsOfRow: 7 });
    invalid.add(3, 'later reason');
    invalid.add(5000, 'item id X is also used by order Y');
    invalid.add(5000, { ownProblemsOfRow: 9 });
    expect(invalid.get(3)).toEqual({ ownProblemsOfRow: 7 });
    expect(invalid.get(5000)).toBe('item id X is also used by order Y');
    expect(invalid.get(4)).toBeUndefined();
    expect(invalid.get(1_000_000)).toBeUndefined();
    expect(invalid.size).toBe(2);
    invalid.release();
    expect(invalid.get(3)).toBeUndefined();
  });
});
