/** Where and why a text is not JSON, in the words of Python's json module (which FastAPI reports). */
export interface JsonSyntaxError {
  offset: number;
  error: string;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'];
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/**
 * Finds the first syntax error of a text that `JSON.parse` refused. V8's messages do not always give
 * a position, so this walks the text once; it runs only on the error path. It keeps its own stack
 * rather than recursing, so deeply nested input cannot overflow the call stack.
 */
export function locateJsonError(text: string): JsonSyntaxError {
  // Long because it is one hand-written scanner of JSON's grammar (strings, numbers, literals, nesting)
  // with its own stack, run only to say where a text is broken.
  if (text.startsWith('\uFEFF')) return { offset: 0, error: 'Unexpected UTF-8 BOM (decode using utf-8-sig)' };
  let i = 0;
  const n = text.length;
  const stack: string[] = [];
  const fail = (error: string, offset = i): JsonSyntaxError => ({ offset, error });
  const skipSpace = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const scanString = (): JsonSyntaxError | undefined => {
    const start = i;
    i++;
    while (i < n) {
      const ch = text.charCodeAt(i);
      if (ch === 0x22) {
        i++;
        return undefined;
      }
      if (ch < 0x20) return fail('Invalid control character at');
      if (ch === 0x5c) {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            return fail('Invalid \\uXXXX escape', i + 1);
          i += 6;
          continue;
        }
        if (next === undefined || !ESCAPES.has(next)) return fail('Invalid \\escape');
        i += 2;
        continue;
      }
      i++;
    }
    return fail('Unterminated string starting at', start);
  };
  const scanKey = (): JsonSyntaxError | undefined => {
    skipSpace();
    if (text[i] !== '"') return fail('Expecting property name enclosed in double quotes');
    const problem = scanString();
    if (problem) return problem;
    skipSpace();
    if (text[i] !== ':') return fail("Expecting ':' delimiter");
    i++;
    return undefined;
  };

  for (;;) {
    skipSpace();
    const ch = text[i];
    let scalarDone = true;
    if (ch === '{') {
      i++;
      skipSpace();
      if (text[i] === '}') i++;
      else {
        stack.push('}');
        const problem = scanKey();
        if (problem) return problem;
        scalarDone = false;
      }
    } else if (ch === '[') {
      i++;
      skipSpace();
      if (text[i] === ']') i++;
      else {
        stack.push(']');
        scalarDone = false;
      }
    } else if (ch === '"') {
      const problem = scanString();
      if (problem) return problem;
    } else {
      NUMBER.lastIndex = i;
      const number = NUMBER.exec(text);
      const literal = LITERALS.find((word) => text.startsWith(word, i));
      if (number) i += number[0].length;
      else if (literal) i += literal.length;
      else return fail('Expecting value');
    }
    if (!scalarDone) continue;

    // After a complete value: close containers or move to the next element.
    for (;;) {
      skipSpace();
      const close = stack.at(-1);
      if (close === undefined) return i < n ? fail('Extra data') : fail('Expecting value');
      if (text[i] === ',') {
        i++;
        if (close === '}') {
          const problem = scanKey();
          if (problem) return problem;
        }
        break;
      }
      if (text[i] === close) {
        i++;
        stack.pop();
        continue;
      }
      return fail("Expecting ',' delimiter");
    }
  }
}

/** The outcome of reading a JSON text. */
export type JsonRead = { ok: true; value: unknown } | ({ ok: false } & JsonSyntaxError);

/** Parses JSON text, locating the error the way FastAPI reports it when the text is not JSON. */
export function readJson(text: string): JsonRead {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, ...locateJsonError(text) };
  }
}

/**
 * How deeply a JSON value nests (a scalar is 0, `[1]` is 1), counted without recursion and no further
 * than `limit + 1`, so that any value, however deep, is measured cheaply and safely.
 */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const work: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (work.length > 0) {
    const { value: current, depth } = work.pop() as { value: unknown; depth: number };
    if (current === null || typeof current !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Object.values(current)) {
      if (child !== null && typeof child === 'object') work.push({ value: child, depth: level });
    }
  }
  return deepest;
}
