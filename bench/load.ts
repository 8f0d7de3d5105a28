// Load generation shared by the benchmarks (bench/rma.ts, bench/auth-reads.ts): rows driven by
// autocannon or wrk, compared rows run in turns, the CPU each process used, and the server bundled
// as `pnpm build` bundles the API.
import autocannon from 'autocannon';
import { execFile, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** The repository root (a server process runs from a bundle elsewhere, so it is told). */
export const REPO = process.env.BENCH_REPO ?? resolve(import.meta.dirname, '..');
/** Resolves packages as the API does (its dependencies, not the root's). */
export const apiRequire = createRequire(resolve(REPO, 'packages/api/package.json'));

export interface Row {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  count2xx: number;
  bytes: number;
  /** Cores each process kept busy during the row (of the machine's os.availableParallelism()). */
  cores: string;
  seconds: number;
  /** CPU seconds each process used during the row. */
  cpu: Record<string, number>;
}

// Where the machine's CPU goes during a row: the server, this process (autocannon), Redis and,
// once started, the worker. Linux /proc; elsewhere the column stays empty.
const CLOCK_TICKS = 100;
/** CPU seconds (user + system) a process has used so far; NaN when it cannot be read. */
function cpuSeconds(pid: number | undefined): number {
  try {
    return statSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return Number.NaN;
  }
}
/** The redis-server process on this machine, if any. */
function redisPid(): number | undefined {
  try {
    for (const entry of readdirSync('/proc')) {
      if (/^\d+$/.test(entry) && readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'redis-server') return Number(entry);
    }
  } catch {
    // not Linux
  }
  return undefined;
}
/** CPU seconds the PostgreSQL processes on this machine have used so far (those running now); NaN when none can be read. */
function postgresSeconds(): number {
  let total = Number.NaN;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
        total = (Number.isNaN(total) ? 0 : total) + statSeconds(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // not Linux
  }
  return total;
}
/** The processes whose CPU each row reports; a benchmark sets `server` (and `worker`) once forked. */
export const processes: Record<string, number | undefined> = { server: undefined, autocannon: process.pid, redis: redisPid(), worker: undefined };
/** Processes counted by name rather than pid: PostgreSQL's (its server and the backends of the pools). */
const groups: Record<string, () => number> = { postgres: postgresSeconds };

/** Starts metering `processes` (and `groups`): the returned function answers the CPU seconds each used since (those it could read). */
export function cpuMeter(names = [...Object.keys(processes), ...Object.keys(groups)]): () => Record<string, number> {
  const seconds = (name: string) => (groups[name] ? groups[name]() : cpuSeconds(processes[name]));
  const before = names.map((name) => [name, seconds(name)] as const);
  return () => Object.fromEntries(before.map(([name, used]) => [name, seconds(name) - used]).filter(([, used]) => Number.isFinite(used)));
}

/** One autocannon run as a row. */
export async function load(label: string, opts: autocannon.Options): Promise<Row> {
  const cpuUsed = cpuMeter();
  const t0 = performance.now();
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuUsed();
  const row = {
    rps: Math.round((r['2xx'] + r.non2xx) / seconds),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    count2xx: r['2xx'],
    bytes: Math.round(r.throughput.average / Math.max(1, r.requests.average)),
    cores: coresOf(cpu, seconds),
    seconds,
    cpu,
  };
  console.error(`${label}: ${row.rps} req/s, p99 ${row.p99} ms, cores: ${row.cores}`);
  return row;
}

const coresOf = (cpu: Record<string, number>, seconds: number) =>
  Object.entries(cpu)
    .map(([name, used]) => `${name} ${(used / seconds).toFixed(2)}`)
    .join(', ');

/** Slices of one row added up: requests over the total time, the median p50 and the worst p99. */
function merged(slices: Row[]): Row {
  const sum = (f: (r: Row) => number) => slices.reduce((total, r) => total + f(r), 0);
  const seconds = sum((r) => r.seconds);
  const cpu: Record<string, number> = {};
  for (const r of slices) for (const [name, used] of Object.entries(r.cpu)) cpu[name] = (cpu[name] ?? 0) + used;
  const p50s = slices.map((r) => r.p50).sort((a, b) => a - b);
  return {
    rps: Math.round(sum((r) => r.count2xx + r.non2xx) / seconds),
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...slices.map((r) => r.p99)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    count2xx: sum((r) => r.count2xx),
    bytes: Math.round(sum((r) => r.bytes * (r.count2xx + r.non2xx)) / Math.max(1, sum((r) => r.count2xx + r.non2xx))),
    cores: coresOf(cpu, seconds),
    seconds,
    cpu,
  };
}

/** Turns per row, so a slower spell of this (shared, virtual) machine weighs on every compared row alike. */
const SLICES = 5;

/** Runs one slice of a row: `share` is the slice's part of the row (of its duration, or of its `amount` of requests). */
export type Slice = (share: number) => Promise<Row>;

/** A row driven by autocannon. */
export const cannon =
  (label: string, opts: autocannon.Options): Slice =>
  (share) =>
    load(label, { ...opts, ...(opts.amount ? { amount: Math.ceil(opts.amount * share) } : { duration: DURATION * share }) });

/**
 * Runs rows that are compared with each other in turns (SLICES slices each) and records each row
 * as its slices added up.
 */
export async function interleaved(rows: Record<string, Row>, specs: Array<[label: string, slice: Slice]>) {
  const slices = new Map<string, Row[]>(specs.map(([label]) => [label, []]));
  for (let k = 0; k < SLICES; k++) {
    for (const [label, slice] of specs) slices.get(label)!.push(await slice(1 / SLICES));
  }
  for (const [label, parts] of slices) rows[label] = merged(parts);
}

// ---------------------------------------------------------------------------------------------
// wrk: a load generator in C. autocannon (JavaScript) needs 0.5–1 of this machine's two cores to
// keep 20 connections busy, which leaves the server its other core at best and changes what the
// kernel charges the server per response (see README "Speed"); wrk needs a fraction of that. The
// maximum-rate comparisons run with both.

const WRK = process.env.BENCH_WRK ?? 'wrk';
let wrkFound: Promise<boolean> | undefined;
/** Whether wrk is installed (asked once). */
export const wrkAvailable = () =>
  (wrkFound ??= new Promise<boolean>((res) => execFile(WRK, ['--version'], (err, stdout, stderr) => res(/wrk/.test(`${stdout}${stderr}`) && (!err || err.code === 1)))));
let scriptsDir: string | undefined;
/** A directory for this run's wrk scripts and path files, removed when the process exits. */
export function scripts(): string {
  if (!scriptsDir) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    scriptsDir = dir;
  }
  return scriptsDir;
}

