/**
 * Iterates `source` with up to `size` items read ahead of the consumer, calling `onRead` on each item as
 * it is read (in order), not as it is consumed. Items are read half a window at a time and thus seen
 * together, which lets `onRead` start work that is cheaper in batches. Stopping early stops the reading; the items already
 * read ahead (at most `size`) are dropped. An error of the source reaches the consumer at its place.
 */
export async function* readAhead<T, U>(
  source: AsyncIterable<T>,
  size: number,
  onRead: (item: T) => U,
): AsyncGenerator<U> {
  const iterator = source[Symbol.asyncIterator]();
  const pending: Promise<IteratorResult<U, undefined>>[] = [];
  let ended = false;
  const pull = () => {
    if (ended) return;
    const next = iterator.next().then(
      (result): IteratorResult<U, undefined> => {
        if (result.done) {
          ended = true;
          return { done: true, value: undefined };
        }
        return { done: false, value: onRead(result.value) };
      },
      (error: unknown) => {
        ended = true;
        throw error;
      },
    );
    // Awaited in its turn below; until then, a failure must not count as unhandled.
    next.catch(() => {});
    pending.push(next);
  };
  try {
    for (let i = 0; i < size; i++) pull();
    for (;;) {
      const next = pending.shift();
      if (!next) return;
      const result = await next;
      if (result.done) return;
      // Refilled half at a time, so that items keep being read (and seen by `onRead`) in groups.
      if (pending.length <= size / 2) while (pending.length < size && !ended) pull();
      yield result.value;
    }
  } finally {
    if (!ended) await iterator.return?.();
  }
}
