import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { JobName, JobPayloads } from '../jobs/queues.ts';
import { throttledRedisErrorLog } from './redis.ts';

export interface AddOptions {
  /** Jobs with the same id are accepted once. */
  jobId?: string;
  delayMs?: number;
  /** Runs of the job in all, the first included (default 5). */
  attempts?: number;
  /**
   * A sweep adds this job again if it is lost (e.g. the email outbox's): when the queue cannot be
   * reached, the add is logged and skipped instead of failing its caller, whose write is done.
   */
  sweptIfLost?: boolean;
}

export interface QueueOptions {
  /** Delay before the first retry; it doubles with each attempt, up to 30 s. Default 500 ms. */
  backoffMs?: number;
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N]) => Promise<void>;

/** One job interface, two engines: BullMQ over Redis, or an in-process runner. */
export interface JobQueue {
  add<N extends JobName>(name: N, payload: JobPayloads[N], opts?: AddOptions): Promise<void>;
  /** Adds jobs of one name in one round trip (BullMQ's addBulk): all are queued, or the call throws. */
  addMany<N extends JobName>(name: N, jobs: Array<{ payload: JobPayloads[N]; opts?: Omit<AddOptions, 'sweptIfLost'> }>): Promise<void>;
  /**
   * The same without waiting: for jobs a sweep queues again if they are lost (the caller's write is
   * done and answered); a failure is logged. `drain()` waits for these adds too.
   */
  addManyLater<N extends JobName>(name: N, jobs: Array<{ payload: JobPayloads[N]; opts?: Omit<AddOptions, 'sweptIfLost'> }>): void;
  /** Registers the handler for a job name (only in processes that run workers). */
  handle<N extends JobName>(name: N, handler: JobHandler<N>): void;
  /** Runs a job every `everyMs` while workers run. */
  every<N extends JobName>(name: N, everyMs: number, payload: JobPayloads[N]): Promise<void>;
  /** Starts consuming; before this, added jobs wait. */
  start(): Promise<void>;
  /**
   * Resolves when no job is waiting, running or due for a retry (recurring `every` jobs aside),
   * for tests and scripts. Jobs added before `start()` keep it waiting until they have run.
   */
  drain(): Promise<void>;
  /** Stops taking jobs and waits for the running ones to finish. */
  close(): Promise<void>;
}

const QUEUE = 'backoffice';
const DEFAULT_ATTEMPTS = 5;
const DEFAULT_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;
const BACKOFF_TYPE = 'capped-exponential';
/**
 * A running job's lock lasts this long (renewed every half of it). A worker killed mid-job leaves
 * its jobs locked until then; the next stalled-job check (every STALLED_CHECK_MS, by any worker)
 * gives them to another run: a crash delays them by at most ~15 s (BullMQ's defaults: 60 s).
 */
const LOCK_MS = 10_000;
const STALLED_CHECK_MS = 5_000;
/**
 * Jobs a worker process runs at once. Most wait on I/O (the database, Redis, a provider), and some
 * wait long: a message's send waits its turn in the number's throughput while a campaign takes it
 * (a second at most). With a few, those would hold every slot and customers' messages would wait
 * behind them; the database pool (10) bounds what runs there at once anyway.
 */
export const WORKER_CONCURRENCY = 16;
/** Reconnection delays to Redis: quick, so jobs resume soon after Redis is back (BullMQ's default grows to 20 s). */
const MAX_RETRY_DELAY_MS = 2_000;
const retryStrategy = (attempt: number) => Math.min(attempt * 200, MAX_RETRY_DELAY_MS);

/** The client once the connection is set up, or undefined if that takes longer than `ms` (Redis away at start). */
async function settledWithin(client: Promise<unknown> | undefined, ms: number): Promise<Redis | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return (await Promise.race([client?.catch(() => undefined), late])) as Redis | undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the ioredis client is connected, or gets connected within `ms`. */
function readyWithin(client: Redis, ms: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    client.on('ready', onReady);
  });
}

/** The wait before retry number `attempt` (1 = the first retry), the same in both engines. */
export const retryDelayMs = (attempt: number, backoffMs = DEFAULT_BACKOFF_MS) =>
  Math.min(MAX_BACKOFF_MS, backoffMs * 2 ** (attempt - 1));

