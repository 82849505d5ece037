import { readFile } from 'node:fs/promises';
import { UsageError } from '../../cli/errors.js';
import { readErrorReason } from '../../util/file-errors.js';

/** A field of `intake api`, as gh's: `-f key=value` is text; `-F key=value` is typed (and `@file` reads a file). */
export interface ApiField {
  key: string;
  value: string;
  typed: boolean;
}

/** `-F` values: true, false, null and numbers as JSON; `@file` (or `@-`) is the file's text; the rest is text. */
async function typedValue(value: string, readStdin: () => Promise<string>): Promise<unknown> {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (value.startsWith('@')) {
    const path = value.slice(1);
    if (path === '-') return readStdin();
    try {
      return (await readFile(path, 'utf8')).replace(/\r?\n$/, '');
    } catch (error) {
      throw new UsageError(`cannot read ${value}: ${readErrorReason(error)}`);
    }
  }
  return value;
}

/** `key=value`, as the flag gave it. */
export function parseField(text: string, typed: boolean): ApiField {
  const equals = text.indexOf('=');
  if (equals <= 0) throw new UsageError(`${typed ? '-F' : '-f'} "${text}" is not key=value`);
  return { key: text.slice(0, equals), value: text.slice(equals + 1), typed };
}

/** The steps of a key: `items[0][id]` is items, 0, id; `order_item_ids[]` appends to an array. */
function keySteps(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new UsageError(`"${key}" is not a field name (name, name[key] or name[])`);
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((step) => step[1] as string);
  return [match[1] as string, ...rest];
}

/**
 * The fields as a JSON body, nested as gh nests them: `a[b]=1` is `{"a": {"b": 1}}` and `a[]=x` appends
 * to an array.
 */
export async function fieldsBody(
  fields: readonly ApiField[],
  readStdin: () => Promise<string>,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = field.typed ? await typedValue(field.value, readStdin) : field.value;
    const steps = keySteps(field.key);
    let node: Record<string, unknown> | unknown[] = body;
    steps.forEach((step, index) => {
      const last = index === steps.length - 1;
      const container = node as Record<string, unknown> & unknown[];
      if (step === '') {
        if (!Array.isArray(node)) throw new UsageError(`"${field.key}": [] needs an array`);
        if (last) node.push(value);
        else {
          const child = {};
          node.push(child);
          node = child;
        }
        return;
      }
      if (last) {
        container[step as never] = value as never;
        return;
      }
      const nextIsArray = steps[index + 1] === '';
      container[step as never] ??= (nextIsArray ? [] : {}) as never;
      node = container[step as never] as Record<string, unknown> | unknown[];
    });
  }
  return body;
}

/** The fields as a query string (for GET and HEAD, or beside `--input`): `&a=1&b=x`. */
export async function fieldsQuery(
  fields: readonly ApiField[],
  readStdin: () => Promise<string>,
): Promise<URLSearchParams> {
  const query = new URLSearchParams();
  for (const field of fields) {
    const value = field.typed ? await typedValue(field.value, readStdin) : field.value;
    query.append(field.key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return query;
}
