import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

describe('createBatcher', () => {
  it('runs what callers hand in within one turn as one batch, and answers each its own results', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher(async (items: number[]) => {
      batches.push(items);
      return items.map((n) => n * 10);
    });
    const [a, b, c] = await Promise.all([batcher.push([1, 2]), batcher.push([3]), batcher.push([4, 5])]);
    expect(batches).toEqual([[1, 2, 3, 4, 5]]);
    expect([a, b, c]).toEqual([[10, 20], [30], [40, 50]]);
  });

  it('keeps at most maxItems a batch and inFlight batches at once; what waits goes in the next', async () => {
    const batches: number[][] = [];
    let running = 0;
    let most = 0;
    const batcher = createBatcher(
      async (items: number[]) => {
        running++;
        most = Math.max(most, running);
        batches.push(items);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return items;
      },
      { maxItems: 2, inFlight: 1 },
    );
    const first = batcher.push([1, 2, 3]);
    await new Promise((r) => setImmediate(r));
    const second = batcher.push([4]);
    expect(await Promise.all([first, second])).toEqual([[1, 2, 3], [4]]);
    expect(batches).toEqual([[1, 2], [3, 4]]);
    expect(most).toBe(1);
  });

  it('rejects every caller of a batch that failed, and goes on with the next', async () => {
    let calls = 0;
    const batcher = createBatcher(async (items: string[]) => {
      calls++;
      if (calls === 1) throw new Error('database away');
      return items.map((s) => s.toUpperCase());
    });
    const failed = await Promise.allSettled([batcher.push(['a']), batcher.push(['b'])]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await batcher.push(['c'])).toEqual(['C']);
    expect(await batcher.push([])).toEqual([]);
  });
});
