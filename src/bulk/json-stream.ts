import { createInterface } from 'node:readline';
import { UsageError } from '../cli/errors.js';

/** One element of a JSON array, or one line of NDJSON, as text, with its position (1-based). */
export interface JsonText {
  position: number;
  text: string;
}

/**
 * Splits a top-level JSON array into the texts of its elements without holding the whole array:
 * only the element being read is in memory. Each text is parsed by the caller, so one bad element is
 * one invalid record, not a failed file.
 */
export async function* splitJsonArray(
  chunks: AsyncIterable<string | Buffer>,
  label: string,
): AsyncGenerator<JsonText> {
  let started = false;
  let finished = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let inElement = false;
  let pieces: string[] = [];
  let position = 0;
  const take = (text: string): JsonText => {
    pieces.push(text);
    position += 1;
    const element = { position, text: pieces.join('') };
    pieces = [];
    inElement = false;
    return element;
  };

  for await (const raw of chunks) {
    const chunk = typeof raw === 'string' ? raw : raw.toString('utf8');
    let segmentStart = 0;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk.charCodeAt(i);
      if (finished) {
        if (ch > 0x20) throw new UsageError(`${label}: unexpected text after the closing ] of the array`);
        continue;
      }
      if (!started) {
        if (ch === 0xfeff || ch <= 0x20) continue;
        if (ch !== 0x5b) throw new UsageError(`${label} is not a JSON array`);
        started = true;
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === 0x5c) escaped = true;
        else if (ch === 0x22) inString = false;
        continue;
      }
      if (depth === 0 && (ch === 0x2c || ch === 0x5d)) {
        if (ch === 0x5d) finished = true;
        if (inElement || ch === 0x2c) yield take(inElement ? chunk.slice(segmentStart, i) : '');
        continue;
      }
      if (!inElement) {
        if (ch <= 0x20) continue;
        inElement = true;
        segmentStart = i;
      }
      if (ch === 0x22) inString = true;
      else if (ch === 0x7b || ch === 0x5b) depth += 1;
      else if (ch === 0x7d || ch === 0x5d) depth -= 1;
    }
    if (inElement) pieces.push(chunk.slice(segmentStart));
  }
  if (!started) throw new UsageError(`${label} is empty`);
  if (!finished) throw new UsageError(`${label}: the JSON array is not closed with ]`);
}

/** The non-blank lines of NDJSON text, with their line numbers. */
export async function* ndjsonLines(text: NodeJS.ReadableStream): AsyncGenerator<JsonText> {
  let position = 0;
  for await (const line of createInterface({ input: text, crlfDelay: Number.POSITIVE_INFINITY })) {
    position += 1;
    if (line.trim() !== '') yield { position, text: line };
  }
}
