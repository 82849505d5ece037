import { Argument, InvalidArgumentError } from 'commander';
import { UsageError } from '../../cli/errors.js';
import {
  isMarketplace,
  MARKETPLACE_LABELS,
  MARKETPLACES,
  type Marketplace,
} from '../../marketplaces/names.js';
import { parseDuration } from '../../util/duration.js';

/** The other names people give each marketplace (its store's or seller centre's, in Korean too). */
const OTHER_NAMES: Readonly<Record<string, Marketplace>> = {
  smartstore: 'naver',
  naversmartstore: 'naver',
  스마트스토어: 'naver',
  네이버: 'naver',
  네이버스마트스토어: 'naver',
  wing: 'coupang',
  coupangwing: 'coupang',
  쿠팡: 'coupang',
  쿠팡윙: 'coupang',
  카페24: 'cafe24',
};

/** The marketplace a name stands for, in any case and with any spaces, hyphens or dots left out. */
const meantBy = (name: string): Marketplace | undefined => {
  const key = name.toLowerCase().replace(/[\s._-]+/g, '');
  return isMarketplace(key) ? key : OTHER_NAMES[key];
};

/**
 * The `naver|coupang|cafe24` argument. A marketplace given by another of its names (`smartstore`,
 * `쿠팡`) is refused as any other value is, with the name to give instead: the names stay the ones the
 * documentation and scripts use.
 */
export function marketplaceArgument(): Argument {
  return new Argument('<marketplace>', MARKETPLACES.join(', '))
    .choices(MARKETPLACES)
    .argParser((value: string) => {
      if (isMarketplace(value)) return value;
      const meant = meantBy(value);
      const hint = meant ? ` (${value} is ${MARKETPLACE_LABELS[meant]}: give ${meant})` : '';
      throw new InvalidArgumentError(`Allowed choices are ${MARKETPLACES.join(', ')}.${hint}`);
    });
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
