import { afterAll, afterEach } from 'vitest';
import { takeResponseContractMismatches } from '../src/plugins/response-contract.ts';

// Every API answer in the tests is checked against its route's contract (plugins/response-contract.ts,
// on under NODE_ENV=test): a mismatch fails the test whose requests caused it, or the file's hooks.
const failOnMismatches = () => {
  const mismatches = takeResponseContractMismatches();
  if (!mismatches.length) return;
  const lines = mismatches.map((m) => `  ${m.route} (${m.operationId ?? '?'}) answered ${m.status}: ${m.issue} [request ${m.requestId}]`);
  throw new Error(`${mismatches.length} response(s) not matching the contract of their route:\n${lines.join('\n')}`);
};

afterEach(failOnMismatches);
afterAll(failOnMismatches);
