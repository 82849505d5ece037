import type { Marketplace } from './names.js';
import { MARKETPLACE_LABELS } from './names.js';

/**
 * Why a marketplace call did not do what was asked:
 * - `blocked`: the marketplace refuses this caller (an IP not allowed, a block after too many calls); stop.
 * - `auth`: credentials or a signature refused (a clock that is off says so).
 * - `refused`: the request was refused for what it asked (a bad parameter, a window too long).
 * - `busy`: rate limited or unavailable, still so after backing off.
 * - `unreachable`: no answer.
 * - `answer`: an answer that is not what the API documents (the field is named).
 */
export type MarketplaceErrorKind = 'blocked' | 'auth' | 'refused' | 'busy' | 'unreachable' | 'answer';

export class MarketplaceError extends Error {
  readonly marketplace: Marketplace;
  readonly kind: MarketplaceErrorKind;
  /** The marketplace's own code (`GW.IP_NOT_ALLOWED`, `104139`, `invalid_grant`), when it gave one. */
  readonly code: string | undefined;
  readonly status: number | undefined;
  /** The marketplace's id of the request (Naver's `GNCP-GW-Trace-ID`, Coupang's `transactionId`). */
  readonly traceId: string | undefined;
  readonly hints: readonly string[];

  constructor(
    marketplace: Marketplace,
    kind: MarketplaceErrorKind,
    message: string,
    details: {
      code?: string;
      status?: number;
      traceId?: string;
      hints?: readonly string[];
      cause?: unknown;
    } = {},
  ) {
    const trace = details.traceId ? ` (trace id ${details.traceId})` : '';
    super(`${MARKETPLACE_LABELS[marketplace]}: ${message}${trace}`, { cause: details.cause });
    this.name = 'MarketplaceError';
    this.marketplace = marketplace;
    this.kind = kind;
    this.code = details.code;
    this.status = details.status;
    this.traceId = details.traceId;
    this.hints = details.hints ?? [];
  }

  /** What a script reads in `--json`. */
  toJSON(): Record<string, unknown> {
    return {
      marketplace: this.marketplace,
      kind: this.kind,
      message: this.message,
      ...(this.code === undefined ? {} : { code: this.code }),
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.traceId === undefined ? {} : { trace_id: this.traceId }),
    };
  }
}

/** A marketplace's credentials are not set up for this profile. */
export class MarketplaceNotSetUp extends Error {
  readonly marketplace: Marketplace;
  readonly hints: readonly string[];

  constructor(marketplace: Marketplace, missing: string) {
    super(`no ${MARKETPLACE_LABELS[marketplace]} credentials for this profile (${missing})`);
    this.name = 'MarketplaceNotSetUp';
    this.marketplace = marketplace;
    this.hints = [`Run: intake marketplace login ${marketplace}`];
  }
}
