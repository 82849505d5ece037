import { Argument } from 'commander';
import { UsageError } from '../../cli/errors.js';
import { isMarketplace, MARKETPLACES, type Marketplace } from '../../marketplaces/names.js';
import { parseDuration } from '../../util/duration.js';

/** The `naver|coupang|cafe24` argument. */
export function marketplaceArgument(): Argument {
  return new Argument('<marketplace>', MARKETPLACES.join(', ')).choices(MARKETPLACES);
}

export function marketplaceOf(value: string): Marketplace {
  if (!isMarketplace(value))
    throw new UsageError(`unknown marketplace "${value}"`, [`Marketplaces: ${MARKETPLACES.join(', ')}`]);
  return value;
}

/** `--since`: a duration back from now (`2d`, `36h`) or a date or instant (`2026-11-20`, ISO 8601). */
export function parseSince(text: string, now: number): number {
  const duration = parseDuration(text);
  if (duration !== undefined && !/^\d{4}-/.test(text)) return now - duration;
  const at = /^\d{4}-\d{2}-\d{2}$/.test(text.trim())
    ? Date.parse(`${text.trim()}T00:00:00+09:00`)
    : Date.parse(text);
  if (Number.isNaN(at)) {
    throw new UsageError(`--since must be a duration such as 2d or a date such as 2026-11-20, not "${text}"`);
  }
  if (at > now) throw new UsageError(`--since ${text} is in the future`);
  return at;
}
