import { readFileSync } from 'node:fs';
import { afterAll, afterEach, inject } from 'vitest';

// The server of the browser tests checks every answer against its route's contract
// (RESPONSE_CONTRACT_CHECK, packages/api/src/plugins/response-contract.ts) and appends each
// mismatch to a file: a test during which one was written fails.
const file = inject('responseContractFile');
// What earlier test files already reported (the server and its file outlive each of them).
let seen = readFileSync(file).length;

function failOnMismatches() {
  const all = readFileSync(file);
  const text = all.subarray(seen).toString('utf8');
  seen = all.length;
  if (!text.trim()) return;
  const lines = text
    .trim()
    .split('\n')
    .map((line) => {
      const m = JSON.parse(line) as { route: string; operationId?: string; status: number; issue: string; requestId: string };
      return `  ${m.route} (${m.operationId ?? '?'}) answered ${m.status}: ${m.issue} [request ${m.requestId}]`;
    });
  throw new Error(`${lines.length} response(s) of the server not matching the contract of their route:\n${lines.join('\n')}`);
}

afterEach(failOnMismatches);
afterAll(failOnMismatches);
