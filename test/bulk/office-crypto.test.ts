import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  blockKeyFrom,
  type AgileScheme,
  deriveOnce,
  officeCrypto,
  spunPassword,
} from '../../src/bulk/read/xlsx/office-crypto.js';
import { seededRandom } from '../../src/util/random.js';

const require = createRequire(import.meta.url);
const AGILE = require.resolve('officecrypto-tool/src/crypto/ecma376_agile.js');

type Derive = AgileScheme['convertPasswordToKey'];

/** A copy of the library's agile scheme as it ships, apart from the one the library itself uses. */
function pristineScheme(): AgileScheme {
  const shared = require.cache[AGILE];
  delete require.cache[AGILE];
  try {
    return require(AGILE) as AgileScheme;
  } finally {
    if (shared) require.cache[AGILE] = shared;
    else delete require.cache[AGILE];
  }
}

function pristineDerive(): Derive {
  const scheme = pristineScheme();
  return scheme.convertPasswordToKey.bind(scheme);
}

/** `length` bytes from a seeded source. */
const bytes = (random: () => number, length: number): Buffer =>
  Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));

const BLOCK_KEYS = [
  Buffer.from([0xfe, 0xa7, 0xd2, 0x76, 0x3b, 0x4b, 0x9e, 0x79]),
  Buffer.from([0xd7, 0xaa, 0x0f, 0x6d, 0x30, 0x61, 0x34, 0x4e]),
  Buffer.from([0x14, 0x6e, 0x0b, 0xe7, 0xab, 0xac, 0xd0, 0xd6]),
];

describe('the keys of a workbook locked by a password', () => {
  it('are the library’s own, derived once for the three keys of a file', () => {
    const library = pristineDerive();
    const random = seededRandom(20261202);
    const derive = deriveOnce();
    const cases: [string, string, number, number][] = [
      ['SHA512', 'Hallabong#2026', 100_000, 256],
      ['SHA512', '비밀번호 1234', 37, 256],
      ['SHA256', 'x', 1, 128],
      ['SHA1', 'a longer password, with spaces', 12, 256], // 20 bytes padded to 32
      ['SHA512', 'p', 0, 192],
    ];
    for (const [hashAlgorithm, password, spinCount, keyBits] of cases) {
      const salt = bytes(random, 16);
      // The library takes a second or two for each key of 100,000 rounds: one of those is enough.
      for (const blockKey of spinCount > 1000 ? BLOCK_KEYS.slice(2) : BLOCK_KEYS) {
        expect(derive(password, hashAlgorithm, salt, spinCount, keyBits, blockKey)).toEqual(
          library(password, hashAlgorithm, salt, spinCount, keyBits, blockKey),
        );
      }
      const spun = spunPassword(password, hashAlgorithm, salt, spinCount);
      expect(blockKeyFrom(spun, hashAlgorithm, BLOCK_KEYS[2] as Buffer, keyBits)).toEqual(
        library(password, hashAlgorithm, salt, spinCount, keyBits, BLOCK_KEYS[2] as Buffer),
      );
    }
  });

  it('are derived again for another file’s salt or another password, never taken from the last', () => {
    const library = pristineDerive();
    const derive = deriveOnce();
    const random = seededRandom(7);
    const block = BLOCK_KEYS[0] as Buffer;
    const salt = bytes(random, 16);
    const first = derive('one', 'SHA512', salt, 50, 256, block);
    // Each time one thing differs from the call before: the salt, the rounds, the hash, the password.
    const calls: [string, string, Buffer, number][] = [
      ['one', 'SHA512', bytes(random, 16), 50],
      ['one', 'SHA512', salt, 50],
      ['one', 'SHA512', salt, 51],
      ['one', 'SHA256', salt, 51],
      ['two', 'SHA256', salt, 51],
    ];
    for (const [password, hashAlgorithm, saltValue, spinCount] of calls) {
      expect(derive(password, hashAlgorithm, saltValue, spinCount, 256, block)).toEqual(
        library(password, hashAlgorithm, saltValue, spinCount, 256, block),
      );
    }
    expect(derive('one', 'SHA512', salt, 50, 256, block)).toEqual(first);
  });

  it('lock and open a workbook through the library with its derivation replaced', async () => {
    const crypto = await officeCrypto();
    const scheme = require(AGILE) as AgileScheme;
    expect(scheme.convertPasswordToKey.toString()).not.toEqual(
      pristineScheme().convertPasswordToKey.toString(),
    );
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    book.addWorksheet('주문').addRow(['상품주문번호', '2026112277700']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const locked = crypto.encrypt(bytes, { password: '한라봉#2026' });
    expect(crypto.isEncrypted(locked)).toBe(true);
    expect(await crypto.decrypt(locked, { password: '한라봉#2026' })).toEqual(bytes);
    await expect(crypto.decrypt(locked, { password: '한라봉#2025' })).rejects.toThrow(
      /password is incorrect/i,
    );
  });
});
