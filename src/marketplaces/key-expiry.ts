import type { Marketplace } from './names.js';

// When a marketplace's keys end, and what to warn of ahead: Coupang's keys last 180 days from their
// issue; Cafe24's sign-in ends with its refresh token. `intake marketplace status` and the marketplaces
// page of `intake ui` say the same.

/** Something to warn of: keys or a sign-in that end, or an issue date unknown. */
export type StatusNotice =
  | { kind: 'keys_expired'; on: string }
  | { kind: 'keys_expiring'; on: string; days: number }
  | { kind: 'keys_issued_unknown' }
  | { kind: 'sign_in_ends'; on: string };

const DAY_MS = 86_400_000;
/** Coupang Open API keys last 180 days; a warning comes 14 days ahead. */
const COUPANG_KEY_DAYS = 180;
const WARN_DAYS = 14;

/** When kept keys end (a day, or null when they do not or it is not known), and what to warn of at `now`. */
export function keyExpiry(
  marketplace: Marketplace,
  kept: object,
  now: number,
): { expires: string | null; notices: StatusNotice[] } {
  const value = kept as { keyIssuedAt?: string; refreshExpiresAt?: number };
  const notices: StatusNotice[] = [];
  let expires: string | null = null;
  if (marketplace === 'coupang') {
    const issued = value.keyIssuedAt;
    if (issued) {
      const ends = Date.parse(`${issued}T00:00:00+09:00`) + COUPANG_KEY_DAYS * DAY_MS;
      expires = new Date(ends).toISOString().slice(0, 10);
      const left = Math.floor((ends - now) / DAY_MS);
      if (left < 0) notices.push({ kind: 'keys_expired', on: expires });
      else if (left <= WARN_DAYS) notices.push({ kind: 'keys_expiring', on: expires, days: left });
    } else notices.push({ kind: 'keys_issued_unknown' });
  }
  if (marketplace === 'cafe24') {
    const ends = value.refreshExpiresAt;
    if (ends !== undefined) {
      expires = new Date(ends).toISOString().slice(0, 10);
      if (ends - now <= 2 * DAY_MS) notices.push({ kind: 'sign_in_ends', on: expires });
    }
  }
  return { expires, notices };
}
