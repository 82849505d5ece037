import { afterAll, beforeAll, expect, it } from 'vitest';
import { consoleCookie } from '../helpers/console.js';
import { sampleOrder } from '../helpers/samples.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
let cookie: string;

beforeAll(async () => {
  service = await startService({ applyDelay: { minMs: 0, maxMs: 0 } });
  await service.call('POST', '/api/v1/orders/', { body: sampleOrder('SWITCH-1') });
  await service.local.apply();
  cookie = await consoleCookie(service);
});
afterAll(() => service.close());

const headers = (contentType?: string) => ({
  cookie,
  'sec-fetch-site': 'same-origin',
  'accept-language': 'ko',
  ...(contentType ? { 'content-type': contentType } : {}),
});

/** Where the page's language switch leads (to English, from a Korean page). */
function switchTarget(body: string): string {
  const links = [...body.matchAll(/<a href="([^"]*)"[^>]*hreflang="en"/g)].map(([, href = '']) =>
    href
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
      .replaceAll('&amp;', '&'),
  );
  expect(links, 'the page has one switch to English').toHaveLength(1);
  const [target = '', lang] = (links[0] ?? '').split(/[?&]lang=/);
  expect(lang).toBe('en');
  return target;
}

it('a page of a list, narrowed, switches language to the same page of the same list', async () => {
  const asked = '/console/requests?method=POST&id=SWITCH-1&before=999999';
  const page = await service.app.inject({ method: 'GET', url: asked, headers: headers() });
  expect(page.statusCode).toBe(200);
  expect(switchTarget(page.body)).toBe(asked);
  const switched = await service.app.inject({ method: 'GET', url: `${asked}&lang=en`, headers: headers() });
  expect(switched.statusCode).toBe(303);
  expect(switched.headers.location).toBe(asked);
  // Asked again in English (the switch's own parameter never kept in the page's address).
  const english = await service.app.inject({
    method: 'GET',
    url: `${asked}&lang=en`,
    headers: { ...headers(), cookie: `${cookie}; intake_lang=en` },
  });
  expect(english.headers.location).toBe(asked);
});

it.each([
  // An edited form: a review of a kind the console does not offer.
  ['/console/orders/SWITCH-1/reviews', 'kind=glowing&item_id=SWITCH-1-1', 400, '/console/orders/SWITCH-1'],
  ['/console/clock/advance', 'by=someday', 400, '/console/conversations'],
  ['/console/faults', 'spec=not-a-fault', 422, '/console/faults'],
  ['/console/faults/clear', `padding=${'x'.repeat(2 * 1024 * 1024)}`, 413, '/console/faults'],
  ['/console/queue/apply', `padding=${'x'.repeat(2 * 1024 * 1024)}`, 413, '/console/conversations'],
  ['/console/sign-out', `padding=${'x'.repeat(2 * 1024 * 1024)}`, 413, '/console/sign-in'],
  ['/console/sign-in', 'access_key_id=AKNOBODY&secret_access_key=x', 401, '/console/sign-in'],
])(
  'a page answering POST %s switches language to a page that is there, and a failure leads back to it',
  async (url, payload, status, again) => {
    const answer = await service.app.inject({
      method: 'POST',
      url,
      headers: headers('application/x-www-form-urlencoded'),
      payload,
    });
    expect(answer.statusCode).toBe(status);
    // A failure is said in a card with the way back; a refusal the form's own page shows needs none.
    if (status !== 401 && status !== 422)
      expect(answer.body).toContain(`<a href="${again}">페이지로 돌아가기</a>`);
    const target = switchTarget(answer.body);
    expect(target).toBe(again);
    // The switch sets the language and shows that page again, in English.
    const switched = await service.app.inject({
      method: 'GET',
      url: `${target}?lang=en`,
      headers: headers(),
    });
    expect(switched.statusCode).toBe(303);
    expect(switched.headers.location).toBe(target);
    const shown = await service.app.inject({
      method: 'GET',
      url: target,
      headers: { ...headers(), cookie: `${cookie}; ${String(switched.headers['set-cookie']).split(';')[0]}` },
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<html lang="en">');
  },
);
