import { ORDERS_HEADER } from '../helpers/samples.js';
import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });

const IMAGE = 'https://shop.example.com/p.jpg';

describe('spaces around a cell, the invisible ones too', () => {
  it('are no part of an id: an order whose rows differ only by them is one order, sent with the ids as given', async () => {
    const files = workspace();
    const csv = files.write(
      'orders.csv',
      [
        ORDERS_HEADER,
        // Copied from a web page: a zero-width space after the order number, a no-break space, an
        // ideographic one (a Korean input method's full-width space), a word joiner.
        `ZW-1\u200b,김민지,010-1234-0001,ZW-1-1\u2060,P-1,감귤,${IMAGE}`,
        `\u00a0ZW-1,김민지,010-1234-0001,\u3000ZW-1-2\u200c,P-2,한라봉,${IMAGE}`,
      ].join('\n'),
    );
    const sent = await cli(['order', 'create', csv, '--json'], { env: t.env });
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.summary()).toMatchObject({ records: 1, invalid: 0 });
    await t.service.local.apply();
    expect((await t.service.local.order('ZW-1'))?.items.map((item) => item.id)).toEqual(['ZW-1-1', 'ZW-1-2']);
  });

  it('inside a value, are kept: the value is as written', async () => {
    const files = workspace();
    const csv = files.write(
      'orders.csv',
      [ORDERS_HEADER, `ZW-2,김\u200b민지,010-1234-0002,ZW-2-1,P-1,감귤,${IMAGE}`].join('\n'),
    );
    const sent = await cli(['order', 'create', csv, '--json'], { env: t.env });
    expect(sent.code, sent.stderr).toBe(0);
    await t.service.local.apply();
    expect((await t.service.local.order('ZW-2'))?.recipient_name).toBe('김\u200b민지');
  });
});
