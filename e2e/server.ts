import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_JWT_SECRET } from './session.ts';

const root = resolve(import.meta.dirname, '..');
// E2E_PORT lets two runs share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3988);
/** The local ERP receiver of e2e/erp-integration.e2e.ts: the server's test-only allowance lets callbacks reach it over http. */
export const ERP_RECEIVER_PORT = PORT + 17;

/**
 * Starts the built product (API + SPA) once for the browser tests: real PostgreSQL/Redis when
 * DATABASE_URL/REDIS_URL are set, otherwise embedded PGlite in a temporary directory.
 */
export default async function setup(project: TestProject) {
  const entry = join(root, 'packages/api/dist/server.js');
  if (!existsSync(entry) || !existsSync(join(root, 'packages/web/dist/index.html'))) {
    throw new Error('Build first: pnpm build');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-e2e-'));
  // Every answer is checked against its route's contract; mismatches land in this file (e2e/response-contract.setup.ts reads it).
  const mismatches = join(dataDir, 'response-contract-mismatches.jsonl');
  writeFileSync(mismatches, '');
  const server: ChildProcess = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      JWT_SECRET: E2E_JWT_SECRET,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RESPONSE_CONTRACT_CHECK: 'true',
      RESPONSE_CONTRACT_FILE: mismatches,
      ERP_CALLBACK_ALLOW_HOSTS: `127.0.0.1:${ERP_RECEIVER_PORT}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  // The embedded database is migrated and seeded first: some tens of seconds, more on a busy machine.
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  project.provide('baseUrl', base);
  project.provide('responseContractFile', mismatches);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** JSON lines of the server's answers that did not match their route's contract. */
    responseContractFile: string;
  }
}
