import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 17: a signed-out deep link loads at most 250 KB of gzipped JavaScript before the sign-in
// form shows, and every other screen's code loads on demand. Checked on a real production build
// (in memory), so it holds for the source as it is, whatever is in dist/.
const BUDGET_GZIP_BYTES = 250_000;
const WEB = resolve(import.meta.dirname, '../..');

// What the sign-in page may not carry: screens' code, and libraries only they use.
const ON_DEMAND_ONLY = [
  /\?tsr-split=/, // a route's split component or loader (the sign-in routes are not split)
  /\/src\/features\/(?!auth\/)[^?]*-page\.tsx/, // a screen
  /\/src\/shared\/layout\//, // the signed-in frame
  /\/src\/i18n\/pt-BR\.json\?raw/, // the whole dictionary
  /\/node_modules\/(recharts|@mantine\/charts|@mantine\/dates|dayjs|socket\.io-client)\//,
];

let chunks: Rolldown.OutputChunk[];

/** The entry chunk and what it imports, statically, all the way down: what loads before any route. */
function initialChunks(): Rolldown.OutputChunk[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Map<string, Rolldown.OutputChunk>();
  const queue = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
  while (queue.length > 0) {
    const chunk = byName.get(queue.pop()!);
    if (!chunk || seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    queue.push(...chunk.imports);
  }
  return [...seen.values()];
}

describe('JavaScript of a signed-out deep link (production build)', () => {
  beforeAll(async () => {
    // Vitest runs with NODE_ENV=test, which Vite would keep (React's development build and all).
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const result = await build({ root: WEB, configFile: resolve(WEB, 'vite.config.ts'), mode: 'production', logLevel: 'silent', build: { write: false } }).finally(() => {
      process.env.NODE_ENV = nodeEnv;
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    chunks = outputs.flatMap((o) => o.output).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  }, 300_000);

  it(`is at most ${BUDGET_GZIP_BYTES / 1000} KB gzipped`, () => {
    const initial = initialChunks();
    const gzip = initial.reduce((n, c) => n + gzipSync(c.code).length, 0);
    const raw = initial.reduce((n, c) => n + Buffer.byteLength(c.code), 0);
    console.log(`initial JS: ${initial.length} files, ${(raw / 1000).toFixed(1)} KB raw, ${(gzip / 1000).toFixed(1)} KB gzipped (of ${chunks.length} chunks)`);
    expect(initial.length).toBeGreaterThan(0);
    expect(gzip).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  it('holds the sign-in page itself, so no second round trip is needed to show it', () => {
    const modules = initialChunks().flatMap((c) => c.moduleIds);
    expect(modules.some((id) => id.endsWith('/src/features/auth/login-page.tsx'))).toBe(true);
    expect(modules.some((id) => id.endsWith('/src/routes/login/index.tsx'))).toBe(true);
  });

  it('leaves every other screen, and what only screens use, to chunks loaded on demand', () => {
    const modules = initialChunks().flatMap((c) => c.moduleIds);
    const misplaced = modules.filter((id) => ON_DEMAND_ONLY.some((re) => re.test(id))).map((id) => id.replace(WEB, ''));
    expect(misplaced).toEqual([]);
    // Each signed-in screen's component is in a chunk of its own, reached only through import().
    const screens = chunks.filter((c) => c.isDynamicEntry && /\/src\/routes\/_private\/.*\?tsr-split=/.test(c.facadeModuleId ?? ''));
    expect(screens.length).toBeGreaterThan(30);
  });
});
