// Prints one closing line, "N passed, N failed", from the vitest JSON reports of this run.
import { readdirSync, readFileSync } from 'node:fs';

const dir = new URL('../.ci-results/', import.meta.url);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const r = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
