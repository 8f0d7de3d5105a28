// Timed rows shared by the benchmarks that need every response time (bench/catalog.ts, bench/orders.ts):
// compared rows run in turns, and p50/p95/p99 computed from all of a row's response times
// (autocannon reports no p95).
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONNECTIONS, cpuMeter, DURATION } from './load.ts';

/** Turns of each row: compared rows alternate, so a slower spell of the machine weighs on each alike. */
export const SLICES = 5;

export interface Timed {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Non-2xx answers by status. */
  statuses: Record<string, number>;
  bytes: number;
  seconds: number;
  /** CPU milliseconds each process (this one as autocannon, the server, the worker, Redis, PostgreSQL) used per request of the row. */
  cpuMsPerRequest: Record<string, number>;
}
export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN);
export const round = (ms: number) => Math.round(ms * 100) / 100;

/** The machine's busy and total CPU time so far (/proc/stat, in clock ticks). */
function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const ticks = fields.map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.slice(0, 8).reduce((n, x) => n + x, 0);
  return { busy: total - idle, total };
}
/**
 * Waits (15 s at most) until the machine is quiet: under a third of one core busy over a quarter of a
 * second. A turn ends when its time is up, not when the server has finished the calls still in
 * flight (and their queries); without this, that work would land on the next row's turn.
 */
export async function settle(cores: number) {
  const deadline = performance.now() + 15_000;
  while (performance.now() < deadline) {
    const a = machineTicks();
    await sleep(250);
    const b = machineTicks();
    if (b.total > a.total && ((b.busy - a.busy) / (b.total - a.total)) * cores < 1 / 3) return;
  }
}

/**
 * Rows compared with each other run in turns (SLICES slices each), so a slower spell of the machine
 * weighs on each alike; each turn starts once the machine is quiet again (`settle`).
 */
export async function interleavedRows(specs: Array<[label: string, opts: autocannon.Options]>): Promise<Record<string, Timed>> {
  const acc = new Map(specs.map(([label]) => [label, { times: [] as number[], statuses: {} as Record<string, number>, non2xx: 0, errors: 0, bytes: 0, seconds: 0, requests: 0, cpu: {} as Record<string, number> }]));
  const cores = availableParallelism();
  for (let k = 0; k < SLICES; k++) {
    for (const [label, opts] of specs) {
      const a = acc.get(label)!;
      await settle(cores);
      const cpuUsed = cpuMeter();
      const t0 = performance.now();
      const r = await new Promise<autocannon.Result>((done, fail) => {
        const instance = autocannon({ connections: CONNECTIONS, duration: DURATION / SLICES, ...opts }, (err, result) => (err ? fail(err) : done(result)));
        instance.on('response', (_client, status, _bytes, responseTime) => {
          a.times.push(responseTime);
          if (status >= 300) a.statuses[status] = (a.statuses[status] ?? 0) + 1;
        });
      });
      a.seconds += (performance.now() - t0) / 1000;
      for (const [name, used] of Object.entries(cpuUsed())) a.cpu[name] = (a.cpu[name] ?? 0) + used;
      a.non2xx += r.non2xx;
      a.errors += r.errors;
      a.requests += r['2xx'] + r.non2xx;
      a.bytes += r.throughput.total;
    }
  }
  const rows: Record<string, Timed> = {};
  for (const [label, a] of acc) {
    const sorted = a.times.sort((x, y) => x - y);
    rows[label] = {
      rps: Math.round(a.requests / a.seconds),
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      requests: a.requests,
      non2xx: a.non2xx,
      errors: a.errors,
      statuses: a.statuses,
      bytes: Math.round(a.bytes / Math.max(1, a.requests)),
      seconds: round(a.seconds),
      cpuMsPerRequest: Object.fromEntries(Object.entries(a.cpu).map(([name, used]) => [name, Math.round((used * 1e6) / Math.max(1, a.requests)) / 1000])),
    };
    console.error(`${label}: ${rows[label]!.rps} req/s, p95 ${rows[label]!.p95} ms, p99 ${rows[label]!.p99} ms, non-2xx ${a.non2xx}; CPU ms per request ${JSON.stringify(rows[label]!.cpuMsPerRequest)}`);
  }
  return rows;
}

