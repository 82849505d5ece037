import { createHmac, timingSafeEqual } from 'node:crypto';

/** The console's session cookie: the merchant signed in, until when, signed with the service's key. */
export const CONSOLE_COOKIE = 'intake_console';
/** How long a sign-in lasts. */
export const SESSION_MS = 12 * 3_600_000;

const sign = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');

/**
 * A session as a signed value (no state on the server: any process of the service, sharing its
 * database and so its key, reads it): `merchant.expiry.signature`.
 */
export function sessionValue(key: Buffer, merchantId: string, now: number): string {
  const text = `${Buffer.from(merchantId).toString('base64url')}.${now + SESSION_MS}`;
  return `${text}.${sign(key, text)}`;
}

/** The merchant id a cookie carries, when its signature is the service's and it has not expired. */
export function sessionMerchant(key: Buffer, value: string | undefined, now: number): string | undefined {
  if (!value) return undefined;
  const [merchant = '', expiry = '', signature = ''] = value.split('.');
  const expected = Buffer.from(sign(key, `${merchant}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (!(Number(expiry) > now)) return undefined;
  return Buffer.from(merchant, 'base64url').toString();
}
