import { createHash, hash } from 'node:crypto';
import { createRequire } from 'node:module';
import type OfficeCrypto from 'officecrypto-tool';

/** officecrypto-tool's agile (ECMA-376) scheme, as far as the key it derives from a password. */
export interface AgileScheme {
  convertPasswordToKey(
    password: string,
    hashAlgorithm: string,
    saltValue: Buffer,
    spinCount: number,
    keyBits: number,
    blockKey: Buffer,
  ): Buffer;
}

/**
 * The password hashed again `spinCount` times (MS-OFFCRYPTO 2.3.4.11: H0 = H(salt + password in
 * UTF-16LE), Hn = H(n as 32-bit little-endian + Hn-1)). Excel's files ask 100,000 rounds.
 */
export function spunPassword(
  password: string,
  hashAlgorithm: string,
  salt: Buffer,
  spinCount: number,
): Buffer {
  let key = createHash(hashAlgorithm).update(salt).update(Buffer.from(password, 'utf16le')).digest();
  const round = Buffer.alloc(4 + key.length);
  for (let i = 0; i < spinCount; i++) {
    round.writeUInt32LE(i, 0);
    key.copy(round, 4);
    key = hash(hashAlgorithm, round, 'buffer');
  }
  return key;
}

/** One of a file's keys from the spun password: its block's hash, cut or padded with 0x36 to `keyBits`. */
export function blockKeyFrom(spun: Buffer, hashAlgorithm: string, blockKey: Buffer, keyBits: number): Buffer {
  const key = createHash(hashAlgorithm).update(spun).update(blockKey).digest();
  const bytes = keyBits / 8;
  if (key.length >= bytes) return key.subarray(0, bytes);
  const padded = Buffer.alloc(bytes, 0x36);
  key.copy(padded);
  return padded;
}

/**
 * The library derives each of a file's three keys (the verifier's input, its hash, the package's key)
 * from the start, 100,000 hashes each, though the spun password is the same for all three: about 1.2 s
 * of one core to open or write one locked workbook, with the event loop held. This spins it once a
 * file, kept by the salt's own buffer (the library passes the one it read or made for the file to each
 * of the three), so that it goes with the file's encryption info and no password outlives it; each
 * round is hashed with Node's one-shot `hash`, without the library's new buffers a round. The same keys,
 * in about a fifth of the time.
 */
export function deriveOnce(): AgileScheme['convertPasswordToKey'] {
  const spun = new WeakMap<
    Buffer,
    { password: string; hashAlgorithm: string; spinCount: number; key: Buffer }
  >();
  return (password, hashAlgorithm, saltValue, spinCount, keyBits, blockKey) => {
    let known = spun.get(saltValue);
    if (
      known?.password !== password ||
      known.hashAlgorithm !== hashAlgorithm ||
      known.spinCount !== spinCount
    ) {
      known = {
        password,
        hashAlgorithm,
        spinCount,
        key: spunPassword(password, hashAlgorithm, saltValue, spinCount),
      };
      spun.set(saltValue, known);
    }
    return blockKeyFrom(known.key, hashAlgorithm, blockKey, keyBits);
  };
}

let loaded: Promise<typeof OfficeCrypto> | undefined;

/** officecrypto-tool, loaded on first use, with its agile scheme deriving each file's keys once. */
export function officeCrypto(): Promise<typeof OfficeCrypto> {
  return (loaded ??= import('officecrypto-tool').then((module) => {
    const agile = createRequire(import.meta.url)(
      'officecrypto-tool/src/crypto/ecma376_agile.js',
    ) as Partial<AgileScheme>;
    // Another version of the library with another shape keeps its own derivation.
    if (typeof agile.convertPasswordToKey === 'function' && agile.convertPasswordToKey.length === 6) {
      agile.convertPasswordToKey = deriveOnce();
    }
    return module.default;
  }));
}
