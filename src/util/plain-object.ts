/** Whether a value is a JSON object (a record, a body, an answer): not null, not a list. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