export interface WrkRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
}
/** A Lua long string for a request part (requests here never hold "]==]"). */
const lua = (text: string) => {
  if (text.includes(']==]')) throw new Error('a wrk request holds "]==]"');
  return `[==[${text}]==]`;
};
let scriptCount = 0;
/** Ends every wrk script: wrk prints the CPU it used (its /proc stat line), for the `cores` column. */
const WRK_CPU_REPORT = `done = function()
  local f = io.open("/proc/self/stat")
  if f then io.write("wrk-stat: ", f:read("*l"), "\\n"); f:close() end
end
`;
/** CPU seconds of a /proc stat line (user + system). */
function statSeconds(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
/** A wrk script cycling through prepared requests. */
function rotatingScript(requests: WrkRequest[]): string {
  const file = join(scripts(), `rotating-${scriptCount++}.lua`);
  const specs = requests.map(
    (r) => `{${lua(r.method)}, ${lua(r.path)}, {${Object.entries(r.headers).map(([k, v]) => `[ ${lua(k)} ] = ${lua(v)}`).join(', ')}}, ${r.method === 'GET' ? 'nil' : lua(r.body)}}`,
  );
  writeFileSync(
    file,
    `local specs = {\n${specs.join(',\n')}\n}
local formatted = {}
local i = 0
init = function() for k, s in ipairs(specs) do formatted[k] = wrk.format(s[1], s[2], s[3], s[4]) end end
request = function() i = i % #formatted + 1; return formatted[i] end
${WRK_CPU_REPORT}`,
  );
  return file;
}
/**
 * A wrk script firing the paths of a file from line OFFSET + 1 on, each once (up to LIMIT lines are
 * loaded; the bench gives each slice lines no earlier slice reached).
 */
function pathsScript(pathsFile: string): string {
  const file = join(scripts(), `paths-${scriptCount++}.lua`);
  writeFileSync(
    file,
    `local offset = tonumber(os.getenv("OFFSET"))
local limit = tonumber(os.getenv("LIMIT"))
local formatted = {}
local i = 0
init = function()
  local n = 0
  for line in io.lines(${lua(pathsFile)}) do
    n = n + 1
    if n > offset then formatted[#formatted + 1] = wrk.format("POST", line, nil, "") end
    if #formatted >= limit then break end
  end
end
request = function()
  i = i + 1
  if i > #formatted then error("out of distinct paths: raise the tokens for wrk") end
  return formatted[i]
end
${WRK_CPU_REPORT}`,
  );
  return file;
}

/** Milliseconds of a wrk latency ("645.00us", "1.50ms", "1.02s"). */
function wrkMs(text: string | undefined): number {
  const m = /([\d.]+)(us|ms|s)\b/.exec(text ?? '');
  if (!m) return Number.NaN;
  return Math.round(Number(m[1]) * (m[2] === 'us' ? 1 : m[2] === 'ms' ? 1000 : 1_000_000)) / 1000;
}
/** Bytes of a wrk size ("1.20MB"). */
function wrkBytes(text: string | undefined): number {
  const m = /([\d.]+)(B|KB|MB|GB)\b/.exec(text ?? '');
  if (!m) return Number.NaN;
  return Number(m[1]) * 1024 ** ['B', 'KB', 'MB', 'GB'].indexOf(m[2]!);
}

/** One wrk run: one thread, `connections` connections, `seconds` long. */
async function wrkLoad(label: string, url: string, script: string, seconds: number, connections: number, env: Record<string, string> = {}): Promise<Row> {
  // This process only waits for wrk, whose own CPU it reports (WRK_CPU_REPORT).
  const cpuUsed = cpuMeter([...Object.keys(processes), ...Object.keys(groups)].filter((name) => name !== 'autocannon'));
  const t0 = performance.now();
  const out = await new Promise<string>((res, rej) =>
    execFile(
      WRK,
      ['-t1', `-c${connections}`, `-d${Math.max(1, Math.round(seconds))}s`, '--latency', '-s', script, url],
      { env: { ...process.env, ...env }, maxBuffer: 1 << 20 },
      (err, stdout, stderr) => (err ? rej(new Error(`${label}: wrk failed: ${stderr || err.message}`)) : res(stdout)),
    ),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = cpuUsed();
  const wrkStat = /^wrk-stat: (.*)$/m.exec(out)?.[1];
  if (wrkStat) cpu.wrk = statSeconds(wrkStat);
  const done = /(\d+) requests in ([\d.]+)(ms|s), ([\d.]+\w+) read/.exec(out);
  if (!done) throw new Error(`${label}: unexpected wrk output:\n${out}`);
  const requests = Number(done[1]);
  const ranSeconds = Number(done[2]) / (done[3] === 'ms' ? 1000 : 1);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const row: Row = {
    rps: Math.round(requests / ranSeconds),
    p50: wrkMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1]),
    p99: wrkMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1]),
    non2xx,
    errors: socketErrors ? socketErrors.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
    count2xx: requests - non2xx,
    bytes: Math.round(wrkBytes(done[4]) / Math.max(1, requests)),
    cores: coresOf(cpu, elapsed),
    seconds: ranSeconds,
    cpu,
  };
  console.error(`${label}: ${row.rps} req/s, p99 ${row.p99} ms, cores: ${row.cores}`);
  return row;
}

