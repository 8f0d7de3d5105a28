import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { failOnContractMismatches, startWorker } from './processes.ts';

const dir = mkdtempSync(resolve(tmpdir(), 'processes-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('fails the test during which a process it started recorded a response that does not match its contract', async () => {
  // A stand-in for the app: it appends a mismatch as plugins/response-contract.ts does, where the
  // environment given by processes.ts says, then says it runs.
  const script = resolve(dir, 'fake-app.mjs');
  writeFileSync(
    script,
    `import { appendFileSync } from 'node:fs';
if (process.env.RESPONSE_CONTRACT_CHECK !== 'true') throw new Error('no RESPONSE_CONTRACT_CHECK');
const m = { route: 'GET /api/x', operationId: 'getX', status: 418, issue: 'status 418 is not documented', requestId: 'r-1' };
appendFileSync(process.env.RESPONSE_CONTRACT_FILE, JSON.stringify(m) + '\\n');
console.log(JSON.stringify({ msg: 'worker running' }));
setInterval(() => undefined, 1000);`,
  );
  const fake = await startWorker({ worker: script }, { PATH: process.env.PATH }, { name: 'fake-app', timeoutMs: 10_000 });
  try {
    expect(() => failOnContractMismatches()).toThrow(/fake-app: GET \/api\/x \(getX\) answered 418: status 418 is not documented \[request r-1\]/);
    // Taken once: the next check passes.
    expect(() => failOnContractMismatches()).not.toThrow();
  } finally {
    await fake.kill();
  }
});
