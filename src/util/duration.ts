const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/y;

/**
 * Reads a duration such as `0`, `500ms`, `2s`, `1m`, `36h`, `7d` or `1h30m` into milliseconds. A bare
 * number is seconds. Returns undefined for anything else.
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  if (trimmed === '') return undefined;
  let total = 0;
  PART.lastIndex = 0;
  while (PART.lastIndex < trimmed.length) {
    const match = PART.exec(trimmed);
    if (!match) return undefined;
    total += Number(match[1]) * (UNIT_MS[match[2] as string] as number);
  }
  return Math.round(total);
}

/** A duration or a range of them (`1m-5m`). */
export function parseDurationRange(text: string): { minMs: number; maxMs: number } | undefined {
  const [low, high, ...rest] = text.split('-');
  if (rest.length > 0 || low === undefined) return undefined;
  const minMs = parseDuration(low);
  const maxMs = high === undefined ? minMs : parseDuration(high);
  if (minMs === undefined || maxMs === undefined || maxMs < minMs) return undefined;
  return { minMs, maxMs };
}

/** Writes milliseconds the short way people read them: `850ms`, `2.5s`, `3m 20s`, `2d 4h`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) {
    const seconds = ms / 1000;
    return `${Number.isInteger(seconds) || seconds >= 10 ? Math.round(seconds) : seconds.toFixed(1)}s`;
  }
  const units: [string, number][] = [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ];
  const parts: string[] = [];
  let rest = Math.round(ms / 1000) * 1000;
  for (const [unit, size] of units) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}
