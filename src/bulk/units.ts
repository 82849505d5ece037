import { open } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { nestingDepth, readJson } from '../contract/json-text.js';
import { UsageError } from '../cli/errors.js';
import { readColumnMapping, locateColumns } from './columns.js';
import { delimiterFlag, guessDelimiter, readCsvRows } from './csv-rows.js';
import { detectEncoding, openText, type TextEncoding } from './encoding.js';
import { ndjsonLines, splitJsonArray, type JsonText } from './json-stream.js';
import { CSV_LAYOUTS } from './csv-layouts.js';
import { fingerprintOf } from './fingerprint.js';
import { jsonLayout, type Layout } from './layouts.js';
import type { UploadOptions } from './options.js';
import type { Resource } from './resources.js';
import type { Problem } from './problems.js';
import { lineAndColumn, type InputFormat, type InputSource } from './source.js';

/** How deeply a JSON record may nest; no record of the contract comes near it. */
const MAX_JSON_DEPTH = 64;

/** One row (CSV), line (NDJSON) or element (JSON array), as read. */
export interface Unit {
  /** Spreadsheet row (header = 1), NDJSON line, or position in the JSON array (from 1). */
  row: number;
  /** The cells of a CSV row, or the JSON value (the raw text when it does not parse). */
  original: unknown;
  /** What the layout reads: cells by column name, or the JSON value. */
  value: unknown;
  /** A fingerprint of the unit's text as read, to tell a unit from a changed one. */
  content: number;
  /** Why the unit cannot be read at all (not JSON; characters of another encoding). */
  unreadable?: Problem;
}

/** An input opened for reading units, any number of times (once to check, once to send). */
export interface UnitSource {
  format: InputFormat;
  encoding: TextEncoding;
  layout: Layout;
  /** The CSV header as in the file, and the delimiter. */
  header?: string[];
  delimiter?: string;
  /** What a unit's number means: row, line or record. */
  unitName: 'row' | 'line' | 'record';
  /** About how many units there are, from the file size and the first rows (CSV). */
  estimatedUnits?: number;
  units(): AsyncGenerator<Unit>;
}

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

const hasReplacement = (cells: readonly string[]) => cells.some((cell) => cell.includes('\uFFFD'));

/** Opens an input of many records in its format, with the layout of its resource. */
export async function openUnits(
  source: InputSource,
  format: InputFormat,
  resource: Resource<unknown>,
  options: UploadOptions,
): Promise<UnitSource> {
  const encoding = await detectEncoding(source.path, options.encoding);
  if (format !== 'csv') {
    const layout = jsonLayout(resource);
    const texts = (): AsyncGenerator<JsonText> =>
      format === 'json'
        ? splitJsonArray(openText(source.path, encoding) as AsyncIterable<string>, source.label)
        : ndjsonLines(openText(source.path, encoding));
    return {
      format,
      encoding,
      layout,
      unitName: format === 'json' ? 'record' : 'line',
      async *units() {
        for await (const { position, text, length } of texts()) {
          if (text === undefined) {
            yield {
              row: position,
              original: `(${length.toLocaleString('en-US')} characters, not kept)`,
              value: undefined,
              content: length,
              unreadable: {
                message: `is ${(length / (1024 * 1024)).toFixed(1)} MB of text; the service takes at most 1 MiB per request`,
              },
            };
            continue;
          }
          const content = fingerprintOf(text);
          const read = readJson(text);
          if (!read.ok) {
            const { line, column } = lineAndColumn(text, read.offset);
            const where =
              format === 'json' && line > 1
                ? `line ${line} of the record, column ${column}`
                : `column ${column}`;
            yield {
              row: position,
              original: text,
              value: undefined,
              content,
              unreadable: { message: `not JSON: ${read.error} at ${where}` },
            };
            continue;
          }
          if (nestingDepth(read.value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
            yield {
              row: position,
              original: text,
              value: undefined,
              content,
              unreadable: { message: `is nested more than ${MAX_JSON_DEPTH} levels deep` },
            };
            continue;
          }
          yield { row: position, original: read.value, value: read.value, content };
        }
      },
    };
  }

  const layout = CSV_LAYOUTS[resource.name];
  const sample = await sampleLines(source.path, encoding, source.size);
  const delimiter =
    options.delimiter !== undefined
      ? delimiterFlag(options.delimiter)
      : source.path.toLowerCase().endsWith('.tsv')
        ? '\t'
        : guessDelimiter(sample.first);
  const mapping = await readColumnMapping(options.columns, layout);
  const rows = () => readCsvRows(openText(source.path, encoding), delimiter, source.label);
  const headerReader = rows();
  const first = await headerReader.next();
  await headerReader.return(undefined);
  if (first.done) throw new UsageError(`${source.label} has no header row`);
  const header = first.value.cells;
  const columns = [...locateColumns(header, layout, mapping, source.label)];
  return {
    format,
    encoding,
    layout,
    header,
    delimiter,
    unitName: 'row',
    estimatedUnits: sample.estimate,
    async *units() {
      let seenHeader = false;
      for await (const { row, cells } of rows()) {
        if (!seenHeader) {
          seenHeader = true;
          continue;
        }
        const values: Record<string, string | undefined> = {};
        for (const [column, index] of columns) values[column] = cells[index];
        const unit: Unit = {
          row,
          original: cells,
          value: values,
          content: fingerprintOf(cells.join('\u001f')),
        };
        if (hasReplacement(cells)) {
          unit.unreadable = {
            message: `has characters that are not ${encoding.name === 'utf8' ? 'UTF-8' : encoding.name}; is the file in another encoding (--encoding cp949)?`,
          };
        }
        yield unit;
      }
    },
  };
}
