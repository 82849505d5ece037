import { createHmac, timingSafeEqual } from 'node:crypto';

/** Coupang's `signed-date`: the time in UTC as `yyMMdd'T'HHmmss'Z'`. */
export function coupangSignedDate(at: Date): string {
  return `${at.toISOString().slice(2, 19).replace(/[-:]/g, '')}Z`;
}

/** The time a `signed-date` names, or undefined when it is not one. */
export function signedDateTime(text: string): number | undefined {
  const found = /^(\d{2})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!found) return undefined;
  const [, yy, mm, dd, hh, mi, ss] = found.map(Number) as number[];
  return Date.UTC(2000 + (yy as number), (mm as number) - 1, dd, hh, mi, ss);
}

/** Lower-case hex HMAC-SHA256 of `signedDate + METHOD + path + query` (the query as on the wire, no `?`). */
export function coupangSignature(
  secretKey: string,
  signedDate: string,
  method: string,
  path: string,
  query: string,
): string {
  return createHmac('sha256', secretKey)
    .update(`${signedDate}${method.toUpperCase()}${path}${query}`, 'utf8')
    .digest('hex');
}

/** The `Authorization` header of a Coupang request. */
export function coupangAuthorization(
  keys: { accessKey: string; secretKey: string },
  signedDate: string,
  method: string,
  path: string,
  query: string,
): string {
  const signature = coupangSignature(keys.secretKey, signedDate, method, path, query);
  return `CEA algorithm=HmacSHA256, access-key=${keys.accessKey}, signed-date=${signedDate}, signature=${signature}`;
}

/** The parts of a Coupang `Authorization` header, read strictly; undefined when it is not one. */
export function parseCoupangAuthorization(
  header: string,
): { accessKey: string; signedDate: string; signature: string } | undefined {
  const found =
    /^CEA algorithm=HmacSHA256, access-key=([^,\s]+), signed-date=(\d{6}T\d{6}Z), signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!found) return undefined;
  return { accessKey: found[1] as string, signedDate: found[2] as string, signature: found[3] as string };
}

/** Whether two hex signatures are the same, compared in constant time. */
export function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
