import * as contracts from '@backoffice/contracts';
import type { RouteContract } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureContext, type FixtureContext } from '../contract-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createFuzzer, seedOf, type OperationReport } from './runner.ts';

/**
 * Property-based fuzzing of every operation of the contracts (issue 17 §2), as the owner
 * account's admin through the real app: valid calls derived from each operation's zod schemas and
 * its fixture, then one field broken at a time, a key no object knows at each object that strips
 * such keys, then malformed bodies. Never a 5xx; every 4xx the error envelope in the caller's
 * language; every refusal of the contract its validation status (400, or the contract's
 * `validationStatus`: 422 on the public ad API) naming the field; an unknown key a `z.object`
 * strips is ignored, not refused; a refused write changes no row; an accepted write reads back as sent.
 *
 * CI: a fixed seed and a few cases per operation. `pnpm fuzz`: a random seed and more cases
 * (FUZZ_SEED, FUZZ_RUNS, FUZZ_MUTATIONS, FUZZ_ONLY=operationId,… to replay).
 */
const env = process.env;
const SEED = env.FUZZ_SEED ? Number(env.FUZZ_SEED) : env.FUZZ_RANDOM === '1' ? Math.floor(Math.random() * 2 ** 31) : 17_2026;
const RUNS = Number(env.FUZZ_RUNS ?? 3);
const MUTATIONS = Number(env.FUZZ_MUTATIONS ?? 20);
/** One write operation in this many (by its seed) also checks the row journal against table checksums (1: all, as `pnpm fuzz` does). */
const CONFIRM_EVERY = Number(env.FUZZ_CONFIRM_EVERY ?? (env.FUZZ_RANDOM === '1' ? 1 : 8));
const ONLY = env.FUZZ_ONLY ? new Set(env.FUZZ_ONLY.split(',')) : undefined;

const routeContracts: RouteContract[] = Object.values(contracts as Record<string, unknown>)
  .filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
  .flatMap((table) => Object.values(table))
  .filter((v): v is RouteContract => typeof v === 'object' && v !== null && 'operationId' in v && 'method' in v && 'path' in v);

/**
 * Reads first, then writes, deletes after them, and last what ends sessions (password changes):
 * an accepted delete takes objects later operations would fuzz, and the runner signs back in when
 * a session ended.
 */
const SESSION_ENDING = new Set(['changePassword', 'updatePassword', 'activateInvite']);
const rank = (c: RouteContract) => (SESSION_ENDING.has(c.operationId) ? 3 : c.method === 'GET' ? 0 : c.method === 'DELETE' ? 2 : 1);
const operations = [...routeContracts]
  .sort((a, b) => rank(a) - rank(b) || a.operationId.localeCompare(b.operationId))
  .filter((c) => !ONLY || ONLY.has(c.operationId));

describe(`contract fuzzing (seed ${SEED}, ${RUNS} valid and ${MUTATIONS} broken cases per operation)`, () => {
  let t: TestApp;
  let ctx: FixtureContext;
  let fuzzer: Awaited<ReturnType<typeof createFuzzer>>;
  const reports: OperationReport[] = [];
  const started = Date.now();

  beforeAll(async () => {
    // No per-IP or per-e-mail throttling: thousands of requests come from one address, some of them
    // failed logins. Each accepted write waits for the queue to be empty: the WhatsApp and payment simulators
    // answer at once (not after their 1.5 s of realism), and retries of jobs a fuzzed call made
    // fail (a webhook for nothing, a send to nobody) come quickly.
    const delays = { WHATSAPP_SIMULATOR_DELAY_MS: '0', PAYMENT_SIMULATOR_DELAY_MS: '0' };
    const saved = Object.fromEntries(Object.keys(delays).map((k) => [k, env[k]]));
    Object.assign(env, delays);
    try {
      t = await createTestApp({
        jobBackoffMs: 10,
        rateLimitMax: 1_000_000_000,
        login: { maxFailuresPerEmail: 1_000_000, maxFailuresPerIp: 1_000_000, windowSeconds: 900 },
      });
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete env[k];
        else env[k] = v;
      }
    }
    ctx = await createFixtureContext(t);
    fuzzer = await createFuzzer(t, ctx, routeContracts, { seed: SEED, runs: RUNS, mutations: MUTATIONS, confirmEvery: CONFIRM_EVERY });
  });

  afterAll(async () => {
    await t?.close();
    const cases = reports.reduce((n, r) => n + r.cases, 0);
    const requests = reports.reduce((n, r) => n + r.requests, 0);
    const accepted = reports.reduce((n, r) => n + r.accepted, 0);
    const refused = reports.reduce((n, r) => n + r.refused, 0);
    const compared = reports.reduce((n, r) => n + r.compared, 0);
    const readbacks = reports.filter((r) => r.readback).length;
    const failed = reports.filter((r) => r.failures.length);
    const neverAccepted = reports.filter((r) => r.accepted === 0).map((r) => r.operationId);
    console.log(
      [
        `fuzz: ${reports.length} operations × ${reports.length ? Math.round(cases / reports.length) : 0} cases ≈ ${cases} cases, ${requests} requests ` +
          `(${accepted} 2xx, ${refused} 4xx) in ${((Date.now() - started) / 1000).toFixed(1)} s; seed ${SEED}`,
        `fuzz: ${readbacks} write operations read back through their GET, ${compared} fields compared`,
        `fuzz: time in ${Object.entries(fuzzer?.timings ?? {}).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
        `fuzz: longest settles ${[...(fuzzer?.settleByOperation ?? [])].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([op, ms]) => `${op} ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
        neverAccepted.length ? `fuzz: operations with no 2xx answer in this run: ${neverAccepted.join(', ')}` : '',
        failed.length ? `fuzz: FAILED ${failed.map((r) => r.operationId).join(', ')}; replay with FUZZ_SEED=${SEED} FUZZ_ONLY=${failed.map((r) => r.operationId).join(',')} pnpm fuzz` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
  });

  it('covers every operation of the contracts', () => {
    expect(routeContracts.length).toBeGreaterThan(100);
    if (!ONLY) expect(operations.length).toBe(routeContracts.length);
  });

  for (const contract of operations) {
    it(`${contract.operationId} (${contract.method} ${contract.path})`, { timeout: 120_000 }, async () => {
      const report = await fuzzer.fuzz(contract);
      reports.push(report);
      if (report.failures.length) {
        throw new Error(
          `${contract.operationId}: ${report.failures.length} failing case(s) of ${report.cases} ` +
            `(replay: FUZZ_SEED=${SEED} FUZZ_ONLY=${contract.operationId} pnpm fuzz; operation seed ${seedOf(SEED, contract.operationId)})\n  ` +
            report.failures.join('\n  '),
        );
      }
    });
  }
});
