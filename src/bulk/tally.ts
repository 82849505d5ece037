import { OUTCOMES, type Outcome } from '../contract/kinds.js';

/** What an upload counted as it went. */
export interface Tally {
  outcomes: Record<Outcome, number>;
  /** Records not sent because an earlier run had sent them with the same content. */
  fromLedger: number;
  /** The first `changed` records, with the fields that differ, to name in the summary. */
  changes: { id: string; fields: string[] }[];
  /** The records of the first rows the service did not take (`rejected` or `failed`), with why, by row. */
  notTaken: NotTaken[];
  /** Fields of `changed` records that `--update` would send, and fields the service cannot change. */
  fixableFields: Set<string>;
  fixedFields: Set<string>;
  /** Corrected shipments sent: their buyers are notified again. */
  renotified: number;
  /** Attempts retried, answers lost on the way back, and times the service asked to slow down. */
  retries: number;
  lostAnswers: number;
  throttled: number;
}

/** A record the service did not take: its rows, its id, and the service's answer or what went wrong. */
export interface NotTaken {
  rows: readonly number[];
  id: string;
  outcome: 'rejected' | 'failed';
  status: number | undefined;
  message: string;
}

export function emptyTally(): Tally {
  return {
    outcomes: Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as Record<Outcome, number>,
    fromLedger: 0,
    changes: [],
    notTaken: [],
    fixableFields: new Set(),
    fixedFields: new Set(),
    renotified: 0,
    retries: 0,
    lostAnswers: 0,
    throttled: 0,
  };
}

/** How many records the tally has accounted for (repeated rows are not records). */
export function countedRecords(tally: Tally): number {
  const { duplicate: _repeats, skipped: _skipped, ...records } = tally.outcomes;
  return Object.values(records).reduce((sum, count) => sum + count, 0);
}
