import { z } from 'zod';

/** One entry of a 422 `detail` array, as FastAPI with Pydantic v2 writes it (indices as strings). */
export const ValidationIssue = z
  .object({
    type: z.string(),
    loc: z.array(z.union([z.string(), z.number().int()])),
    msg: z.string(),
    input: z.unknown().optional(),
    ctx: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ValidationIssue' });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** Body of every 422 answer. */
export const ValidationErrorBody = z
  .object({ detail: z.array(ValidationIssue) })
  .meta({ id: 'ValidationErrorBody' });
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

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

/** Pydantic's words for a string or list that is too short or too long. */
function lengthWords(
  issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig,
  input: unknown,
): Pick<ValidationIssue, 'type' | 'msg' | 'ctx' | 'input'> {
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

function describe(issue: Issue, root: unknown): Pick<ValidationIssue, 'type' | 'msg' | 'ctx' | 'input'> {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type': {
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
      const words = typeWords[issue.expected] ?? { type: `${issue.expected}_type`, msg: issue.message };
      return { ...words, input };
    }
    case 'too_small':
    case 'too_big':
      return lengthWords(issue, input);
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
    const { type, msg, input, ctx } = describe(issue, root);
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
