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
