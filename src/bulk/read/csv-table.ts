import { open } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { delimiterFlag, guessDelimiter, readCsvRows } from './csv-rows.js';
import { detectEncoding, openText, type TextEncoding } from './encoding.js';
import type { UploadOptions } from '../options.js';
import type { InputSource } from './source.js';
import type { Table } from './table.js';

/** The first line of a file, and about how many lines it has (from the length of the first ones). */
async function sampleLines(
  path: string,
  encoding: TextEncoding,
  size: number,
): Promise<{ first: string; estimate: number }> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const sample = buffer.subarray(0, bytesRead);
    const lines = sample.reduce((count, byte) => (byte === 0x0a ? count + 1 : count), 0);
    const text = iconv.decode(sample, encoding.name);
    return {
      first: text.split(/\r?\n/, 1)[0] ?? '',
      estimate: lines === 0 ? 1 : Math.ceil((size / bytesRead) * lines),
    };
  } finally {
    await handle.close();
  }
}

/** A CSV file as a table: its encoding detected (or `--encoding`), its delimiter guessed (or `--delimiter`). */
export async function csvTable(source: InputSource, options: UploadOptions): Promise<Table> {
  const encoding = await detectEncoding(source.path, options.encoding);
  const sample = await sampleLines(source.path, encoding, source.size);
  const delimiter =
    options.delimiter !== undefined
      ? delimiterFlag(options.delimiter)
      : source.path.toLowerCase().endsWith('.tsv')
        ? '\t'
        : guessDelimiter(sample.first);
  const other = encoding.name === 'utf8' ? 'UTF-8' : encoding.name;
  return {
    format: 'csv',
    label: source.label,
    encoding,
    delimiter,
    estimatedRows: sample.estimate,
    rows: () => readCsvRows(openText(source.path, encoding), delimiter, source.label),
    unreadable: (cells) =>
      cells.some((cell) => cell.includes('\uFFFD'))
        ? `has characters that are not ${other}; is the file in another encoding (--encoding cp949)?`
        : undefined,
    close: async () => {},
  };
}
