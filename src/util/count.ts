/**
 * A whole number with its thousands grouped, as both of our languages write it: `1,234,567`. The same as
 * `toLocaleString('en-US')` for whole numbers, without waking the runtime's locale data, which costs
 * an upload about 6 MB of resident memory for nothing but commas.
 */
export function count(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A count and its noun, in English: `1 product`, `2 products`, `1 retry`, `2 retries`. */
export function counting(value: number, one: string, many = `${one}s`): string {
  return `${count(value)} ${value === 1 ? one : many}`;
}
