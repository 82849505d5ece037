import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_UNIT_CHARACTERS, ndjsonLines, splitJsonArray } from '../../src/bulk/read/json-stream.js';

async function split(chunks: string[]) {
  const out: { position: number; text: string | undefined }[] = [];
  for await (const { position, text } of splitJsonArray(Readable.from(chunks), 'test.json'))
    out.push({ position, text });
  return out;
}

describe('splitJsonArray', () => {
  const text = ' [ {"id": "a,]b", "n": [1, {"x": "}"}]}, {"id": "c\\"d"} ,"e", 12 ]\n';
  const expected = ['{"id": "a,]b", "n": [1, {"x": "}"}]}', '{"id": "c\\"d"}', '"e"', '12'];

  it('splits top-level elements and ignores separators inside strings and nested values', async () => {
    expect((await split([text])).map((element) => element.text?.trim())).toEqual(expected);
  });

  it('gives the same elements whatever the chunk boundaries', async () => {
    for (let size = 1; size <= text.length; size++) {
      const chunks = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      const elements = await split(chunks);
      expect(
        elements.map((element) => element.text?.trim()),
        `chunk size ${size}`,
      ).toEqual(expected);
      expect(elements.map((element) => element.position)).toEqual([1, 2, 3, 4]);
    }
  });

  it('reads an empty array', async () => {
    expect(await split(['[ ]'])).toEqual([]);
  });

  it('passes an empty element on as text that will not parse', async () => {
    expect((await split(['[1,,2]'])).map((element) => element.text)).toEqual(['1', '', '2']);
  });

  it.each([
    ['{"not": "an array"}', 'is not a JSON array'],
    ['[1, 2', 'is not closed'],
    ['[1] x', 'unexpected text after'],
    ['   ', 'is empty'],
  ])('refuses %j', async (input, message) => {
    await expect(split([input])).rejects.toThrow(message);
  });
});

describe('ndjsonLines', () => {
  it('gives non-blank lines with their line numbers, CRLF or LF', async () => {
    const lines: [number, string | undefined][] = [];
    for await (const line of ndjsonLines(Readable.from(['{"a":1}\r\n\r\n{"b":', '2}\n  \n{"c":3}'])))
      lines.push([line.position, line.text]);
    expect(lines).toEqual([
      [1, '{"a":1}'],
      [3, '{"b":2}'],
      [5, '{"c":3}'],
    ]);
  });
});

describe('units too long to keep', () => {
  const huge = `{"name": "${'x'.repeat(MAX_UNIT_CHARACTERS)}"}`;
  const chunks = (text: string) => text.match(/[^]{1,65536}/g) as string[];

  it('an NDJSON line is given by its length, not its text, and the next line is read as usual', async () => {
    const lines = [];
    for await (const line of ndjsonLines(Readable.from(chunks(`${huge}\n{"a":1}\n`)))) lines.push(line);
    expect(lines).toEqual([
      { position: 1, text: undefined, length: huge.length },
      { position: 2, text: '{"a":1}', length: 7 },
    ]);
  });

  it('so is an element of a JSON array', async () => {
    expect(await split(chunks(`[${huge}, {"a": 1}]`))).toEqual([
      { position: 1, text: undefined },
      { position: 2, text: '{"a": 1}' },
    ]);
  });
});
