import { setFlagsFromString } from 'node:v8';

/**
 * How much V8 lets the old generation grow past what the last full collection kept, in percent. Left to
 * itself it lets a small heap grow about fourfold (a pass over a large file keeps about 14 MB alive, and
 * the heap was left to fill to 60 MB before it was collected); half as much again keeps the peak 30 to
 * 45 MB lower on a 1,000,000-row file, for about 2 % more time (more full collections).
 */
const HEAP_GROWING_PERCENT = 50;

/** V8's own factor for growing the young generation (`--semi-space-growth-factor`). */
const YOUNG_GROWTH_FACTOR = 2;

/** Whether `keepYoungGenerationSmall` is in force. */
let youngKeptSmall = false;

/**
 * From this size on, an input is large enough for its upload's memory to matter more than 2 % of its
 * time: a 100,000-row CSV is about 12 MB, a 30,000-order one 7 MB.
 */
export const LARGE_INPUT_BYTES = 16 * 1024 * 1024;

/**
 * Keeps the heap of a process that streams large files close to what it holds (and its HTTP client's
 * parser from a costly second compilation, below). V8 reads this setting each time it sizes the heap
 * after a collection, so it takes effect from the next one. Process-wide, so it is set by the
 * processes that run uploads (the CLI's upload commands, `intake ui`), never by the library or by
 * `intake serve`.
 */
export function keepHeapTight(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  // undici parses HTTP with llhttp compiled to WebAssembly. Once the parser is hot, V8 compiles it again
  // with its optimising compiler, which takes about 40 MB for a moment, at the start of a large upload's
  // send pass: its peak. Its baseline code parses the service's short answers in no time that shows
  // (the client's CPU for 60,000 requests the same within the noise), with 16 MB where it took 42.
  setFlagsFromString('--liftoff-only');
}

/**
 * Keeps V8's young generation at its starting size (1 MB a semi-space) until `letYoungGenerationGrow`.
 * V8 doubles it, up to 16 MB a semi-space, whenever most of it survives a scavenge, which is what
 * happens while modules load, and a busy process keeps it at that size: about 30 MB of a large
 * upload's peak (no time measurable on a CSV, about a tenth more on a million-row workbook). Its size
 * limit is fixed when the process starts, but the growth factor is read each time it would grow, so the
 * CLI's entry sets this before anything loads, for a command line that may upload, and it is let grow
 * again once the command is known not to be the upload of a large input.
 */
export function keepYoungGenerationSmall(): void {
  youngKeptSmall = true;
  setFlagsFromString('--semi-space-growth-factor=1');
}

/** Lets the young generation grow as V8 would by itself. */
export function letYoungGenerationGrow(): void {
  youngKeptSmall = false;
  setFlagsFromString(`--semi-space-growth-factor=${YOUNG_GROWTH_FACTOR}`);
}

/**
 * Sets again what `keepYoungGenerationSmall` set, if it is in force. V8 raises the growth factor back to
 * at least 2 whenever it sets up an isolate's heap, a worker thread's too, and from then on every
 * isolate of the process (this one included) grows its young generation again.
 */
export function keepYoungGenerationAsItWas(): void {
  if (youngKeptSmall) setFlagsFromString('--semi-space-growth-factor=1');
}

/**
 * Sizes the heap for an upload of `bytes`: tight for a large input (the young generation stays as the
 * entry left it); as V8 would by itself otherwise. Says whether the input was large.
 */
export function keepHeapTightFor(bytes: number): boolean {
  if (bytes < LARGE_INPUT_BYTES) {
    letYoungGenerationGrow();
    return false;
  }
  keepHeapTight();
  return true;
}
