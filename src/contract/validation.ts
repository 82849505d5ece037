import { z } from 'zod';
import { listed } from '../util/listed.js';

/** One entry of a 422 `detail` array, as FastAPI with Pydantic v2 writes it (indices as strings). */
export const ValidationIssue = z
  .object({
    type: z.string(),
    loc: z.array(z.string()),
    msg: z.string(),
    input: z.unknown(),
    ctx: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ValidationIssue' });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/**
 * The same as a client reads it: FastAPI itself writes array indices in `loc` as integers and may leave
 * `input` out, so a client takes both.
 */
export const ReceivedValidationIssue = ValidationIssue.extend({
  loc: z.array(z.union([z.string(), z.number().int()])),
  input: z.unknown().optional(),
});
export type ReceivedValidationIssue = z.infer<typeof ReceivedValidationIssue>;

type Issue = z.core.$ZodIssue;

const plural = (count: number | bigint, word: string) => `${count} ${word}${Number(count) === 1 ? '' : 's'}`;

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const typeWords: Record<string, { type: string; msg: string }> = {
  string: { type: 'string_type', msg: 'Input should be a valid string' },
  array: { type: 'list_type', msg: 'Input should be a valid list' },
  object: {
    type: 'model_attributes_type',
    msg: 'Input should be a valid dictionary or object to extract fields from',
  },
  number: { type: 'float_type', msg: 'Input should be a valid number' },
  int: { type: 'int_type', msg: 'Input should be a valid integer' },
  boolean: { type: 'bool_type', msg: 'Input should be a valid boolean' },
};

/** Pydantic's words for a number out of its bounds (`ge`, `gt`, `le`, `lt`). */
function boundWords(
  issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig,
  input: unknown,
): Pick<ValidationIssue, 'type' | 'msg' | 'ctx' | 'input'> {
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  const inclusive = issue.inclusive !== false;
  const [type, words, key] = small
    ? inclusive
      ? ['greater_than_equal', 'greater than or equal to', 'ge']
      : ['greater_than', 'greater than', 'gt']
    : inclusive
      ? ['less_than_equal', 'less than or equal to', 'le']
      : ['less_than', 'less than', 'lt'];
  return { type, msg: `Input should be ${words} ${limit}`, ctx: { [key]: limit }, input };
}

/** Pydantic's words for a string or list that is too short or too long, or a number out of bounds. */
function lengthWords(
  issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig,
  input: unknown,
): Pick<ValidationIssue, 'type' | 'msg' | 'ctx' | 'input'> {
  if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
    return boundWords(issue, input);
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  const [bound, size, key] = small ? ['at least', 'short', 'min_length'] : ['at most', 'long', 'max_length'];
  if (issue.origin === 'string') {
    return {
      type: `string_too_${size}`,
      msg: `String should have ${bound} ${plural(limit, 'character')}`,
      ctx: { [key]: limit },
      input,
    };
  }
  const length = Array.isArray(input) ? input.length : 0;
  return {
    type: `too_${size}`,
    msg: `List should have ${bound} ${plural(limit, 'item')} after validation, not ${length}`,
    ctx: { field_type: 'List', [key]: limit, actual_length: length },
    input,
  };
}

/** `'a', 'b' or 'c'`, as Pydantic lists allowed values. */
function quoteAlternatives(values: readonly string[]): string {
  return listed(
    values.map((value) => `'${value}'`),
    'or',
  );
}

/** How deep an `input` is copied into a 422; deeper parts are replaced by a marker. */
export const INPUT_DEPTH_LIMIT = 32;
const TOO_DEEP = '…';

/**
 * A copy of `value` no deeper than `depth` levels, so that any input, however deeply nested, can be
 * written back in a 422. Walks with its own stack, so a value nested a million levels deep is fine.
 */
export function shortenInput(value: unknown, depth = INPUT_DEPTH_LIMIT): unknown {
  if (value === null || typeof value !== 'object') return value;
  const root: unknown = Array.isArray(value) ? [] : {};
  const work: { from: object; to: Record<string, unknown> | unknown[]; level: number }[] = [
    { from: value, to: root as Record<string, unknown>, level: 1 },
  ];
  while (work.length > 0) {
    const { from, to, level } = work.pop() as (typeof work)[number];
    for (const [key, child] of Object.entries(from)) {
      let copy: unknown = child;
      if (child !== null && typeof child === 'object') {
        if (level >= depth) copy = TOO_DEEP;
        else {
          copy = Array.isArray(child) ? [] : {};
          work.push({ from: child, to: copy as Record<string, unknown>, level: level + 1 });
        }
      }
      if (Array.isArray(to)) to[Number(key)] = copy;
      else to[key] = copy;
    }
  }
  return root;
}

function describe(issue: Issue, root: unknown): Pick<ValidationIssue, 'type' | 'msg' | 'ctx' | 'input'> {
  const input = issue.input;
  const parentValue = valueAt(root, issue.path.slice(0, -1));
  const present =
    issue.path.length === 0
      ? input !== undefined
      : parentValue !== null &&
        typeof parentValue === 'object' &&
        Object.hasOwn(parentValue, issue.path.at(-1) as PropertyKey);
  // A key present with the value undefined (never in JSON, but in objects built from flags) is missing too.
  if (!present || input === undefined)
    return { type: 'missing', msg: 'Field required', input: parentValue ?? null };
  switch (issue.code) {
    case 'invalid_type': {
      const words = typeWords[issue.expected] ?? { type: `${issue.expected}_type`, msg: issue.message };
      return { ...words, input };
    }
    case 'too_small':
    case 'too_big':
      return lengthWords(issue, input);
    case 'invalid_value': {
      const expected = quoteAlternatives(issue.values.map(String));
      return { type: 'enum', msg: `Input should be ${expected}`, ctx: { expected }, input };
    }
    case 'custom': {
      const params = issue.params ?? {};
      const type = typeof params.type === 'string' ? params.type : 'value_error';
      const ctx = params.ctx as Record<string, unknown> | undefined;
      return ctx ? { type, msg: issue.message, ctx, input } : { type, msg: issue.message, input };
    }
    default:
      return { type: 'value_error', msg: `Value error, ${issue.message}`, input };
  }
}

/**
 * Turns zod issues into FastAPI's 422 entries. `prefix` is where the value came from (`['body']`,
 * `['query']`); `root` is the value that was parsed, so a missing field can name its parent as input.
 */
export function toValidationDetail(
  issues: readonly Issue[],
  prefix: readonly string[],
  root: unknown,
): ValidationIssue[] {
  return issues.map((issue) => {
    const described = describe(issue, root);
    const { type, msg, ctx } = described;
    const input = shortenInput(described.input);
    const loc = [...prefix, ...issue.path.map(String)];
    return ctx ? { type, loc, msg, input, ctx } : { type, loc, msg, input };
  });
}

/** The outcome of checking a value against a contract schema. */
export type Checked<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/** Checks `value` against `schema`, reporting failures as FastAPI 422 entries under `prefix`. */
export function check<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix: readonly string[],
): Checked<z.output<S>> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, issues: toValidationDetail(result.error.issues, prefix, value) };
}
