import { describe, expect, it } from 'vitest';
import {
  calendarDateProblem,
  check,
  FakeSettings,
  formatLoc,
  OrderCreateBody,
  parseBasicAuthorization,
  ShipmentRecord,
} from '../../src/contract/index.js';
import { formatDuration, parseDuration, parseDurationRange } from '../../src/util/duration.js';

describe('calendarDateProblem', () => {
  it.each([
    ['2026-11-22', undefined],
    ['2024-02-29', undefined],
    ['2026-02-29', 'day value is outside expected range'],
    ['2026-04-31', 'day value is outside expected range'],
    ['2026-00-10', 'month value is outside expected range of 1-12'],
    ['2026/11/22', 'invalid date separator, expected `-`'],
    ['20x6-11-22', 'invalid character in year'],
    ['2026-1-2', 'input is too short'],
    ['2026-11-22Z', 'unexpected extra characters at the end of the input'],
  ])('%s → %s', (text, problem) => {
    expect(calendarDateProblem(text)).toBe(problem);
  });
});

describe('formatLoc', () => {
  it.each([
    [['body', 'items', '0', 'product', 'id'], 'items[0].product.id'],
    [['body', 'items', 0, 'id'], 'items[0].id'],
    [['query', 'start_date'], 'start_date'],
    [['body'], 'body'],
    [['order_item_ids', '2'], 'order_item_ids[2]'],
  ])('%j → %s', (loc, text) => {
    expect(formatLoc(loc)).toBe(text);
  });
});

describe('parseBasicAuthorization', () => {
  const token = (text: string) => Buffer.from(text).toString('base64');
  it.each([
    [undefined, { ok: false, problem: 'missing' }],
    [
      `Basic ${token('id:se:cret')}`,
      { ok: true, credentials: { accessKeyId: 'id', secretAccessKey: 'se:cret' } },
    ],
    [`basic ${token('id:')}`, { ok: true, credentials: { accessKeyId: 'id', secretAccessKey: '' } }],
    [`Basic ${token(':x')}`, { ok: false, problem: 'invalid' }],
    ['Basic YQ', { ok: false, problem: 'invalid' }],
    ['Basic YR==', { ok: false, problem: 'invalid' }],
    [`Basic  ${token('a:b')}`, { ok: false, problem: 'invalid' }],
    [`Digest ${token('a:b')}`, { ok: false, problem: 'invalid' }],
  ])('%s', (header, result) => {
    expect(parseBasicAuthorization(header)).toEqual(result);
  });
});

describe('durations', () => {
  it.each([
    ['0', 0],
    ['2s', 2000],
    ['500ms', 500],
    ['1m', 60_000],
    ['1h30m', 5_400_000],
    ['7d', 604_800_000],
    ['36h', 129_600_000],
    ['1.5', 1500],
    ['soon', undefined],
    ['5x', undefined],
    ['', undefined],
  ])('%s → %s', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it('reads ranges', () => {
    expect(parseDurationRange('1m-5m')).toEqual({ minMs: 60_000, maxMs: 300_000 });
    expect(parseDurationRange('2s')).toEqual({ minMs: 2000, maxMs: 2000 });
    expect(parseDurationRange('5m-1m')).toBeUndefined();
  });

  it('writes them short', () => {
    expect([850, 2500, 200_000, 187_200_000].map(formatDuration)).toEqual([
      '850ms',
      '2.5s',
      '3m 20s',
      '2d 4h',
    ]);
  });
});

describe('records', () => {
  it('a shipment record needs its order id', () => {
    const result = check(
      ShipmentRecord,
      { order_item_ids: ['a'], company_code: 'kr.epost', tracking_number: '1' },
      [],
    );
    expect(result).toMatchObject({ ok: false, issues: [{ type: 'missing', loc: ['order_id'] }] });
  });

  it('keeps values as sent, spaces included', () => {
    const order = {
      id: ' ORD-1 ',
      recipient_name: ' 김민지',
      recipient_cellphone: '010-1234-5678',
      items: [{ id: 'L1', product: { id: 'P1', name: '감귤', image_url: 'https://x.example.com/a.png' } }],
    };
    expect(check(OrderCreateBody, order, [])).toMatchObject({
      ok: true,
      value: { id: ' ORD-1 ', recipient_name: ' 김민지' },
    });
  });
});

describe('a number out of its bounds, in Pydantic’s words (not a list’s)', () => {
  it.each([
    [
      { per_second: 1001, burst: 1 },
      'per_second',
      'less_than_equal',
      'Input should be less than or equal to 1000',
      { le: 1000 },
    ],
    [{ per_second: 0, burst: 1 }, 'per_second', 'greater_than', 'Input should be greater than 0', { gt: 0 }],
    [
      { per_second: 1, burst: 0 },
      'burst',
      'greater_than_equal',
      'Input should be greater than or equal to 1',
      { ge: 1 },
    ],
  ])('%j: %s', (rate, field, type, msg, ctx) => {
    const checked = check(FakeSettings, { rate }, ['body']);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.issues).toEqual([
      { type, loc: ['body', 'rate', field], msg, input: rate[field as keyof typeof rate], ctx },
    ]);
  });
});
