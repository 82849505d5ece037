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
  const link = /<a href="([^"]*)\?lang=en"/.exec(body);
  expect(link, 'the page has a language switch').not.toBeNull();
  return link?.[1] ?? '';
}

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
