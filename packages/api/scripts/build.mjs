// Bundles the API entry points into dist/ with esbuild: our TypeScript (and the workspace's
// contracts) inlined, every npm dependency left external and loaded from node_modules.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleOptions } from './bundle-options.mjs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  ...bundleOptions([fileURLToPath(new URL('../package.json', import.meta.url))]),
  absWorkingDir: new URL('..', import.meta.url).pathname,
  entryPoints: ['src/server.ts', 'src/worker.ts'],
  outdir: 'dist',
});
console.log('api built to packages/api/dist');
