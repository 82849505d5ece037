/**
 * The local service's own operations under `/local/` (not part of the real service): inspection of what
 * is stored, the bot's outbox, simulated reviews, the simulated clock and the queue. Same Basic auth;
 * everything but the clock is scoped to the calling merchant.
 */

export * from './queries.js';
export * from './records.js';
export * from './events.js';
export * from './faults.js';
export * from './requests.js';
export * from './endpoints.js';
