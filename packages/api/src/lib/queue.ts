import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { JobName, JobPayloads } from '../jobs/queues.ts';

export interface AddOptions {
  /** Jobs with the same id are accepted once. */
  jobId?: string;
  delayMs?: number;
  attempts?: number;
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N]) => Promise<void>;

/** One job interface, two engines: BullMQ over Redis, or an in-process runner. */
export interface JobQueue {
  add<N extends JobName>(name: N, payload: JobPayloads[N], opts?: AddOptions): Promise<void>;
  /** Registers the handler for a job name (only in processes that run workers). */
  handle<N extends JobName>(name: N, handler: JobHandler<N>): void;
  /** Runs a job every `everyMs` while workers run. */
  every<N extends JobName>(name: N, everyMs: number, payload: JobPayloads[N]): Promise<void>;
  /** Starts consuming; before this, added jobs wait. */
  start(): Promise<void>;
  /** Resolves when no job is waiting or running (in-process), for tests and shutdown. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

const QUEUE = 'backoffice';
const backoffMs = (attempt: number) => Math.min(30_000, 500 * 2 ** (attempt - 1));

export function createBullQueue(redisUrl: string, prefix: string, log: FastifyBaseLogger): JobQueue {
  // Connection options rather than the app's client: BullMQ then owns (and closes) its connections.
  const connection = { url: redisUrl, maxRetriesPerRequest: null };
  const queue = new Queue(QUEUE, { connection, prefix: `${prefix}:bull` });
  const handlers = new Map<string, JobHandler<JobName>>();
  let worker: Worker | undefined;
  return {
    async add(name, payload, opts = {}) {
      await queue.add(name, payload, {
        jobId: opts.jobId,
        delay: opts.delayMs,
        attempts: opts.attempts ?? 5,
        backoff: { type: 'exponential', delay: 500 },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      });
    },
    handle(name, handler) {
      handlers.set(name, handler as JobHandler<JobName>);
    },
    async every(name, everyMs, payload) {
      await queue.upsertJobScheduler(`every:${name}`, { every: everyMs }, { name, data: payload });
    },
    async start() {
      worker = new Worker(
        QUEUE,
        async (job) => {
          const handler = handlers.get(job.name);
          if (!handler) throw new Error(`No handler for job ${job.name}`);
          await handler(job.data);
        },
        { connection, prefix: `${prefix}:bull`, concurrency: 4 },
      );
      worker.on('failed', (job, err) => log.warn({ job: job?.name, id: job?.id, err }, 'job failed'));
      await worker.waitUntilReady();
    },
    async drain() {
      for (let i = 0; i < 200; i++) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed');
        if (!counts.waiting && !counts.active && !counts.delayed) return;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}

export function createMemoryQueue(log: FastifyBaseLogger): JobQueue {
  const handlers = new Map<string, JobHandler<JobName>>();
  const seen = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const intervals = new Set<NodeJS.Timeout>();
  const pending: Array<() => void> = [];
  let running = 0;
  let started = false;
  let closed = false;
  let idle: Array<() => void> = [];

  const settle = () => {
    if (running === 0 && pending.length === 0 && timers.size === 0) {
      idle.forEach((r) => r());
      idle = [];
    }
  };
  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
      settle();
    }, ms);
    timers.add(t);
  };
  const run = (name: JobName, payload: unknown, attempt: number, attempts: number) => {
    if (closed) return;
    if (!started) {
      pending.push(() => run(name, payload, attempt, attempts));
      return;
    }
    const handler = handlers.get(name);
    running++;
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`No handler for job ${name}`);
        return handler(payload as never);
      })
      .catch((err) => {
        log.warn({ job: name, attempt, err }, 'job failed');
        if (attempt < attempts) later(() => run(name, payload, attempt + 1, attempts), backoffMs(attempt));
      })
      .finally(() => {
        running--;
        settle();
      });
  };

  return {
    async add(name, payload, opts = {}) {
      if (opts.jobId) {
        if (seen.has(opts.jobId)) return;
        seen.add(opts.jobId);
        if (seen.size > 100_000) seen.delete(seen.values().next().value!);
      }
      const go = () => run(name, payload, 1, opts.attempts ?? 5);
      if (opts.delayMs) later(go, opts.delayMs);
      else setImmediate(go);
    },
    handle(name, handler) {
      handlers.set(name, handler as JobHandler<JobName>);
    },
    async every(name, everyMs, payload) {
      const t = setInterval(() => run(name, payload, 1, 1), everyMs);
      t.unref();
      intervals.add(t);
    },
    async start() {
      started = true;
      pending.splice(0).forEach((fn) => fn());
    },
    drain() {
      return new Promise<void>((resolve) => {
        idle.push(resolve);
        setImmediate(settle);
      });
    },
    async close() {
      closed = true;
      timers.forEach(clearTimeout);
      timers.clear();
      intervals.forEach(clearInterval);
      settle();
    },
  };
}
