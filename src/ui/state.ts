import type { ProductCatalog } from '../catalog/product-catalog.js';
import type { LayoutToSave, Preset } from '../bulk/index.js';
import type { StatusNotice } from '../marketplaces/key-expiry.js';
import type { Marketplace } from '../marketplaces/names.js';
import type { NotSent } from '../marketplaces/pull.js';
import type { UiAuth } from './auth.js';
import type { UploadServices } from './runner.js';
import type { SessionStore } from './sessions.js';
import type { ProfileView, StatusView } from './views/status.js';

/** What the header shows of the service: whether it answers, and the merchant the key belongs to. */
export interface Liveness {
  /** undefined until first asked. */
  healthy: boolean | undefined;
  merchant: string | undefined;
}

/** What the UI's routes share: the uploads, what they draw on, who the page works as. */
export interface UiState {
  sessions: SessionStore;
  services: UploadServices;
  profile: ProfileView;
  /** Who may use the page, and its base path (`/p/…/`). */
  auth: UiAuth;
  /** The connection page's facts, asked of the service each time. */
  status(): Promise<StatusView>;
  /** The service's health and merchant as last seen (asked again in the background when old). */
  liveness(): Liveness;
  /** The largest file taken. */
  maxBytes: number;
  /** The profile's product catalog. */
  catalog: ProductCatalog;
  /** Pulls from and pushes to the marketplaces, with the profile's credentials. */
  marketplaces: MarketplaceServices;
  /** Column layouts saved under a name, and how to save one. */
  layouts: { list(): Promise<Preset[]>; save(layout: LayoutToSave): Promise<string> };
}

/** A marketplace as the page shows it: set up or not, and from where. */
export interface MarketplaceView {
  name: Marketplace;
  /** Where its credentials come from (`keychain`, `environment`…); undefined when not set up. */
  from: string | undefined;
  /** When its last pull's orders were all answered. */
  lastPull: number | undefined;
  /** What its keys warn of: an end near or past, an issue date unknown. */
  notices: readonly StatusNotice[];
  /** Its keys may be in the OS keychain, which could not be read (locked): the keychain's own words. */
  unreadable?: string;
}

/** A push's outcome for one line. */
export interface PushedLine {
  orderId: string;
  lineId: string;
  trackingNumber: string;
  outcome: string;
  message: string;
}

/** A Cafe24 consent under way: the page the operator opens, and where the mall sends the code. */
export interface ConsentView {
  address: string;
  redirectUri: string;
  /** Whether Intake waits at the redirect address itself (a loopback one), so that no paste is needed. */
  waiting: boolean;
}

/**
 * The OS keychain did not keep keys that the marketplace took (locked since it was first used, or
 * gone): nothing was changed. `why` is the keychain's own words.
 */
export class KeysNotKept extends Error {
  constructor(readonly why: string) {
    super(`the OS keychain did not keep the keys: ${why}`);
    this.name = 'KeysNotKept';
  }
}

/**
 * The OS keychain, where a marketplace's keys may be, could not be read (locked, not answering): what it
 * keeps is unknown, not absent. `why` is the keychain's own words.
 */
export class KeysUnreadable extends Error {
  constructor(readonly why: string) {
    super(`the OS keychain could not be read: ${why}`);
    this.name = 'KeysUnreadable';
  }
}

/**
 * What came of a consent's code that Intake took at the redirect address: kept where, or the error and
 * the app's ids to start again from (never its secret).
 */
export type ConsentOutcome =
  { kept: 'keychain' | 'file' } | { error: unknown; given: Readonly<Record<string, string>> };

/** What the page asks of the marketplaces (the front end's side holds the credentials). */
export interface MarketplaceServices {
  list(): Promise<MarketplaceView[]>;
  /** The orders changed since the last pull, as an NDJSON file in `dir`, and the lines not sent. */
  pull(
    marketplace: Marketplace,
    dir: string,
  ): Promise<{ path: string | undefined; orders: number; lines: number; notSent: NotSent[]; until: number }>;
  /** The pull's orders were all answered: the next one starts at `until`. */
  settle(marketplace: Marketplace, until: number): Promise<void>;
  /** The tracking numbers of pulled lines the marketplace does not have yet, exactly once each. */
  push(marketplace: Marketplace): Promise<{ lines: PushedLine[]; counts: Record<string, number> }>;
  /**
   * Keeps keys entered on the page (their fields as `intake marketplace login` names them) once the
   * marketplace takes them; says where, or what is wrong with them before asking. A refusal is the
   * marketplace's error, and the keys kept before stay.
   */
  keep(
    marketplace: Marketplace,
    given: Readonly<Record<string, string>>,
  ): Promise<{ kept: 'keychain' | 'file' } | { problem: 'naver_secret' | 'key_issued' | 'no_consent' }>;
  /**
   * Cafe24: an app's keys (mall id, client id and secret, redirect address), held until the mall's code
   * comes (`keep('cafe24', { code })`); the consent page to open and where it sends the code.
   */
  consent(given: Readonly<Record<string, string>>, returnTo?: string): Promise<ConsentView>;
  /** The Cafe24 consent under way, if any. */
  pendingConsent(): ConsentView | undefined;
  /**
   * What came of the code taken at the redirect address (`consent` with `returnTo`, where the browser is
   * then sent), until the next consent.
   */
  consentOutcome(): ConsentOutcome | undefined;
  /** Cafe24: whether a consent's tokens are held, not kept (the keychain refused them; the code is spent). */
  holding(): boolean;
  /** Cafe24: keeps the tokens held; undefined when none are. */
  keepHeld(): Promise<{ kept: 'keychain' | 'file' } | undefined>;
  /** Ends a wait at a consent's redirect address, as `intake ui` stops. */
  close(): void;
}