/** A row driven by wrk, cycling through prepared requests. */
export const wrkRotating = (label: string, url: string, requests: WrkRequest[], connections = CONNECTIONS): Slice => {
  const script = rotatingScript(requests);
  return (share) => wrkLoad(label, url, script, DURATION * share, connections);
};

/** A row driven by wrk, each request a path of `pathsFile` no other slice fired. */
export const wrkPaths = (label: string, url: string, pathsFile: string, cursor: { i: number }, total: number, connections = CONNECTIONS): Slice => {
  const script = pathsScript(pathsFile);
  return async (share) => {
    // Lines wrk loads for this slice: more than it can fire at this machine's speed, far fewer than all.
    const limit = Math.min(total - cursor.i, Math.ceil(DURATION * share * 100_000));
    const row = await wrkLoad(label, url, script, DURATION * share, connections, { OFFSET: String(cursor.i), LIMIT: String(limit) });
    // Requests still in flight when wrk stopped used paths it did not count.
    cursor.i += row.count2xx + row.non2xx + connections;
    return row;
  };
};

/** Cycles autocannon through prepared requests (path, headers, body; POST unless a method is given). */
export function rotating(requests: Array<{ method?: 'GET' | 'POST'; path: string; headers: Record<string, string>; body: string }>, cursor = { i: 0 }) {
  return [
    {
      method: 'POST' as const,
      setupRequest: (req: autocannon.Request) => {
        const next = requests[cursor.i++ % requests.length]!;
        const method = next.method ?? 'POST';
        return { ...req, method, path: next.path, headers: { ...req.headers, ...next.headers }, body: method === 'GET' ? undefined : next.body };
      },
    },
  ];
}

