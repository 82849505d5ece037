import { describe, expect, it } from 'vitest';
import { locateJsonError, readJson } from '../../src/contract/index.js';

describe('locateJsonError gives Python json positions and messages', () => {
  it.each([
    ['', 0, 'Expecting value'],
    ['   ', 3, 'Expecting value'],
    ['{"a":}', 5, 'Expecting value'],
    ['{"a":1', 6, "Expecting ',' delimiter"],
    ['{"a" 1}', 5, "Expecting ':' delimiter"],
    ['{a:1}', 1, 'Expecting property name enclosed in double quotes'],
    ['{"a":1,}', 7, 'Expecting property name enclosed in double quotes'],
    ['[1,2,]', 5, 'Expecting value'],
    ['[1 2]', 3, "Expecting ',' delimiter"],
    ['{"a":1}x', 7, 'Extra data'],
    ['{"a":1} {"b":2}', 8, 'Extra data'],
    ['"abc', 0, 'Unterminated string starting at'],
    ['{"a":"\\q"}', 6, 'Invalid \\escape'],
    ['{"a":"\\u12G4"}', 7, 'Invalid \\uXXXX escape'],
    ['{"a":"x\ny"}', 7, 'Invalid control character at'],
    ['[01]', 2, "Expecting ',' delimiter"],
    ['[-]', 1, 'Expecting value'],
    ['tru', 0, 'Expecting value'],
    ['\uFEFF{}', 0, 'Unexpected UTF-8 BOM (decode using utf-8-sig)'],
    ['['.repeat(100_000), 100_000, 'Expecting value'],
  ])('%j → %i %s', (text, offset, error) => {
    expect(readJson(text)).toMatchObject({ ok: false });
    expect(locateJsonError(text)).toEqual({ offset, error });
  });

  it('reads valid JSON', () => {
    expect(readJson(' {"a": [1, "x", null, true]} ')).toEqual({
      ok: true,
      value: { a: [1, 'x', null, true] },
    });
  });
});
