/**
 * Two independent 32-bit hashes of a text (FNV-1a and a multiply-xorshift variant), together a 64-bit
 * fingerprint. The check pass keeps fingerprints instead of the ids themselves, so that a million-row
 * file is checked in little memory; two different ids share a fingerprint about once in 2^64.
 */
export function hash64(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    a = Math.imul(a ^ ch, 0x01000193);
    b = Math.imul(b ^ ch, 0x5bd1e995);
    b ^= b >>> 13;
  }
  b = Math.imul(b ^ (b >>> 15), 0x27d4eb2d);
  return [a >>> 0, (b ^ (b >>> 16)) >>> 0];
}

/** A 53-bit fingerprint (exact in a double), for comparing what rows of one record must agree on. */
export function fingerprintOf(text: string): number {
  const [a, b] = hash64(text);
  return a * 0x200000 + (b & 0x1fffff);
}

/**
 * The fingerprint of a row's cells (as `fingerprintOf` of the cells joined by U+001F, without making
 * that string), and whether any cell holds U+FFFD, the mark of text that did not decode.
 */
export function rowFingerprint(cells: readonly string[]): { content: number; replacement: boolean } {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  let replacement = false;
  for (let cell = 0; cell < cells.length; cell++) {
    if (cell > 0) {
      a = Math.imul(a ^ 0x1f, 0x01000193);
      b = Math.imul(b ^ 0x1f, 0x5bd1e995);
      b ^= b >>> 13;
    }
    const text = cells[cell] as string;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 0xfffd) replacement = true;
      a = Math.imul(a ^ ch, 0x01000193);
      b = Math.imul(b ^ ch, 0x5bd1e995);
      b ^= b >>> 13;
    }
  }
  b = Math.imul(b ^ (b >>> 15), 0x27d4eb2d);
  return { content: (a >>> 0) * 0x200000 + (((b ^ (b >>> 16)) >>> 0) & 0x1fffff), replacement };
}
