import { StringDecoder } from 'node:string_decoder';
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
  // A chunk may end inside a character; the decoder keeps its first bytes for the next one.
  const decoder = new StringDecoder('utf8');
  let failure: Error | undefined;
  let sinceTag = 0;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (node) => handlers.open(local(node.name), node.attributes as Record<string, string>));
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (node) => close(local(node.name)));
  }
  for await (const chunk of xml) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
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
  parser.write(decoder.end());
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
