// Runs the API and the worker as separate processes, as deployed: bundled by esbuild with the
// options of `pnpm build` (scripts/bundle-options.mjs, which bench/rma.ts bundles with too), each
// process with an environment of the test's own. For tests of several instances and of faults
// (a process killed, restarted, a dependency gone).
import { build, type BuildOptions } from 'esbuild';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach } from 'vitest';
import type { ResponseContractMismatch } from '../src/plugins/response-contract.ts';
import { adminQuery, withDatabase } from './db-admin.ts';

const API = resolve(import.meta.dirname, '..');

export interface Bundle {
  server: string;
  worker: string;
  /** Deletes the bundle's files. */
  remove(): void;
}

/**
 * Bundles src/server.ts and src/worker.ts as `pnpm build` does, into a folder of its own under
 * node_modules/.cache (where the external packages resolve, and git does not look).
 */
export async function bundleApi(): Promise<Bundle> {
  const outdir = resolve(API, 'node_modules/.cache/api-processes', randomBytes(4).toString('hex'));
  const { bundleOptions } = (await import(pathToFileURL(resolve(API, 'scripts/bundle-options.mjs')).href)) as {
    bundleOptions(packageJsons: string[]): BuildOptions;
  };
  await build({
    ...bundleOptions([resolve(API, 'package.json')]),
    absWorkingDir: API,
    entryPoints: { server: resolve(API, 'src/server.ts'), worker: resolve(API, 'src/worker.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
  });
  return {
    server: resolve(outdir, 'server.mjs'),
    worker: resolve(outdir, 'worker.mjs'),
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

/** A TCP port nobody listens on at the moment, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

/** An empty PostgreSQL database of its own on the server of `url`; `drop()` removes it (closing its connections). */
export async function scratchDatabase(url: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `bo_proc_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE "${name}"`);
  return { url: withDatabase(url, name), name, drop: () => adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** A response's body: parsed when JSON, else its text (kept for failure messages); undefined when empty. */
export async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export type Env = Record<string, string | undefined>;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AppProcess {
  readonly name: string;
  /** The process id of the current run. */
  readonly pid: number;
  /** `http://127.0.0.1:<port>` of an API process; empty for a worker. */
  readonly url: string;
  /** The last output of every run of this process (stdout and stderr), for failure messages. */
  logs(): string;
  /** Resolves with the first output line of the current run (parsed when JSON, as pino writes) that `match` accepts. */
  waitForLog(match: (line: { msg?: string; [k: string]: unknown }) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Resolves when the current run ends. */
  readonly exited: Promise<Exit>;
  /** SIGTERM (a graceful close), then SIGKILL after `graceMs`; resolves when it has ended. */
  stop(graceMs?: number): Promise<Exit>;
  /** SIGKILL: ends it at once, as a crash would. */
  kill(): Promise<Exit>;
  /** Starts it again with the same environment (and port), after stopping it if it runs; resolves once it is ready. */
  restart(env?: Env): Promise<void>;
  /** The answers of this process (every run) that did not match their route's contract, not yet taken; forgets them. */
  takeContractMismatches(): ResponseContractMismatch[];
}

/**
 * Every process runs with the response-contract check on (plugins/response-contract.ts, as the
 * in-process tests do under NODE_ENV=test), each appending its mismatches to a file of its own
 * here; a test during which one was recorded fails (the hooks below, in every test file that
 * imports this module), and so does the file's afterAll for answers given between tests.
 */
let contractDir: string | undefined;
const contractChecked = new Set<AppProcess>();

/** Throws, naming each answer, if a process started here recorded a contract mismatch since the last call. */
export function failOnContractMismatches(): void {
  const lines = [...contractChecked].flatMap((p) =>
    p.takeContractMismatches().map((m) => `  ${p.name}: ${m.route} (${m.operationId ?? '?'}) answered ${m.status}: ${m.issue} [request ${m.requestId}]`),
  );
  if (lines.length) throw new Error(`${lines.length} response(s) of the processes not matching the contract of their route:\n${lines.join('\n')}`);
}
afterEach(failOnContractMismatches);
afterAll(() => {
  try {
    failOnContractMismatches();
  } finally {
    contractChecked.clear();
    if (contractDir) rmSync(contractDir, { recursive: true, force: true });
  }
});

const running = new Set<ChildProcess>();
let exitHook = false;

/** However the test process ends, it takes its children with it. */
function track(child: ChildProcess) {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const c of running) c.kill('SIGKILL');
  });
}

const MAX_LOG_CHARS = 200_000;

interface Spec {
  name: string;
  file: string;
  env: Env;
  /** Resolves once the run is ready to be used (or rejects with why not). */
  ready(proc: AppProcess): Promise<void>;
  port?: number;
}

function startProcess(spec: Spec): Promise<AppProcess> {
  let log = '';
  /** This run's output alone: waitForLog does not take a line of an earlier run. */
  let current = '';
  let child!: ChildProcess;
  let exited!: Promise<Exit>;
  let env = spec.env;
  const lineListeners = new Set<(line: string) => void>();
  contractDir ??= mkdtempSync(resolve(tmpdir(), 'api-processes-contract-'));
  const contractFile = resolve(contractDir, `${spec.name}-${randomBytes(4).toString('hex')}.jsonl`);
  /** How much of the contract file was already taken. */
  let contractSeen = 0;

  const run = () => {
    current = '';
    child = spawn(process.execPath, ['--enable-source-maps', spec.file], {
      env: {
        ...env,
        ...(spec.port ? { PORT: String(spec.port) } : {}),
        RESPONSE_CONTRACT_CHECK: 'true',
        RESPONSE_CONTRACT_FILE: contractFile,
      } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    track(child);
    exited = new Promise((res) => child.once('exit', (code, signal) => res({ code, signal })));
    for (const stream of [child.stdout!, child.stderr!]) {
      let partial = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        log = (log + chunk).slice(-MAX_LOG_CHARS);
        current = (current + chunk).slice(-MAX_LOG_CHARS);
        const lines = (partial + chunk).split('\n');
        partial = lines.pop()!;
        for (const line of lines) for (const listener of lineListeners) listener(line);
      });
    }
  };

  const proc: AppProcess = {
    name: spec.name,
    get pid() {
      return child.pid!;
    },
    url: spec.port ? `http://127.0.0.1:${spec.port}` : '',
    logs: () => log,
    get exited() {
      return exited;
    },
    waitForLog(match, timeoutMs = 60_000) {
      return new Promise((res, rej) => {
        const parse = (line: string) => {
          try {
            const v = JSON.parse(line) as unknown;
            return v && typeof v === 'object' ? (v as Record<string, unknown>) : { msg: line };
          } catch {
            return { msg: line };
          }
        };
        const done = (fn: () => void) => {
          clearTimeout(timer);
          lineListeners.delete(listener);
          fn();
        };
        const listener = (line: string) => {
          const parsed = parse(line);
          if (match(parsed)) done(() => res(parsed));
        };
        const timer = setTimeout(() => done(() => rej(new Error(`${spec.name}: no such log line within ${timeoutMs} ms\n${tail(log)}`))), timeoutMs);
        lineListeners.add(listener);
        // This run's earlier output counts too.
        for (const line of current.split('\n')) if (match(parse(line))) return done(() => res(parse(line)));
        void exited.then(({ code, signal }) => {
          if (lineListeners.has(listener)) done(() => rej(new Error(`${spec.name} exited (${signal ?? code}) before the awaited log line\n${tail(log)}`)));
        });
      });
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
    async restart(newEnv) {
      await proc.stop();
      if (newEnv) env = newEnv;
      log += `\n--- ${spec.name} restarted ---\n`;
      run();
      await ready().catch(async (err: unknown) => {
        await proc.kill();
        throw err;
      });
    },
    takeContractMismatches() {
      let all: Buffer;
      try {
        all = readFileSync(contractFile);
      } catch {
        return []; // nothing recorded yet: the file is made on the first mismatch
      }
      const text = all.subarray(contractSeen).toString('utf8');
      // Only whole lines: one being appended is taken next time.
      const end = text.lastIndexOf('\n') + 1;
      contractSeen += Buffer.byteLength(text.slice(0, end));
      return text
        .slice(0, end)
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ResponseContractMismatch);
    },
  };
  contractChecked.add(proc);

  const ready = async () => {
    const failed = exited.then(({ code, signal }) => {
      throw new Error(`${spec.name} exited (${signal ?? code}) while starting\n${tail(log)}`);
    });
    failed.catch(() => undefined);
    await Promise.race([spec.ready(proc), failed]);
  };

  run();
  // A run that never became ready is not left behind.
  return ready().then(
    () => proc,
    async (err: unknown) => {
      await proc.kill();
      throw err;
    },
  );
}

const tail = (log: string, chars = 6_000) => (log.length > chars ? `…${log.slice(-chars)}` : log);

/** Polls GET /health until it answers 200. */
async function healthy(url: string, timeoutMs: number, name: string, logs: () => string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name}: /health did not answer 200 within ${timeoutMs} ms\n${tail(logs())}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface StartOptions {
  name?: string;
  /** How long it may take to become ready (default 60 s: the first process migrates and seeds). */
  timeoutMs?: number;
}

/** Starts an API server (the bundle's server) on a free port of 127.0.0.1 and waits until /health answers. */
export async function startApi(bundle: Pick<Bundle, 'server'>, env: Env, opts: StartOptions = {}): Promise<AppProcess> {
  const name = opts.name ?? 'api';
  // A port free when probed may be taken before the server binds it: then start again on another.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await startProcess({
        name,
        file: bundle.server,
        env: { ...env, HOST: '127.0.0.1' },
        port,
        ready: (p) => healthy(`http://127.0.0.1:${port}`, opts.timeoutMs ?? 60_000, name, p.logs),
      });
    } catch (err) {
      if (attempt >= 3 || !String((err as Error).message).includes('EADDRINUSE')) throw err;
    }
  }
}

/** Starts a worker (the bundle's worker) and waits until it logs that it runs. */
export function startWorker(bundle: Pick<Bundle, 'worker'>, env: Env, opts: StartOptions = {}): Promise<AppProcess> {
  return startProcess({
    name: opts.name ?? 'worker',
    file: bundle.worker,
    env,
    ready: (p) => p.waitForLog((l) => l.msg === 'worker running', opts.timeoutMs ?? 60_000).then(() => undefined),
  });
}
