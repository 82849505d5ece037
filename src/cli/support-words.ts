import type { Marketplace } from '../marketplaces/names.js';
import { counting } from '../util/count.js';
import { terminalLang } from '../util/terminal-lang.js';
import type { Factory } from './factory.js';

// What support's commands (`keys check`, `auth status`, `queue status`) tell a person beside their
// tables, and the reasons in a terminal's table: in Korean at a Korean terminal (support-words-ko.ts,
// loaded only there, so that these commands start as fast as they did). The tables' headers stay the JSON
// fields that `--query` names; JSON, CSV and a pipe's rows are the same in any locale; errors are worded
// where every error is (error-words.ts).

/** Where one marketplace's credentials come from, or none. */
export interface MarketplaceSource {
  marketplace: Marketplace;
  origin: string | undefined;
  /** The keychain its keys may be in, which could not be read (locked): not "not set up". */
  unreadable?: string;
}

export interface SupportWords {
  /** A code in a terminal's table (`available`, `environment`, `true`): the same in JSON, CSV and a pipe. */
  cell: (value: unknown) => unknown;
  /** A reason the service or Intake gave for a set of credentials (a table's cell). */
  reason: (text: string) => string;
  /** `keys check`'s hint when the service does not take the credentials. */
  storeWorking: string;
  secrets: (keychain: string | undefined, unavailable: string | undefined, configPath: string) => string;
  marketplaces: (sources: readonly MarketplaceSource[]) => string;
  noneSelected: (profile: string) => string;
  /** Shipment creations not yet applied, as `queue status --wait` says while it waits. */
  queued: (waiting: number) => string;
}

/** The reason `auth status` gives a profile with no key or no secret. */
export const NO_CREDENTIALS = 'no credentials';

/** Where a marketplace's keys come from, or that the keychain they may be in could not be read. */
function sourceWords({ origin, unreadable }: MarketplaceSource): string {
  if (origin) return `from ${origin}`;
  if (unreadable) return `unknown (${unreadable} could not be read)`;
  return 'not set up';
}

const ENGLISH: SupportWords = {
  cell: (value) => value,
  reason: (text) => text,
  storeWorking: 'Store working credentials with: intake login',
  secrets: (keychain, unavailable, configPath) =>
    `Secrets: ${keychain ?? `no keychain (${unavailable})`}; config file ${configPath}.`,
  marketplaces: (sources) =>
    `Marketplaces: ${sources
      .map((source) => `${source.marketplace} ${sourceWords(source)}`)
      .join('; ')} (checked by intake marketplace status).`,
  noneSelected: (profile) =>
    `No credentials are selected: profile "${profile}" does not exist and none are in the environment.`,
  queued: (waiting) => `${counting(waiting, 'shipment creation')} queued`,
};

/** The words for this terminal. */
export const supportWords = async (f: Factory): Promise<SupportWords> =>
  terminalLang(f.env) === 'ko' ? (await import('./support-words-ko.js')).KOREAN : ENGLISH;
