import { nestingDepth, readJson } from '../../contract/json-text.js';
import { openText, type TextEncoding } from '../read/encoding.js';
import { fingerprintOf } from '../read/fingerprint.js';
import { ndjsonLines, splitJsonArray, type JsonText } from '../read/json-stream.js';
import type { Layout } from './layouts.js';
import { lineAndColumn, type InputSource } from '../read/source.js';
import type { Unit, UnitSource } from './units.js';
import { count } from '../../util/count.js';

/** How deeply a JSON record may nest; no record of the contract comes near it. */
const MAX_JSON_DEPTH = 64;

/** Why a piece of JSON text is not a record: too large, not JSON, or nested too deep. */
function unreadable(format: 'json' | 'ndjson', piece: JsonText): Unit | { value: unknown; content: number } {
  const { position, text, length } = piece;
  if (text === undefined) {
    return {
      row: position,
      original: `(${count(length)} characters, not kept)`,
      value: undefined,
      content: length,
      unreadable: {
        message: `is ${(length / (1024 * 1024)).toFixed(1)} MB of text; the service takes at most 1 MiB per request`,
        said: { code: 'record_too_large', values: { size: `${(length / (1024 * 1024)).toFixed(1)} MB` } },
      },
    };
  }
  const content = fingerprintOf(text);
  const read = readJson(text);
  if (!read.ok) {
    const { line, column } = lineAndColumn(text, read.offset);
    const where =
      format === 'json' && line > 1 ? `line ${line} of the record, column ${column}` : `column ${column}`;
    return {
      row: position,
      original: text,
      value: undefined,
      content,
      unreadable: {
        message: `not JSON: ${read.error} at ${where}`,
        said: { code: 'not_json', values: { line, column } },
      },
    };
  }
  if (nestingDepth(read.value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    return {
      row: position,
      original: text,
      value: undefined,
      content,
      unreadable: {
        message: `is nested more than ${MAX_JSON_DEPTH} levels deep`,
        said: { code: 'too_deep', values: { depth: MAX_JSON_DEPTH } },
      },
    };
  }
  return { value: read.value, content };
}

/** A JSON array or NDJSON file as units: one record per element or line. */
export function jsonUnits(
  source: InputSource,
  format: 'json' | 'ndjson',
  encoding: TextEncoding,
  layout: Layout,
): UnitSource {
  const texts = (): AsyncGenerator<JsonText> =>
    format === 'json'
      ? splitJsonArray(openText(source.path, encoding) as AsyncIterable<string>, source.label)
      : ndjsonLines(openText(source.path, encoding));
  return {
    format,
    encoding,
    layout,
    unitName: format === 'json' ? 'record' : 'line',
    notes: [],
    async *units() {
      for await (const piece of texts()) {
        const read = unreadable(format, piece);
        if ('row' in read) {
          yield read;
          continue;
        }
        yield { row: piece.position, original: read.value, value: read.value, content: read.content };
      }
    },
    close: async () => {},
  };
}
