import { readJson } from '../contract/json-text.js';
import { UsageError } from './errors.js';

/** `line 3, column 7` of a character's offset in a text. */
function whereIn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

/**
 * The value of a JSON text given to a command (`what` names it: `--seed seed.json`), or a usage error
 * that says where and why it is not JSON, in one line (never the file's own text).
 */
export function parseJsonGiven(what: string, text: string): unknown {
  const read = readJson(text);
  if (read.ok) return read.value;
  throw new UsageError(`${what} is not JSON: ${read.error} (${whereIn(text, read.offset)})`);
}
