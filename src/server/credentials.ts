import { createHash, hash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

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

/** Most `Authorization` headers remembered at once; more than any service has merchants. */
const HEADERS_REMEMBERED = 4096;

/**
 * `Authorization` headers whose credentials were verified since the service started, kept as a keyed
 * SHA-256 digest of the header (never the secret itself), with the access key id they carry: a request
 * after the first costs one digest and one lookup, not a parse and an HMAC.
 */
export class VerifiedSecrets {
  /** A random key of this process, so a digest is worthless outside it. */
  readonly #key = randomBytes(32).toString('base64');
  readonly #headers = new Map<string, string>();

  /** A keyed digest of a header: what is kept of it, and what names it while it is being checked. */
  digest(header: string): string {
    return hash('sha256', this.#key + header, 'base64');
  }

  /** The access key id of a header verified before, or undefined. */
  accessKeyIdOf(header: string): string | undefined {
    return this.#headers.get(this.digest(header));
  }

  remember(header: string, accessKeyId: string): void {
    if (this.#headers.size >= HEADERS_REMEMBERED) this.#headers.clear();
    this.#headers.set(this.digest(header), accessKeyId);
  }

  /** Forgets every header of an access key id (its secret changed, or the merchant did). */
  forget(accessKeyId: string): void {
    for (const [digest, owner] of this.#headers) if (owner === accessKeyId) this.#headers.delete(digest);
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
