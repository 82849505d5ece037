import { setFlagsFromString } from 'node:v8';

/**
 * How much V8 lets the old generation grow past what the last full collection kept, in percent. Left to
 * itself it lets a small heap grow about fourfold (a pass over a large file keeps about 14 MB alive, and
 * the heap was left to fill to 60 MB before it was collected); half as much again keeps the peak 30 to
 * 45 MB lower on a 1,000,000-row file, for about 2 % more time (more full collections).
 */
const HEAP_GROWING_PERCENT = 50;

/**
 * From this size on, an input is large enough for its upload's memory to matter more than 2 % of its
 * time: a 100,000-row CSV is about 12 MB, a 30,000-order one 7 MB.
 */
export const LARGE_INPUT_BYTES = 16 * 1024 * 1024;

/**
 * Keeps the heap of a process that streams large files close to what it holds. V8 reads this setting
 * each time it sizes the heap after a collection, so it takes effect from the next one. Process-wide,
 * so it is set by the processes that run uploads (the CLI's upload commands, `intake ui`), never by
 * the library or by `intake serve`.
 */
export function keepHeapTight(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/** Keeps the heap tight for an input of `bytes`, if it is large; says whether it did. */
export function keepHeapTightFor(bytes: number): boolean {
  if (bytes < LARGE_INPUT_BYTES) return false;
  keepHeapTight();
  return true;
}
