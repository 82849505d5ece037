import { Command } from 'commander';
import { EXIT, ExitCode } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { MarketplaceError } from '../../marketplaces/errors.js';
import { MARKETPLACE_LABELS, MARKETPLACES, type Marketplace } from '../../marketplaces/names.js';
import { englishCredentials, englishNotice, statusWords, type StatusState } from './status-words.js';
import { keyExpiry, type StatusNotice } from '../../marketplaces/key-expiry.js';

export interface MarketplaceStatusOptions {
  check: boolean;
}

/** What `intake marketplace status` says of one marketplace. */
export interface MarketplaceStatus {
  marketplace: Marketplace;
  credentials: string | null;
  base_url: string;
  base_url_from: string;
  /** When keys or tokens end (Coupang's keys, Cafe24's refresh token), as a date. */
  expires: string | null;
  /**
   * `ok`, `not_checked`, `no_credentials`, `keychain_unreadable` (locked), or how the check failed
   * (`blocked`, `auth`, …).
   */
  state: StatusState;
  message: string;
  /** The marketplace's code for a refusal (`GW.IP_NOT_ALLOWED`). */
  code?: string;
  warnings: string[];
}

/** A status, and what it warns of (its `warnings` are those in English, for scripts), and what to do. */
type Found = Omit<MarketplaceStatus, 'warnings'> & { notices: StatusNotice[]; hint?: string };

async function statusOf(f: Factory, marketplace: Marketplace, check: boolean): Promise<Found> {
  const [{ keptKeys }, { baseUrlOf, openConnector }] = await Promise.all([
    import('../../cli/marketplace-credentials.js'),
    import('../../cli/marketplaces.js'),
  ]);
  const baseUrl = await baseUrlOf(f, marketplace);
  const base = {
    marketplace,
    base_url: baseUrl.value,
    base_url_from: baseUrl.origin,
  };
  const keys = await keptKeys(f, marketplace);
  if ('unreadable' in keys) {
    return {
      ...base,
      notices: [],
      credentials: null,
      expires: null,
      state: 'keychain_unreadable',
      message: keys.unreadable.message,
      hint: keys.unreadable.hints[0] ?? '',
    };
  }
  const { found } = keys;
  if (!found) {
    return {
      ...base,
      notices: [],
      credentials: null,
      expires: null,
      state: 'no_credentials',
      message: `not set up: intake marketplace login ${marketplace}`,
    };
  }
  const { expires, notices } = keyExpiry(marketplace, found.value, f.now().getTime());
  const kept = { ...base, notices, credentials: found.origin, expires };
  if (!check) return { ...kept, state: 'not_checked', message: 'not checked (--no-check)' };
  try {
    const { connector } = await openConnector(f, marketplace);
    const what = await connector.check();
    return { ...kept, state: 'ok', message: what };
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return {
      ...kept,
      state: error.kind,
      message: [error.message, ...error.hints].join(' '),
      ...(error.code ? { code: error.code } : {}),
    };
  }
}

/**
 * `intake marketplace status`: each marketplace's credentials (and where they come from), its address,
 * when keys or sign-ins end, and whether it answers (an IP refused is said, with what to do). Exits 6
 * when a marketplace refuses this caller, 3 when credentials are refused.
 */
export async function marketplaceStatusRun(options: MarketplaceStatusOptions, f: Factory): Promise<void> {
  const found: Found[] = [];
  for (const marketplace of MARKETPLACES) found.push(await statusOf(f, marketplace, options.check));
  const statuses: MarketplaceStatus[] = found.map(({ notices, hint: _hint, ...status }) => ({
    ...status,
    warnings: notices.map(englishNotice),
  }));
  const words = statusWords(f);
  await writeData(f, {
    json: statuses,
    rows: statuses,
    columns: [
      {
        header: 'marketplace',
        value: (status) => MARKETPLACE_LABELS[status.marketplace],
        shown: (status) => words.marketplace(status.marketplace),
      },
      {
        header: 'credentials',
        value: (status) => englishCredentials(status.credentials, status.state),
        shown: (status) => words.credentials(status.credentials, status.state),
      },
      { header: 'address', value: (status) => status.base_url },
      { header: 'expires', value: (status) => status.expires ?? '' },
      { header: 'state', value: (status) => status.state, shown: (status) => words.state(status.state) },
    ],
  });
  for (const { marketplace, state, message, code, hint, notices } of found) {
    if (state === 'keychain_unreadable') f.log.warn(words.unreadable(marketplace, message, hint ?? ''));
    else if (state !== 'ok' && state !== 'not_checked' && state !== 'no_credentials')
      f.log.warn(words.problem(marketplace, state, message, code));
    for (const notice of notices) f.log.warn(`${words.marketplace(marketplace)}: ${words.notice(notice)}`);
  }
  if (statuses.some((status) => status.state === 'blocked')) throw new ExitCode(EXIT.blocked);
  if (statuses.some((status) => status.state === 'auth')) throw new ExitCode(EXIT.auth);
  if (statuses.some((status) => status.state === 'unreachable' || status.state === 'busy'))
    throw new ExitCode(EXIT.unreachable);
  if (statuses.some((status) => status.state === 'keychain_unreadable')) throw new ExitCode(EXIT.failure);
}

export function newMarketplaceStatusCommand(
  f: Factory,
  runF: (options: MarketplaceStatusOptions, f: Factory) => Promise<void> = marketplaceStatusRun,
): Command {
  return new Command('status')
    .description('Each marketplace: credentials, address, expiry, and whether it answers')
    .option('--no-check', 'say what is kept, without asking the marketplaces')
    .addHelpText(
      'after',
      examples('intake marketplace status', 'intake marketplace status --json --query "[?state!=\'ok\']"'),
    )
    .action((flags: { check: boolean }) => runF({ check: flags.check }, f));
}