export function createBullQueue(
  redisUrl: string,
  prefix: string,
  log: FastifyBaseLogger,
  { backoffMs = DEFAULT_BACKOFF_MS }: QueueOptions = {},
): JobQueue {
  // Connection options rather than the app's client: BullMQ then owns (and closes) its connections.
  // The worker's (blocking) connection waits out an outage; the producer's fails at once, so that a
  // request adding a job while Redis is away answers 503 instead of hanging.
  const connection = { url: redisUrl, maxRetriesPerRequest: null, retryStrategy };
  const queue = new Queue(QUEUE, { connection: { url: redisUrl, enableOfflineQueue: false, retryStrategy }, prefix: `${prefix}:bull` });
  // Connection errors while Redis is away: at most one line every 10 s per queue or worker.
  queue.on('error', throttledRedisErrorLog(log, 'job queue'));
  const handlers = new Map<string, JobHandler<JobName>>();
  let worker: Worker | undefined;
  /** addManyLater's adds still on their way (drain waits for them). */
  const later = new Set<Promise<void>>();
  const jobOptions = (opts: AddOptions) => ({
    jobId: opts.jobId,
    delay: opts.delayMs,
    attempts: opts.attempts ?? DEFAULT_ATTEMPTS,
    backoff: { type: BACKOFF_TYPE },
    removeOnComplete: 1000,
    removeOnFail: 5000,
  });
  const addBulk: JobQueue['addMany'] = async (name, jobs) => {
    if (jobs.length) await queue.addBulk(jobs.map((j) => ({ name, data: j.payload, opts: jobOptions(j.opts ?? {}) })));
  };
  return {
    async add(name, payload, opts = {}) {
      try {
        await queue.add(name, payload, jobOptions(opts));
      } catch (err) {
        if (!opts.sweptIfLost) throw err;
        log.warn({ err, job: name, id: opts.jobId }, 'job not queued (Redis unreachable); its sweep will queue it');
      }
    },
    addMany: addBulk,
    addManyLater(name, jobs) {
      if (!jobs.length) return;
      const adding: Promise<void> = addBulk(name, jobs)
        .catch((err: unknown) => log.warn({ err, job: name, jobs: jobs.length }, 'jobs not queued (Redis unreachable); their sweep will queue them'))
        .finally(() => later.delete(adding));
      later.add(adding);
    },
    handle(name, handler) {
      handlers.set(name, handler as JobHandler<JobName>);
    },
    async every(name, everyMs, payload) {
      await queue.upsertJobScheduler(`every:${name}`, { every: everyMs }, { name, data: payload });
    },
    async start() {
      if (worker) return;
      worker = new Worker(
        QUEUE,
        async (job) => {
          const handler = handlers.get(job.name);
          if (!handler) throw new Error(`No handler for job ${job.name}`);
          await handler(job.data);
        },
        {
          connection,
          prefix: `${prefix}:bull`,
          concurrency: WORKER_CONCURRENCY,
          lockDuration: LOCK_MS,
          stalledInterval: STALLED_CHECK_MS,
          settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade, backoffMs) },
        },
      );
      worker.on('error', throttledRedisErrorLog(log, 'job worker'));
      worker.on('failed', (job, err) =>
        log.warn({ job: job?.name, id: job?.id, attempt: job?.attemptsMade, final: job ? job.attemptsMade >= (job.opts.attempts ?? 1) : true, err }, 'job failed'),
      );
      await worker.waitUntilReady();
    },
    async drain() {
      while (later.size) await Promise.all(later);
      for (;;) {
        // One atomic read of every unfinished state (reading states one by one misses a job that
        // moves between them, e.g. active to delayed for a retry). Each job scheduler (`every`)
        // always keeps its next run delayed: those do not count.
        const [{ delayed = 0, ...unfinished }, schedulers] = await Promise.all([
          queue.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children', 'delayed'),
          queue.getJobSchedulersCount(),
        ]);
        if (!Object.values(unfinished).some(Boolean) && delayed <= schedulers) return;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      // A graceful close waits for the running jobs, then for the worker's blocking connection
      // (BZPOPMIN) to end; the queue's quits. ioredis never ends a connection disconnected while it
      // waits to reconnect (status 'reconnecting': no socket is left to close, so no 'end' event),
      // and cannot send QUIT then: BullMQ's close (and its disconnect()) waited for good, the hang
      // seen after a Redis outage (the blocking connection between two attempts, or being reset by
      // BullMQ's watchdog). So each closes gracefully once its connection is up (Redis back: within
      // one retry delay); with Redis still away, without waiting for anything (a running job's
      // completion cannot be recorded then anyway: it runs again once its lock expires).
      // (The worker's connection is checked right before its close: nothing runs in between.)
      let upWithin = MAX_RETRY_DELAY_MS + 1_000;
      const up = async (client: Promise<unknown> | undefined) => {
        const c = await settledWithin(client, upWithin);
        return { client: c, up: !c || (await readyWithin(c, upWithin)) };
      };
      if (worker) {
        const blocking = await up(worker.backend.blockingClient);
        if (!blocking.up) {
          log.warn('closing the job worker while Redis is unreachable: its running jobs are not waited for');
          upWithin = 0; // (no use waiting for the queue's connection either)
        }
        await worker.close(!blocking.up);
      }
      const producer = await up(queue.backend.client);
      if (producer.up) await queue.close();
      else producer.client?.disconnect();
    },
  };
}

