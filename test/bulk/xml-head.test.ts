import iconv from 'iconv-lite';
import { expect, it } from 'vitest';
import { readXml } from '../../src/bulk/read/xlsx/xml.js';

/** The texts of `<c>` elements in `bytes`, given to the reader `size` bytes at a time. */
async function texts(bytes: Buffer, size: number): Promise<string[]> {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  const found: string[] = [];
  let inside = false;
  const handlers = {
    open: (name: string) => {
      inside = name === 'c';
      if (inside) found.push('');
    },
    text: (text: string) => {
      if (inside) found[found.length - 1] += text;
    },
    close: () => {
      inside = false;
    },
  };
  for await (const _ of readXml(chunks, handlers, 'the sheet')) void _;
  return found;
}

const part = (encoding: string) =>
  `<?xml version="1.0" encoding="${encoding}" standalone="yes"?><r><c>김민지</c><c>제주 감귤 5kg</c></r>`;

it.each([
  [
    'UTF-16 with its byte-order mark',
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(part('UTF-16'), 'utf16le')]),
  ],
  ['UTF-16 without a byte-order mark', Buffer.from(part('UTF-16'), 'utf16le')],
  ['EUC-KR, as its declaration says', iconv.encode(part('EUC-KR'), 'euc-kr')],
  ['UTF-8', Buffer.from(part('UTF-8'))],
])('a part in %s is read the same whether its bytes come at once or a few at a time', async (_, bytes) => {
  for (const size of [bytes.length, 1, 3, 64]) {
    expect(await texts(bytes, size), `${size} bytes at a time`).toEqual(['김민지', '제주 감귤 5kg']);
  }
});
