import { setFlagsFromString } from 'node:v8';

/**
 * How much V8 lets the old generation grow past what the last full collection kept, in percent. Left to
 * itself it lets a small heap grow about fourfold (a pass over a large file keeps about 14 MB alive, and
 * the heap was left to fill to 60 MB before it was collected); half as much again keeps the peak about
 * 30 MB lower, measured on a 1,000,000-row file, for no measurable time.
 */
const HEAP_GROWING_PERCENT = 50;

/**
 * Keeps the heap of a process that streams large files close to what it holds. V8 reads this setting
 * each time it sizes the heap after a collection, so it takes effect from the next one. Process-wide,
 * so it is set by the processes that run uploads (the CLI's upload commands, `intake ui`), never by
 * the library or by `intake serve`.
 */
export function keepHeapTight(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