export function createMemoryQueue(log: FastifyBaseLogger, { backoffMs = DEFAULT_BACKOFF_MS }: QueueOptions = {}): JobQueue {
  const handlers = new Map<string, JobHandler<JobName>>();
  const seen = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const intervals = new Set<NodeJS.Timeout>();
  const pending: Array<() => void> = [];
  let queued = 0;
  let running = 0;
  let started = false;
  let closed = false;
  let waiters: Array<() => void> = [];

  const idle = () => running === 0 && (closed || (queued === 0 && pending.length === 0 && timers.size === 0));
  const settle = () => {
    if (!idle()) return;
    const ready = waiters;
    waiters = [];
    ready.forEach((r) => r());
  };
  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
      settle();
    }, ms);
    timers.add(t);
  };
  const soon = (fn: () => void) => {
    queued++;
    setImmediate(() => {
      queued--;
      fn();
      settle();
    });
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
        log.warn({ job: name, attempt, final: attempt >= attempts, err }, 'job failed');
        if (attempt < attempts && !closed) later(() => run(name, payload, attempt + 1, attempts), retryDelayMs(attempt, backoffMs));
      })
      .finally(() => {
        running--;
        settle();
      });
  };

  const queue: JobQueue = {
    async add(name, payload, opts = {}) {
      if (closed) return;
      if (opts.jobId) {
        if (seen.has(opts.jobId)) return;
        seen.add(opts.jobId);
        if (seen.size > 100_000) seen.delete(seen.values().next().value!);
      }
      const go = () => run(name, payload, 1, opts.attempts ?? DEFAULT_ATTEMPTS);
      if (opts.delayMs) later(go, opts.delayMs);
      else soon(go);
    },
    async addMany(name, jobs) {
      for (const j of jobs) await queue.add(name, j.payload, j.opts);
    },
    addManyLater(name, jobs) {
      for (const j of jobs) void queue.add(name, j.payload, j.opts);
    },
    handle(name, handler) {
      handlers.set(name, handler as JobHandler<JobName>);
    },
    async every(name, everyMs, payload) {
      // Runs only once workers run: ticks before start() are skipped, not piled up.
      const t = setInterval(() => started && run(name, payload, 1, 1), everyMs);
      t.unref();
      intervals.add(t);
    },
    async start() {
      if (closed) return;
      started = true;
      pending.splice(0).forEach((fn) => fn());
    },
    drain() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      });
    },
    async close() {
      closed = true;
      timers.forEach(clearTimeout);
      timers.clear();
      intervals.forEach(clearInterval);
      intervals.clear();
      pending.length = 0;
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      });
    },
  };
  return queue;
}
