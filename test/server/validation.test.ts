import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
beforeAll(async () => {
  service = await startService();
  await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-V') });
  await service.call('POST', '/api/v1/products/', { body: sampleProduct('P-V') });
});
afterAll(() => service.close());

type Detail = { type: string; loc: string[]; msg: string; input?: unknown; ctx?: unknown };

async function detailOf(method: string, path: string, options: { body?: unknown; raw?: string }) {
  const response = await service.call(method, path, {
    ...options,
    headers: options.raw === undefined ? {} : { 'content-type': 'application/json' },
  });
  expect(response.status).toBe(422);
  return (response.json as { detail: Detail[] }).detail;
}

const order = sampleOrder('ORD-NEW');
const item = order.items[0] as Record<string, unknown>;

describe('422 for order bodies', () => {
  it.each<[string, unknown, Partial<Detail>[]]>([
    [
      'a missing field',
      { ...order, recipient_name: undefined },
      [{ type: 'missing', loc: ['body', 'recipient_name'], msg: 'Field required' }],
    ],
    [
      'a wrong type',
      { ...order, recipient_cellphone: 1012345678 },
      [
        {
          type: 'string_type',
          loc: ['body', 'recipient_cellphone'],
          msg: 'Input should be a valid string',
          input: 1012345678,
        },
      ],
    ],
    [
      'an empty string',
      { ...order, id: '' },
      [
        {
          type: 'string_too_short',
          loc: ['body', 'id'],
          msg: 'String should have at least 1 character',
          input: '',
        },
      ],
    ],
    [
      'a blank string',
      { ...order, recipient_name: '   ' },
      [{ type: 'string_too_short', loc: ['body', 'recipient_name'], input: '   ' }],
    ],
    [
      'an id over 255 characters',
      { ...order, id: 'x'.repeat(256) },
      [{ type: 'string_too_long', loc: ['body', 'id'], msg: 'String should have at most 255 characters' }],
    ],
    [
      'items not a list',
      { ...order, items: 'P-1' },
      [{ type: 'list_type', loc: ['body', 'items'], msg: 'Input should be a valid list' }],
    ],
    [
      'no items',
      { ...order, items: [] },
      [
        {
          type: 'too_short',
          loc: ['body', 'items'],
          msg: 'List should have at least 1 item after validation, not 0',
        },
      ],
    ],
    [
      '1001 items',
      { ...order, items: Array.from({ length: 1001 }, (_, i) => ({ ...item, id: `L-${i}` })) },
      [
        {
          type: 'too_long',
          loc: ['body', 'items'],
          msg: 'List should have at most 1000 items after validation, not 1001',
        },
      ],
    ],
    [
      'nested item fields',
      {
        ...order,
        items: [
          { id: 'L-1', product: { id: 'P-1', image_url: 'https://x.example.com/a.png' } },
          { product: 5 },
        ],
      },
      [
        { type: 'missing', loc: ['body', 'items', '0', 'product', 'name'], msg: 'Field required' },
        { type: 'missing', loc: ['body', 'items', '1', 'id'] },
        { type: 'model_attributes_type', loc: ['body', 'items', '1', 'product'], input: 5 },
      ],
    ],
    [
      'a relative image URL',
      { ...order, items: [{ ...item, product: { id: 'P-1', name: 'n', image_url: '/img/a.png' } }] },
      [{ type: 'url_parsing', loc: ['body', 'items', '0', 'product', 'image_url'] }],
    ],
    [
      'an image URL with another scheme',
      {
        ...order,
        items: [{ ...item, product: { id: 'P-1', name: 'n', image_url: 'ftp://x.example.com/a.png' } }],
      },
      [{ type: 'url_scheme', msg: "URL scheme should be 'http' or 'https'" }],
    ],
    [
      'an image URL over 2048 characters',
      {
        ...order,
        items: [
          {
            ...item,
            product: { id: 'P-1', name: 'n', image_url: `https://x.example.com/${'a'.repeat(2040)}` },
          },
        ],
      },
      [{ type: 'string_too_long', loc: ['body', 'items', '0', 'product', 'image_url'] }],
    ],
    [
      'an item id used twice in the order',
      { ...order, items: [item, { ...item }] },
      [{ type: 'value_error', loc: ['body', 'items', '1', 'id'] }],
    ],
    [
      'options that are not strings',
      { ...order, items: [{ ...item, product_option: ['red', 2] }] },
      [{ type: 'string_type', loc: ['body', 'items', '0', 'product_option', '1'] }],
    ],
  ])('%s', async (_name, body, expected) => {
    const detail = await detailOf('POST', '/api/v1/orders/', { body });
    expect(detail).toHaveLength(expected.length);
    expected.forEach((entry, index) => expect(detail[index]).toMatchObject(entry));
  });

  it('gives the parent object as the input of a missing field', async () => {
    const body = { ...order, recipient_name: undefined };
    const [entry] = await detailOf('POST', '/api/v1/orders/', { body });
    expect(entry?.input).toEqual(JSON.parse(JSON.stringify(body)));
  });

  it('ignores unknown fields', async () => {
    const response = await service.call('POST', '/api/v1/orders/', {
      body: { ...sampleOrder('ORD-EXTRA'), note: 'gift' },
    });
    expect(response.status).toBe(202);
  });
});

