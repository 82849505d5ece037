import { describe, expect, it } from 'vitest';
import { sampleOrder } from '../helpers/samples.js';
import { consoleCookie } from '../helpers/console.js';
import { servicesClosedAfterEach } from '../helpers/service.js';

const { service } = servicesClosedAfterEach();

/** Each page of the console with the field of its address that it reads. */
const PAGES = [
  '/console/conversations?q=',
  '/console/conversations?buyer=',
  '/console/conversations?page=',
  '/console/conversations/panel?buyer=',
  '/console/orders?before=',
  '/console/orders/',
  '/console/products?before=',
  '/console/jobs?before=',
  '/console/rewards?before=',
  '/console/requests?before=',
  '/console/requests?method=',
  '/console/requests?status=',
  '/console/requests?id=',
  '/console/faults?x=',
  '/console/marketplaces?x=',
];

/** Values no page expects: a NUL, words for numbers, numbers past any range, broken escapes, length. */
const ODD = ['%00', 'abc', '-1', '99999999999999999999', '1e3', '%ZZ', '%E0%A4%A', '', 'x'.repeat(3000)];

describe('the console answers any address of its pages', () => {
  it('odd values, and a field given twice, are pages like any other: never a 5xx', async () => {
    const s = await service();
    await s.call('POST', '/api/v1/orders/', { body: sampleOrder('ADDR-1') });
    const cookie = await consoleCookie(s);
    const failed: string[] = [];
    const ask = async (url: string) => {
      const answer = await s.app.inject({ method: 'GET', url, headers: { cookie } });
      if (answer.statusCode >= 500) failed.push(`${answer.statusCode} ${url.slice(0, 80)}`);
    };
    for (const page of PAGES) {
      for (const value of ODD) await ask(`${page}${value}`);
      // The same field twice (`?q=a&q=b`): the first is read.
      await ask(`${page}1&${page.split('?')[1] ?? 'x='}2`);
    }
    // A conversation's key made of texts with a NUL; a review posted for one.
    await ask(
      `/console/conversations?buyer=${Buffer.from(JSON.stringify(['\u0000', '010'])).toString('base64url')}`,
    );
    for (const [order, item] of [
      ['%00', 'ADDR-1-1'],
      ['ADDR-1', '%00'],
    ]) {
      const posted = await s.app.inject({
        method: 'POST',
        url: `/console/orders/${order}/reviews`,
        headers: {
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
        },
        payload: `kind=photo&item_id=${item}`,
      });
      if (posted.statusCode >= 500) failed.push(`${posted.statusCode} POST review ${order} ${item}`);
    }
    expect(failed.join('\n')).toBe('');
    // Given twice, the first value is the one read.
    const twice = await s.app.inject({
      method: 'GET',
      url: '/console/requests?id=ADDR-1&id=nobody',
      headers: { cookie },
    });
    expect(twice.body).toContain('1 of 1,');
  });
});
