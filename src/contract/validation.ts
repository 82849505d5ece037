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
    case 'too_small': {
      if (issue.origin === 'string') {
        return {
          type: 'string_too_short',
          msg: `String should have at least ${plural(issue.minimum, 'character')}`,
          ctx: { min_length: Number(issue.minimum) },
          input,
        };
      }
      const length = Array.isArray(input) ? input.length : 0;
      return {
        type: 'too_short',
        msg: `List should have at least ${plural(issue.minimum, 'item')} after validation, not ${length}`,
        ctx: { field_type: 'List', min_length: Number(issue.minimum), actual_length: length },
        input,
      };
    }
    case 'too_big': {
      if (issue.origin === 'string') {
        return {
          type: 'string_too_long',
          msg: `String should have at most ${plural(issue.maximum, 'character')}`,
          ctx: { max_length: Number(issue.maximum) },
          input,
        };
      }
      const length = Array.isArray(input) ? input.length : 0;
      return {
        type: 'too_long',
        msg: `List should have at most ${plural(issue.maximum, 'item')} after validation, not ${length}`,
        ctx: { field_type: 'List', max_length: Number(issue.maximum), actual_length: length },
        input,
      };
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