describe('422 for bodies that are not JSON objects', () => {
  it.each<[string, string, Detail]>([
    [
      'malformed JSON',
      '{"id": "A", "items": }',
      {
        type: 'json_invalid',
        loc: ['body', '21'],
        msg: 'JSON decode error',
        input: {},
        ctx: { error: 'Expecting value' },
      },
    ],
    [
      'a missing comma',
      '{"id": "A" "items": []}',
      {
        type: 'json_invalid',
        loc: ['body', '11'],
        msg: 'JSON decode error',
        input: {},
        ctx: { error: "Expecting ',' delimiter" },
      },
    ],
    [
      'an unterminated string',
      '{"id": "A',
      {
        type: 'json_invalid',
        loc: ['body', '7'],
        msg: 'JSON decode error',
        input: {},
        ctx: { error: 'Unterminated string starting at' },
      },
    ],
    [
      'a JSON array',
      '[1, 2]',
      {
        type: 'model_attributes_type',
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: [1, 2],
      },
    ],
    [
      'a JSON string',
      '"order"',
      {
        type: 'model_attributes_type',
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: 'order',
      },
    ],
    [
      'JSON null',
      'null',
      {
        type: 'model_attributes_type',
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: null,
      },
    ],
  ])('%s', async (_name, raw, expected) => {
    expect(await detailOf('POST', '/api/v1/orders/', { raw })).toEqual([expected]);
  });

  it('an empty body is a missing body', async () => {
    expect(await detailOf('POST', '/api/v1/products/', { raw: '' })).toEqual([
      { type: 'missing', loc: ['body'], msg: 'Field required', input: null },
    ]);
  });

  it('a body sent as text/plain is still read as JSON', async () => {
    const response = await service.call('POST', '/api/v1/products/', {
      raw: JSON.stringify(sampleProduct('P-TEXT')),
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(202);
  });

  it('deeply nested input does not break the answer', async () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const response = await service.call('POST', '/api/v1/products/', {
      raw: `{"id": ${deep}, "name": "n", "image_url": "https://x.example.com/a.png"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(422);
    expect((response.json as { detail: Detail[] }).detail[0]).toMatchObject({
      type: 'string_type',
      loc: ['body', 'id'],
    });
  });
});

describe('422 for other bodies', () => {
  it.each<[string, string, string, unknown, Partial<Detail>[]]>([
    [
      'order PATCH without a field',
      'PATCH',
      '/api/v1/orders/ORD-V',
      { recipient_name: '김민지' },
      [{ type: 'missing', loc: ['body', 'recipient_cellphone'] }],
    ],
    [
      'product PATCH with an empty name',
      'PATCH',
      '/api/v1/products/P-V/',
      { name: '' },
      [{ type: 'string_too_short', loc: ['body', 'name'] }],
    ],
    [
      'product PATCH with a bad URL',
      'PATCH',
      '/api/v1/products/P-V/',
      { image_url: 'nope' },
      [{ type: 'url_parsing', loc: ['body', 'image_url'] }],
    ],
    [
      'product without a name',
      'POST',
      '/api/v1/products/',
      { id: 'P-X', image_url: 'https://x.example.com/a.png' },
      [{ type: 'missing', loc: ['body', 'name'] }],
    ],
    [
      'shipment with an unknown carrier',
      'POST',
      '/api/v1/orders/ORD-V/shipments/',
      { order_item_ids: ['ORD-V-1'], company_code: 'kr.nowhere', tracking_number: '1' },
      [{ type: 'enum', loc: ['body', 'company_code'], input: 'kr.nowhere' }],
    ],
    [
      'self delivery with a tracking number',
      'POST',
      '/api/v1/orders/ORD-V/shipments/',
      { order_item_ids: ['ORD-V-1'], company_code: 'self', tracking_number: '12345' },
      [{ type: 'value_error', loc: ['body', 'tracking_number'] }],
    ],
    [
      'repeated item ids',
      'POST',
      '/api/v1/orders/ORD-V/shipments/',
      { order_item_ids: ['ORD-V-1', 'ORD-V-1'], company_code: 'kr.epost', tracking_number: '1' },
      [{ type: 'value_error', loc: ['body', 'order_item_ids', '1'] }],
    ],
    [
      'no item ids',
      'POST',
      '/api/v1/orders/ORD-V/shipments/',
      { order_item_ids: [], company_code: 'kr.epost', tracking_number: '1' },
      [{ type: 'too_short', loc: ['body', 'order_item_ids'] }],
    ],
    [
      'an item of another order',
      'POST',
      '/api/v1/orders/ORD-V/shipments/',
      { order_item_ids: ['ORD-V-1', 'ORD-NONE-1'], company_code: 'kr.epost', tracking_number: '1' },
      [{ type: 'value_error', loc: ['body', 'order_item_ids', '1'], input: 'ORD-NONE-1' }],
    ],
    [
      'an order_id other than the path’s',
      'POST',
      '/api/v1/orders/ORD-V/shipments/',
      { order_id: 'ORD-W', order_item_ids: ['ORD-V-1'], company_code: 'kr.epost', tracking_number: '1' },
      [{ type: 'value_error', loc: ['body', 'order_id'], input: 'ORD-W' }],
    ],
  ])('%s', async (_name, method, path, body, expected) => {
    const detail = await detailOf(method, path, { body });
    expect(detail).toHaveLength(expected.length);
    expected.forEach((entry, index) => expect(detail[index]).toMatchObject(entry));
  });
});

describe('422 for the rewards query', () => {
  it.each<[string, string, Partial<Detail>[]]>([
    [
      'no dates',
      '',
      [
        { type: 'missing', loc: ['query', 'start_date'] },
        { type: 'missing', loc: ['query', 'end_date'] },
      ],
    ],
    [
      'no end date',
      '?start_date=2026-11-01',
      [{ type: 'missing', loc: ['query', 'end_date'], msg: 'Field required' }],
    ],
    [
      'a short date',
      '?start_date=2026-1-1&end_date=2026-11-02',
      [
        {
          type: 'date_from_datetime_parsing',
          loc: ['query', 'start_date'],
          msg: 'Input should be a valid date or datetime, input is too short',
        },
      ],
    ],
    [
      'a month out of range',
      '?start_date=2026-13-01&end_date=2026-11-02',
      [
        {
          type: 'date_from_datetime_parsing',
          msg: 'Input should be a valid date or datetime, month value is outside expected range of 1-12',
        },
      ],
    ],
    [
      'a day that does not exist',
      '?start_date=2026-11-01&end_date=2026-02-29',
      [
        {
          type: 'date_from_datetime_parsing',
          loc: ['query', 'end_date'],
          msg: 'Input should be a valid date or datetime, day value is outside expected range',
        },
      ],
    ],
    [
      'a date with a time',
      '?start_date=2026-11-01T00:00:00&end_date=2026-11-02',
      [{ type: 'date_from_datetime_parsing', loc: ['query', 'start_date'] }],
    ],
    [
      'a word',
      '?start_date=today&end_date=2026-11-02',
      [{ type: 'date_from_datetime_parsing', loc: ['query', 'start_date'] }],
    ],
  ])('%s', async (_name, query, expected) => {
    const detail = await detailOf('GET', `/api/v1/rewards/${query}`, {});
    expect(detail).toHaveLength(expected.length);
    expected.forEach((entry, index) => expect(detail[index]).toMatchObject(entry));
  });
});
