import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createBullQueue, createMemoryQueue, retryDelayMs, type JobQueue } from './queue.ts';

const log = pino({ level: 'silent' });
const redisUrl = process.env.REDIS_URL;
const prefixes: string[] = [];

const engines: Array<[string, () => JobQueue]> = [['memory', () => createMemoryQueue(log, { backoffMs: 1 })]];
if (redisUrl) {
  engines.push([
    'bullmq',
    () => {
      const prefix = `test-queue-${randomBytes(6).toString('hex')}`;
      prefixes.push(prefix);
      return createBullQueue(redisUrl, prefix, log, { backoffMs: 1 });
    },
  ]);
}

afterAll(async () => {
  if (!redisUrl || !prefixes.length) return;
  const redis = new Redis(redisUrl);
  try {
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
});

/** A promise with its resolver, to hold a handler until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

/** Starts the queue with one `email.send` job that runs until released. */
async function startBlockingJob(q: JobQueue) {
  const started = gate();
  const release = gate();
  let finished = false;
  q.handle('email.send', async () => {
    started.open();
    await release.opened;
    finished = true;
  });
  await q.start();
  await q.add('email.send', { outboxId: 1 });
  await started.opened;
  return { release: release.open, finished: () => finished };
}

describe.each(engines)('%s queue', (_name, make) => {
  let queue: JobQueue | undefined;
  const create = () => (queue = make());
  afterEach(async () => {
    await queue?.close();
    queue = undefined;
  });

  it('runs the handler of an added job with its payload', async () => {
    const q = create();
    const seen: number[] = [];
    q.handle('email.send', async ({ outboxId }) => void seen.push(outboxId));
    await q.start();
    await q.add('email.send', { outboxId: 42 });
    await q.drain();
    expect(seen).toEqual([42]);
  });

  it('accepts the same jobId once, even after the first run finished', async () => {
    const q = create();
    const seen: number[] = [];
    q.handle('email.send', async ({ outboxId }) => void seen.push(outboxId));
    await q.start();
    await q.add('email.send', { outboxId: 1 }, { jobId: 'email-1' });
    await q.add('email.send', { outboxId: 2 }, { jobId: 'email-1' });
    await q.add('email.send', { outboxId: 3 });
    await q.add('email.send', { outboxId: 3 });
    await q.drain();
    await q.add('email.send', { outboxId: 4 }, { jobId: 'email-1' });
    await q.drain();
    expect([...seen].sort()).toEqual([1, 3, 3]);
  });

  it('retries a failing handler up to `attempts` runs in all', async () => {
    const q = create();
    let runs = 0;
    q.handle('email.send', async () => {
      runs++;
      throw new Error('smtp down');
    });
    await q.start();
    await q.add('email.send', { outboxId: 1 }, { attempts: 3 });
    await q.drain();
    expect(runs).toBe(3);
  });

  it('stops retrying once the handler succeeds', async () => {
    const q = create();
    const outcomes: string[] = [];
    q.handle('email.send', async () => {
      if (outcomes.length < 2) {
        outcomes.push('failed');
        throw new Error('temporary');
      }
      outcomes.push('ok');
    });
    await q.start();
    await q.add('email.send', { outboxId: 1 });
    await q.drain();
    expect(outcomes).toEqual(['failed', 'failed', 'ok']);
  });

  it('keeps jobs added before start() and runs them after it', async () => {
    const q = create();
    const seen: number[] = [];
    q.handle('email.send', async ({ outboxId }) => void seen.push(outboxId));
    await q.add('email.send', { outboxId: 1 });
    await q.add('email.send', { outboxId: 2 });
    // Nothing consumes before start(), however long we wait.
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([]);
    await q.start();
    await q.drain();
    expect([...seen].sort()).toEqual([1, 2]);
  });

  it('runs a delayed job and drain() waits for it', async () => {
    const q = create();
    const seen: number[] = [];
    q.handle('email.send', async ({ outboxId }) => void seen.push(outboxId));
    await q.start();
    await q.add('email.send', { outboxId: 9 }, { delayMs: 30 });
    await q.drain();
    expect(seen).toEqual([9]);
  });

  it('drain() resolves at once when idle, and only after the running job when busy', async () => {
    const q = create();
    await q.drain();

    const job = await startBlockingJob(q);
    let drained = false;
    const draining = q.drain().then(() => (drained = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(drained).toBe(false);
    job.release();
    await draining;
    expect(job.finished()).toBe(true);
  });

  it('runs recurring jobs while workers run, and drain() does not wait for the next run', async () => {
    const q = create();
    let runs = 0;
    q.handle('email.sweep', async () => void runs++);
    await q.every('email.sweep', 20, {});
    await q.start();
    await expect.poll(() => runs, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    await q.drain();
  });

  it('close() waits for the running job to finish', async () => {
    const q = create();
    const job = await startBlockingJob(q);
    let closed = false;
    const closing = q.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false);
    job.release();
    await closing;
    expect(job.finished()).toBe(true);
  });
});

describe('retry delays', () => {
  it('double from the base and stop growing at 30 s', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n))).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(retryDelayMs(20)).toBe(30_000);
    expect(retryDelayMs(3, 10)).toBe(40);
  });
});
