/** A posted form as `@fastify/formbody` and the multipart reader give it: a name once or repeated. */
export type Form = Record<string, string | string[] | undefined>;

/** The first value of a field given once or several times. */
export const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Every value of a field, none when it is absent. */
export const listOf = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A field's first value, or `''` when the form lacks it. */
export const field = (form: Form | undefined, name: string) => firstOf(form?.[name]) ?? '';
