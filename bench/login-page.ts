// Browser benchmark of the signed-out deep link (issue 17 §6): how soon the login form shows and
// how much JavaScript the page has loaded by the time it is idle, in a fresh browser context per
// run. Starts the built server (pnpm build first) on its own port and data directory, or measures
// a running one given as `--url http://host:port`. Prints a table and writes
// bench/results/login-page-<date>.json.
//
//   node --import tsx bench/login-page.ts [--url http://127.0.0.1:3990] [--runs 5] [--path /promotional/list/] [--out file.json]
import { chromium, type Browser, type Response } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const TARGETS = { formVisibleMs: 1000, initialJsGzipBytes: 250_000 };

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '5' },
    path: { type: 'string', default: '/promotional/list/' },
    port: { type: 'string', default: '3991' },
    out: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const root = resolve(import.meta.dirname, '..');

async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const entry = join(root, 'packages/api/dist/server.js');
  if (!existsSync(entry) || !existsSync(join(root, 'packages/web/dist/index.html'))) throw new Error('Build first: pnpm build');
  const server: ChildProcess = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: args.port, DATA_DIR: mkdtempSync(join(tmpdir(), 'bo-bench-web-')), JWT_SECRET: 'bench-only-secret-0123456789abcdef', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${args.port}`;
  for (let i = 0; i < 240; i++) {
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break;
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    },
  };
}

/** The launch flags of e2e/browser.ts: Debian's Chromium, headless, on a closed network. */
function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// Runs in the page before any of its scripts: notes the first animation frame in which the
// password field has a box, in ms since navigation start (performance.now()'s origin).
const WATCH_PASSWORD_FIELD = `(() => {
  const check = () => {
    const el = document.querySelector('input[type="password"]');
    if (el && el.getBoundingClientRect().width > 0 && getComputedStyle(el).visibility !== 'hidden') {
      window.__passwordVisibleAt = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

// Runs in the page once it is idle. A string, so tsx's helpers stay out of the page.
const READ_TIMINGS = `(() => {
  const resources = performance.getEntriesByType('resource');
  const nav = performance.getEntriesByType('navigation')[0];
  const path = (e) => new URL(e.name).pathname;
  const last = (entries) => Math.max(0, ...entries.map((e) => e.responseEnd));
  const api = resources.filter((e) => !/\\.(js|css|svg|png|woff2?)$/.test(path(e)));
  return {
    formVisibleMs: window.__passwordVisibleAt ?? NaN,
    idleMs: Math.max(nav ? nav.loadEventEnd : 0, last(resources)),
    // Where the time goes: the document, the last script and stylesheet, the first API call.
    phases: {
      htmlMs: nav ? nav.responseEnd : NaN,
      cssMs: last(resources.filter((e) => path(e).endsWith('.css'))),
      scriptsMs: last(resources.filter((e) => path(e).endsWith('.js'))),
      domContentLoadedMs: nav ? nav.domContentLoadedEventEnd : NaN,
      firstApiCallStartMs: api[0] ? api[0].startTime : NaN,
      firstApiCallEndMs: api[0] ? api[0].responseEnd : NaN,
    },
  };
})()`;

interface Script {
  file: string;
  bytes: number;
  gzipBytes: number;
  transferBytes: number;
  encoding: string | null;
  cacheControl: string | null;
}

interface Run {
  formVisibleMs: number;
  idleMs: number;
  phases: Record<string, number>;
  landedOn: string;
  jsFiles: number;
  jsBytes: number;
  jsGzipBytes: number;
  jsTransferBytes: number;
  /** Scripts the server sent compressed (it leaves out files too small to gain). */
  compressedFiles: number;
  scripts: Script[];
}

async function measure(browser: Browser, base: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.addInitScript(WATCH_PASSWORD_FIELD);
  const pending: Promise<Script | null>[] = [];
  let counting = true;
  page.on('response', (response: Response) => {
    if (!counting) return;
    pending.push(script(response));
  });
  await page.goto(`${base}${args.path}`);
  await page.locator('input[type="password"]').waitFor({ state: 'visible', timeout: 30_000 });
  // Playwright's idle: no request in flight for 500 ms. The idle time is when the last one ended.
  await page.waitForLoadState('networkidle');
  counting = false;
  const timing = (await page.evaluate(READ_TIMINGS)) as Pick<Run, 'formVisibleMs' | 'idleMs' | 'phases'>;
  const landedOn = new URL(page.url()).pathname;
  const scripts = (await Promise.all(pending)).filter((s): s is Script => s !== null);
  await context.close();
  const sum = (k: 'bytes' | 'gzipBytes' | 'transferBytes') => scripts.reduce((a, s) => a + s[k], 0);
  return {
    ...timing,
    landedOn,
    jsFiles: scripts.length,
    jsBytes: sum('bytes'),
    jsGzipBytes: sum('gzipBytes'),
    jsTransferBytes: sum('transferBytes'),
    compressedFiles: scripts.filter((s) => s.encoding !== null).length,
    scripts,
  };
}

async function script(response: Response): Promise<Script | null> {
  const url = new URL(response.url());
  const type = response.headers()['content-type'] ?? '';
  if (!url.pathname.endsWith('.js') && !type.includes('javascript')) return null;
  const body = await response.body();
  const sizes = await response.request().sizes();
  return {
    file: url.pathname,
    bytes: body.length,
    // What a gzip-compressing server would send (zlib's default level), whether or not this one does.
    gzipBytes: gzipSync(body).length,
    transferBytes: sizes.responseBodySize,
    encoding: response.headers()['content-encoding'] ?? null,
    cacheControl: response.headers()['cache-control'] ?? null,
  };
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return { median: s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2, min: s[0]!, max: s[s.length - 1]! };
};

const server = args.url ? { base: args.url.replace(/\/$/, ''), stop: async () => {} } : await startServer();
const browser = await launch();
const runs: Run[] = [];
try {
  for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, server.base));
} finally {
  await browser.close();
  await server.stop();
}

const visible = stats(runs.map((r) => r.formVisibleMs));
const idle = stats(runs.map((r) => r.idleMs));
const gz = stats(runs.map((r) => r.jsGzipBytes));
const files = stats(runs.map((r) => r.jsFiles));
const raw = stats(runs.map((r) => r.jsBytes));
const transfer = stats(runs.map((r) => r.jsTransferBytes));
const ms = (n: number) => `${Math.round(n)} ms`;
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');
const pass = {
  formVisible: visible.median <= TARGETS.formVisibleMs,
  initialJs: gz.max <= TARGETS.initialJsGzipBytes,
  landedOnLogin: runs.every((r) => r.landedOn.startsWith('/login')),
};

console.log(`\n${server.base}${args.path} (signed out), ${RUNS} runs, fresh browser context each, 1440×900`);
console.table({
  'password field visible': { median: ms(visible.median), min: ms(visible.min), max: ms(visible.max), target: `≤ ${ms(TARGETS.formVisibleMs)} (median)`, result: verdict(pass.formVisible) },
  'network idle': { median: ms(idle.median), min: ms(idle.min), max: ms(idle.max), target: '', result: '' },
  'JS gzipped by idle': { median: kb(gz.median), min: kb(gz.min), max: kb(gz.max), target: `≤ ${kb(TARGETS.initialJsGzipBytes)} (max)`, result: verdict(pass.initialJs) },
  'JS raw by idle': { median: kb(raw.median), min: kb(raw.min), max: kb(raw.max), target: '', result: '' },
  'JS transferred by idle': { median: kb(transfer.median), min: kb(transfer.min), max: kb(transfer.max), target: '', result: '' },
  'JS files by idle': { median: files.median, min: files.min, max: files.max, target: '', result: '' },
});
console.log('phases, median ms since navigation start:', Object.fromEntries(Object.keys(runs[0]!.phases).map((k) => [k, Math.round(stats(runs.map((r) => r.phases[k]!)).median)])));
const last = runs[runs.length - 1]!;
const encodings = [...new Set(last.scripts.map((s) => s.encoding).filter(Boolean))];
const compression = last.compressedFiles > 0 ? `yes, ${encodings.join('/')} for ${last.compressedFiles} of ${last.jsFiles} files (${kb(last.scripts.filter((s) => s.encoding).reduce((n, s) => n + s.bytes, 0))} of ${kb(last.jsBytes)} raw)` : 'no';
console.log(`landed on ${last.landedOn}; server compresses JS: ${compression}; cache-control of ${last.scripts[0]?.file}: ${last.scripts[0]?.cacheControl}`);
console.log('largest scripts (raw / gzip):');
for (const s of [...last.scripts].sort((a, b) => b.bytes - a.bytes).slice(0, 8)) console.log(`  ${s.file}  ${kb(s.bytes)} / ${kb(s.gzipBytes)}`);
console.log(`result: ${Object.values(pass).every(Boolean) ? 'pass' : 'FAIL'}`);

const outDir = resolve(import.meta.dirname, 'results');
mkdirSync(outDir, { recursive: true });
const file = args.out ? resolve(args.out) : resolve(outDir, `login-page-${new Date().toISOString().slice(0, 10)}.json`);
writeFileSync(
  file,
  JSON.stringify({ date: new Date().toISOString(), url: `${server.base}${args.path}`, runs: RUNS, targets: TARGETS, pass, formVisibleMs: visible, idleMs: idle, jsGzipBytes: gz, jsBytes: raw, jsTransferBytes: transfer, jsFiles: files, compression, perRun: runs }, null, 2),
);
console.log(`written ${file}`);