/**
 * Bundles a benchmark script (its server part) and the API's worker as packages/api/scripts/build.mjs
 * bundles the API: our TypeScript inlined, npm packages loaded from node_modules. Written under
 * packages/api/.bench/<name>, where those packages resolve.
 */
export async function bundleServer(script: string, name: string) {
  const { build } = apiRequire('esbuild') as { build(options: Record<string, unknown>): Promise<unknown> };
  const api = resolve(REPO, 'packages/api');
  const { bundleOptions } = (await import(pathToFileURL(resolve(api, 'scripts/bundle-options.mjs')).href)) as {
    bundleOptions(packageJsons: string[]): Record<string, unknown>;
  };
  const outdir = resolve(api, '.bench', name);
  rmSync(outdir, { recursive: true, force: true });
  await build({
    // The packages a benchmark loads itself (autocannon, fastify) are the root's.
    ...bundleOptions([resolve(api, 'package.json'), resolve(REPO, 'package.json')]),
    absWorkingDir: api,
    entryPoints: { server: script, worker: resolve(api, 'src/worker.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
  });
  return { server: resolve(outdir, 'server.mjs'), worker: resolve(outdir, 'worker.mjs') };
}

/** A message between a benchmark and the server process it forked (`--serve`). */
export type Msg = { type: string; [k: string]: unknown };

/**
 * Talks to a forked server process: `next()` is its next message, `ask(m)` sends one and waits for
 * the answer, `close()` asks it to close and waits for its exit. Exiting on its own, or with an error,
 * ends the benchmark; however the benchmark ends, the server (and `alsoKill`) go with it.
 */
export function serverChannel(child: ChildProcess, alsoKill: () => ChildProcess | undefined = () => undefined) {
  const inbox: Msg[] = [];
  const waiters: Array<(m: Msg) => void> = [];
  child.on('message', (m: Msg) => (waiters.length ? waiters.shift()!(m) : inbox.push(m)));
  process.on('exit', () => {
    child.kill('SIGKILL');
    alsoKill()?.kill('SIGKILL');
  });
  let closing = false;
  const exited = new Promise<void>((res) => child.on('exit', () => res()));
  child.on('exit', (code) => {
    if (code !== 0 && !closing) {
      console.error(`the server process exited with ${code}`);
      process.exit(1);
    }
  });
  const next = () => new Promise<Msg>((res) => (inbox.length ? res(inbox.shift()!) : waiters.push(res)));
  return {
    next,
    ask: (m: Msg) => {
      child.send(m);
      return next();
    },
    close: async () => {
      closing = true;
      child.send({ type: 'close' });
      await exited;
    },
  };
}

/**
 * Writes a benchmark's results to bench/results/<name>-<date>.json, with the run's length, connections
 * and machine, says where, and makes the process fail when a check did not pass.
 */
export function writeResults(name: string, run: Record<string, unknown>, checks: Record<string, { pass: boolean }>): void {
  const outDir = resolve(REPO, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const file = resolve(outDir, `${name}-${new Date().toISOString().slice(0, 10)}.json`);
  const machine = { cores: availableParallelism(), cpu: cpus()[0]?.model ?? '' };
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), durationSeconds: DURATION, connections: CONNECTIONS, machine, ...run, checks }, null, 2));
  console.log(`written ${file}`);
  if (Object.values(checks).some((c) => !c.pass)) process.exitCode = 1;
}
