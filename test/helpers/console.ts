import { expect } from 'vitest';
import { TEST_CREDENTIALS, type TestService } from './service.js';

/**
 * Signs in to a test service's console as a browser on the console's own page would (no socket), and
 * returns the session's cookie for the requests that follow.
 */
export async function consoleCookie(service: TestService): Promise<string> {
  const signIn = await service.app.inject({
    method: 'POST',
    url: '/console/sign-in',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({
      access_key_id: TEST_CREDENTIALS.accessKeyId,
      secret_access_key: TEST_CREDENTIALS.secretAccessKey,
    }).toString(),
  });
  expect(signIn.statusCode).toBe(303);
  return signIn.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}
