/** Why `text` is not a strict `YYYY-MM-DD` calendar date, in Pydantic's words, or undefined if it is one. */
export function calendarDateProblem(text: string): string | undefined {
  if (text.length < 10) return 'input is too short';
  if (text.length > 10) return 'unexpected extra characters at the end of the input';
  const fields: [string, number, number][] = [
    ['year', 0, 4],
    ['month', 5, 7],
    ['day', 8, 10],
  ];
  for (const [name, start, end] of fields) {
    if (!/^\d+$/.test(text.slice(start, end))) return `invalid character in ${name}`;
  }
  if (text[4] !== '-' || text[7] !== '-') return 'invalid date separator, expected `-`';
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (month < 1 || month > 12) return 'month value is outside expected range of 1-12';
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return 'day value is outside expected range';
  return undefined;
}

/** Milliseconds since the epoch at 00:00 UTC of a `YYYY-MM-DD` date. */
export function startOfUtcDay(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`);
}

/** A `YYYY-MM-DD` date in UTC. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export const DAY_MS = 86_400_000;
