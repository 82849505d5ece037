import { InputError } from '../errors.js';

/**
 * One element of a JSON array, or one line of NDJSON, as text, with its position (1-based) and its
 * length. A unit longer than `MAX_UNIT_CHARACTERS` is not kept (`text` undefined): no record that long
 * could be sent, and holding it would cost memory out of all proportion.
 */
export interface JsonText {
  position: number;
  text: string | undefined;
  length: number;
}

/** Longest unit kept in memory: well over the service's 1 MiB body limit. */
export const MAX_UNIT_CHARACTERS = 4 * 1024 * 1024;

/** Collects the pieces of one unit, dropping them once it is too long to keep. */
class UnitText {
  #pieces: string[] = [];
  #length = 0;

  add(piece: string): void {
    this.#length += piece.length;
    if (this.#length <= MAX_UNIT_CHARACTERS) this.#pieces.push(piece);
    else this.#pieces = [];
  }

  take(position: number): JsonText {
    const unit: JsonText = {
      position,
      text: this.#length <= MAX_UNIT_CHARACTERS ? this.#pieces.join('') : undefined,
      length: this.#length,
    };
    this.#pieces = [];
    this.#length = 0;
    return unit;
  }
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
  const element = new UnitText();
  let position = 0;

  for await (const raw of chunks) {
    const chunk = typeof raw === 'string' ? raw : raw.toString('utf8');
    let segmentStart = 0;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk.charCodeAt(i);
      if (finished) {
        if (ch > 0x20) throw new InputError(`${label}: unexpected text after the closing ] of the array`);
        continue;
      }
      if (!started) {
        if (ch === 0xfeff || ch <= 0x20) continue;
        if (ch !== 0x5b) throw new InputError(`${label} is not a JSON array`);
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
        if (inElement || ch === 0x2c) {
          if (inElement) element.add(chunk.slice(segmentStart, i));
          inElement = false;
          position += 1;
          yield element.take(position);
        }
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
    if (inElement) element.add(chunk.slice(segmentStart));
  }
  if (!started) throw new InputError(`${label} is empty`);
  if (!finished) throw new InputError(`${label}: the JSON array is not closed with ]`);
}

/** The non-blank lines of NDJSON text (LF or CRLF), with their line numbers; a line too long to keep is given by its length. */
export async function* ndjsonLines(text: NodeJS.ReadableStream): AsyncGenerator<JsonText> {
  let position = 0;
  const line = new UnitText();
  let blank = true;
  const finish = (): JsonText | undefined => {
    position += 1;
    const unit = line.take(position);
    const wasBlank = blank;
    blank = true;
    if (wasBlank) return undefined;
    if (unit.text?.endsWith('\r')) unit.text = unit.text.slice(0, -1);
    return unit;
  };
  for await (const raw of text) {
    const chunk = typeof raw === 'string' ? raw : (raw as Buffer).toString('utf8');
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk.charCodeAt(i);
      if (ch === 0x0a) {
        line.add(chunk.slice(start, i));
        const unit = finish();
        if (unit) yield unit;
        start = i + 1;
      } else if (blank && ch > 0x20) blank = false;
    }
    if (start < chunk.length) line.add(chunk.slice(start));
  }
  const last = finish();
  if (last) yield last;
}
