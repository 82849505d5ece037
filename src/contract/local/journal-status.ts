// Apart from the journal's schemas so that the command line can use it without loading zod.

/** The status the journal gives a request that was never answered (a fault dropped or held it). */
export const NO_ANSWER = 0;

/** A status the journal can hold: an HTTP status, or `NO_ANSWER`. */
export const isJournalStatus = (status: number): boolean =>
  status === NO_ANSWER || (status >= 100 && status <= 599);
