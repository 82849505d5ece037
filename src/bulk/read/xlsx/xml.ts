import { TextDecoder } from 'node:util';
import { SaxesParser } from 'saxes';
import { InputError } from '../../errors.js';
import { WORKBOOK_LIMITS, bytes, count } from './limits.js';

/** What a part's reader does with its elements: names come without their namespace prefix (`x:row` is `row`). */
export interface XmlHandlers {
  open(name: string, attributes: Readonly<Record<string, string>>): void;
  text?(text: string): void;
  close?(name: string): void;
}

const local = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** An attribute by its local name, whatever its prefix (`r:id`, `ns2:id`). */
export function attribute(attributes: Readonly<Record<string, string>>, name: string): string | undefined {
  const plain = attributes[name];
  if (plain !== undefined) return plain;
  for (const [key, value] of Object.entries(attributes)) if (local(key) === name) return value;
  return undefined;
}

/**
 * The text encoding of a part, from its first bytes (ECMA-376 allows UTF-8 and UTF-16, and XML any
 * encoding its declaration names): a UTF-16 byte-order mark or `<?` in two bytes a character, else the
 * declaration's encoding when a decoder knows it, else UTF-8.
 */
export function xmlEncoding(head: Uint8Array): string {
  const [a, b, c, d] = head;
  if ((a === 0xff && b === 0xfe) || (a === 0x3c && b === 0 && c === 0x3f && d === 0)) return 'utf-16le';
  if ((a === 0xfe && b === 0xff) || (a === 0 && b === 0x3c && c === 0 && d === 0x3f)) return 'utf-16be';
  const declared = /^(?:\xEF\xBB\xBF)?<\?xml[^>]*?\bencoding\s*=\s*["']([\w.:-]+)["']/.exec(
    Buffer.from(head.subarray(0, 200)).toString('latin1'),
  )?.[1];
  if (declared === undefined || /^utf-?16/i.test(declared)) return 'utf-8';
  try {
    return new TextDecoder(declared).encoding;
  } catch {
    return 'utf-8';
  }
}

/** A whole small part as text, in its own encoding. */
export function xmlText(bytes: Buffer): string {
  return new TextDecoder(xmlEncoding(bytes)).decode(bytes);
}

/** The bytes `xmlEncoding` reads: a byte-order mark and the declaration, whatever its spacing. */
const HEAD_BYTES = 200;

/**
 * The chunks of `xml` with the first one holding at least the part's head (or the whole part, if
 * shorter): a stream may give its first bytes alone, and the encoding is told from them.
 */
async function* withHead(
  xml: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
): AsyncGenerator<Buffer | string> {
  const head: Buffer[] = [];
  let size = 0;
  for await (const chunk of xml) {
    // Text given as text has no encoding to tell.
    if (size === 0 && typeof chunk === 'string') size = HEAD_BYTES;
    if (size >= HEAD_BYTES) {
      yield chunk;
      continue;
    }
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    head.push(bytes);
    size += bytes.length;
    if (size >= HEAD_BYTES) yield Buffer.concat(head);
  }
  if (size > 0 && size < HEAD_BYTES) yield Buffer.concat(head);
}

/**
 * Feeds a part's XML to `handlers`, streaming, and yields after each chunk so that the caller can pass on
 * what is ready. The text between two tags is bounded before the parser gathers it: a cell of hundreds of
 * megabytes is refused rather than read.
 */
export async function* readXml(
  xml: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  handlers: XmlHandlers,
  where: string,
): AsyncGenerator<void> {
  const parser = new SaxesParser();
  // A chunk may end inside a character; the decoder keeps its first bytes for the next one. Its
  // encoding is the part's own, known from the first chunk (which holds the part's head).
  let decoder: TextDecoder | undefined;
  let failure: Error | undefined;
  let sinceTag = 0;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (node) => handlers.open(local(node.name), node.attributes as Record<string, string>));
  if (handlers.text) {
    parser.on('text', handlers.text);
    // Text in a CDATA section is text like any other.
    parser.on('cdata', handlers.text);
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (node) => close(local(node.name)));
  }
  for await (const chunk of withHead(xml)) {
    let text: string;
    if (typeof chunk === 'string') text = chunk;
    else {
      decoder ??= new TextDecoder(xmlEncoding(chunk));
      text = decoder.decode(chunk, { stream: true });
    }
    const last = text.lastIndexOf('<');
    sinceTag = last < 0 ? sinceTag + text.length : text.length - last;
    if (sinceTag > WORKBOOK_LIMITS.bytesBetweenTags) {
      throw new InputError(
        `${where} holds over ${bytes(WORKBOOK_LIMITS.bytesBetweenTags)} of text in one place; a cell holds at most ${count(WORKBOOK_LIMITS.cellCharacters)} characters`,
      );
    }
    parser.write(text);
    if (failure) throw malformed(where, failure);
    yield;
  }
  if (decoder) parser.write(decoder.decode());
  parser.close();
  if (failure) throw malformed(where, failure);
}

/** Reads a whole part for its handlers' sake. */
export async function parseXml(
  xml: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  handlers: XmlHandlers,
  where: string,
): Promise<void> {
  for await (const _ of readXml(xml, handlers, where));
}

function malformed(where: string, error: Error): InputError {
  if (error instanceof InputError) return error;
  return new InputError(`${where} is not well-formed XML: ${error.message}`, [
    'Open the workbook in your spreadsheet program and save it again, or export CSV.',
  ]);
}
