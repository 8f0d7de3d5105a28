// How the API is bundled with esbuild (scripts/build.mjs; bench/rma.ts bundles its server the same
// way): our TypeScript (and the workspace's contracts) inlined, every npm package that the given
// package.json files name left external and loaded from node_modules.
import { readFileSync } from 'node:fs';

/** esbuild options shared by every bundle of the API; `packageJsons` are the package.json files whose packages stay external. */
export function bundleOptions(packageJsons) {
  const external = packageJsons
    .flatMap((file) => {
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      return Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    })
    .filter((name) => !name.startsWith('@backoffice/'))
    .flatMap((name) => [name, `${name}/*`]);
  return {
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external,
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  };
}
