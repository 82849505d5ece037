// Plain lists the CLI uses for its choices without loading the schemas.

/** What a simulated review holds; each kind earns its own amount of points. */
export const REVIEW_KINDS = ['text', 'photo', 'video'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** Points a review earns, by kind. */
export type ReviewPoints = Record<ReviewKind, number>;

/** What `intake serve` gives for a review unless `--review-points` says otherwise. */
export const DEFAULT_REVIEW_POINTS: ReviewPoints = { text: 100, photo: 500, video: 1000 };

/** What the bot writes: a shipping notice, a purchase-thanks (self delivery), a review request. */
export const MESSAGE_KINDS = ['shipment', 'thanks', 'review_request'] as const;

/** The kinds of record the service takes (and an upload sends, and the ledger keeps). */
export const RECORD_KINDS = ['order', 'product', 'shipment'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The kinds in the order a shop's work goes, for pages and examples: orders, their shipments, products. */
export const KINDS_AS_WORKED = ['order', 'shipment', 'product'] as const satisfies readonly RecordKind[];

/**
 * A create's state in the service: `queued` from its 202 until it is applied (the one word for a create
 * that waits, in the API, the tables and the texts), then `applied`, or `failed` with its reason.
 */
export const JOB_STATES = ['queued', 'applied', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** An order's or a product's state: its create still queued, or applied. */
export const RECORD_STATES = ['queued', 'applied'] as const satisfies readonly JobState[];
export type RecordState = (typeof RECORD_STATES)[number];

/**
 * What happened to a record in an upload, in the order summaries list them. The first six besides
 * `updated` are what the service (or the check) answered: `accepted` (202), `already_registered` (409 of
 * its own id, same content), `changed` (accepted earlier with other content), `updated` (a changed one
 * brought up to date with `--update`), `invalid` (refused before sending), `rejected` (refused by the
 * service), `failed` (no definite answer). Then why a record was not sent at all: `valid` (a dry run
 * checked it), `not_sent` (the upload stopped first); and two that are rows, not records: `duplicate` (a
 * row repeating another exactly) and `skipped` (a dispatch row with no tracking number yet).
 */
export const OUTCOMES = [
  'accepted',
  'already_registered',
  'changed',
  'updated',
  'invalid',
  'rejected',
  'failed',
  'valid',
  'not_sent',
  'duplicate',
  'skipped',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The outcomes of records an upload tried to send: what a history of uploads counts. */
export const SENDING_OUTCOMES = OUTCOMES.slice(0, OUTCOMES.indexOf('valid')) as readonly Outcome[];

/** What the upload ledger knows of a record: in flight (`sending`), or the service's answer. */
export const LEDGER_STATES = ['sending', 'accepted', 'already_registered', 'rejected', 'failed'] as const;
export type LedgerState = (typeof LEDGER_STATES)[number];
