import { createHash, createHmac, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/** How a stored secret was hashed: scrypt, or one SHA-256 (data written before scrypt). */
export type SecretKdf = 'scrypt' | 'sha256';

/**
 * scrypt's cost: about 16 MiB and a few tens of milliseconds per hash, so that a secret a merchant chose
 * cannot be tried against a copy of the database at speed. Requests pay it once per process and
 * credential pair: verified pairs are remembered in memory (see `VerifiedSecrets`).
 */
const SCRYPT = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;

/** A stored secret: a random salt and the scrypt hash of the secret with it. */
export function hashSecret(secret: string, salt: Buffer = randomBytes(16)) {
  return { salt, hash: scryptSync(secret, salt, KEY_LENGTH, SCRYPT), kdf: 'scrypt' as const };
}

function derive(secret: string, salt: Buffer, kdf: SecretKdf): Promise<Buffer> {
  if (kdf === 'sha256') {
    return Promise.resolve(createHash('sha256').update(salt).update(secret, 'utf8').digest());
  }
  // The asynchronous form runs on the thread pool: a slow hash never stalls other requests.
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Compares a presented secret with a stored hash, in constant time. */
export async function secretMatches(
  secret: string,
  stored: { salt: Buffer; hash: Buffer; kdf: SecretKdf },
): Promise<boolean> {
  const candidate = await derive(secret, stored.salt, stored.kdf);
  return candidate.length === stored.hash.length && timingSafeEqual(candidate, stored.hash);
}

/**
 * Credential pairs verified since the service started, by access key id, kept as a keyed digest of the
 * secret (never the secret itself), so that each request after the first costs one HMAC.
 */
export class VerifiedSecrets {
  readonly #key = randomBytes(32);
  readonly #digests = new Map<string, Buffer>();

  #digest(secret: string): Buffer {
    return createHmac('sha256', this.#key).update(secret, 'utf8').digest();
  }

  /** True when this pair was verified before; false when unknown or different. */
  matches(accessKeyId: string, secret: string): boolean {
    const known = this.#digests.get(accessKeyId);
    return known !== undefined && timingSafeEqual(known, this.#digest(secret));
  }

  remember(accessKeyId: string, secret: string): void {
    this.#digests.set(accessKeyId, this.#digest(secret));
  }

  forget(accessKeyId: string): void {
    this.#digests.delete(accessKeyId);
  }
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A fresh access key id (`AK` and 18 base32 characters) and a 40-character secret. */
export function generateCredentials(): { accessKeyId: string; secretAccessKey: string } {
  const keyBytes = randomBytes(18);
  const accessKeyId = `AK${[...keyBytes].map((byte) => KEY_ALPHABET[byte % 32]).join('')}`;
  const secretAccessKey = randomBytes(30).toString('base64url');
  return { accessKeyId, secretAccessKey };
}
