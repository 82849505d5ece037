import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets are stored as SHA-256 of a random salt and the secret. Service secrets are long random tokens,
 * not passwords people choose, so a slow password hash would add latency to every request and no safety.
 */
export function hashSecret(secret: string, salt: Buffer = randomBytes(16)): { salt: Buffer; hash: Buffer } {
  return { salt, hash: digest(salt, secret) };
}

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatches(secret: string, salt: Buffer, hash: Buffer): boolean {
  const candidate = digest(salt, secret);
  return candidate.length === hash.length && timingSafeEqual(candidate, hash);
}

function digest(salt: Buffer, secret: string): Buffer {
  return createHash('sha256').update(salt).update(secret, 'utf8').digest();
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A fresh access key id (`AK` and 18 base32 characters) and a 40-character secret. */
export function generateCredentials(): { accessKeyId: string; secretAccessKey: string } {
  const keyBytes = randomBytes(18);
  const accessKeyId = `AK${[...keyBytes].map((byte) => KEY_ALPHABET[byte % 32]).join('')}`;
  const secretAccessKey = randomBytes(30).toString('base64url');
  return { accessKeyId, secretAccessKey };
}
