/** The four 401 texts of the service, exactly. */
export const AUTH_DETAILS = {
  required: 'Authorization header required.',
  invalid: 'Authorization header was invalid.',
  unknownKey: 'Access key id was invalid.',
  wrongSecret: 'Secret access key was invalid.',
} as const;

/** The reason the credential check gives for valid credentials. */
export const VALID_CREDENTIALS_REASON = 'The credentials are valid and may use the API.';

/** An access key id and its secret. */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** `Authorization` value for a credential pair: Basic, Base64 of `id:secret`. */
export function basicAuthorization({ accessKeyId, secretAccessKey }: Credentials): string {
  return `Basic ${Buffer.from(`${accessKeyId}:${secretAccessKey}`, 'utf8').toString('base64')}`;
}

const BASIC = /^basic ([A-Za-z0-9+/]+={0,2})$/i;

/**
 * Reads an `Authorization` header: scheme `Basic` in any case, one space, canonical Base64 of
 * `id:secret` split at the first colon. Anything else is `invalid`; no header is `missing`.
 */
export function parseBasicAuthorization(
  header: string | undefined,
): { ok: true; credentials: Credentials } | { ok: false; problem: 'missing' | 'invalid' } {
  if (header === undefined) return { ok: false, problem: 'missing' };
  const token = BASIC.exec(header)?.[1];
  if (token === undefined || token.length % 4 !== 0) return { ok: false, problem: 'invalid' };
  const bytes = Buffer.from(token, 'base64');
  // Buffer.from ignores stray bits; a token that does not re-encode to itself is not canonical Base64.
  if (bytes.toString('base64') !== token) return { ok: false, problem: 'invalid' };
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  const colon = decoded.indexOf(':');
  if (colon <= 0) return { ok: false, problem: 'invalid' };
  return {
    ok: true,
    credentials: { accessKeyId: decoded.slice(0, colon), secretAccessKey: decoded.slice(colon + 1) },
  };
}
