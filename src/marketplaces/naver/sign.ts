import bcrypt from 'bcryptjs';

/** What a Naver application secret looks like: a bcrypt salt (`$2a$10$` and 22 characters). */
export const NAVER_SECRET_PATTERN = /^\$2[aby]?\$\d{2}\$[./A-Za-z0-9]{22}$/;

/**
 * Naver Commerce API's `client_secret_sign`: bcrypt of `client_id_timestamp` with the application
 * secret as the salt, then Base64 of the hash's text (the reference's worked vectors are the tests').
 */
export function naverSignature(clientId: string, clientSecret: string, timestampMs: number | string): string {
  const hashed = bcrypt.hashSync(`${clientId}_${timestampMs}`, clientSecret);
  return Buffer.from(hashed, 'utf8').toString('base64');
}
