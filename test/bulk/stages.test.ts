import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkUnits } from '../../src/bulk/check/check.js';
import { assembleRecords } from '../../src/bulk/send/group.js';
import { conflictIsOwn, differingFields, fieldPrints } from '../../src/bulk/outcome.js';
import { orders } from '../../src/bulk/resources.js';
import { InputChanged, openInput } from '../../src/bulk/read/source.js';
import { openUnits } from '../../src/bulk/read/units.js';
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
  const header =
    'order_id,recipient_name,recipient_cellphone,item_id,product_id,product_name,product_image_url';
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
