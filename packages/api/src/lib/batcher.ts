/**
 * Gathers the items concurrent callers hand in and handles them together: one call of `run` per
 * batch (what arrived in the same turn of the event loop, and what arrives while `inFlight` batches
 * run), at most `maxItems` a batch. `run` answers a result per item, in their order; each caller
 * gets its items' results, or the batch's error.
 */
export function createBatcher<I, O>(run: (items: I[]) => Promise<O[]>, { maxItems = 250, inFlight = 2 }: { maxItems?: number; inFlight?: number } = {}) {
  const waiting: Array<{ item: I; resolve: (o: O) => void; reject: (err: unknown) => void }> = [];
  let running = 0;
  let scheduled = false;

  function flush() {
    scheduled = false;
    while (running < inFlight && waiting.length) {
      const batch = waiting.splice(0, maxItems);
      running++;
      run(batch.map((w) => w.item))
        .then(
          (out) => batch.forEach((w, i) => w.resolve(out[i] as O)),
          (err: unknown) => batch.forEach((w) => w.reject(err)),
        )
        .finally(() => {
          running--;
          schedule();
        });
    }
  }
  function schedule() {
    if (scheduled || !waiting.length || running >= inFlight) return;
    scheduled = true;
    setImmediate(flush);
  }

  return {
    /** Hands `items` in; answers their results once their batch has run. */
    push(items: I[]): Promise<O[]> {
      if (!items.length) return Promise.resolve([]);
      const results = Promise.all(items.map((item) => new Promise<O>((resolve, reject) => waiting.push({ item, resolve, reject }))));
      schedule();
      return results;
    },
  };
}
