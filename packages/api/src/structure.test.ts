import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// How the API's source depends on itself, read from its import lines: db is below the modules,
// and buildApp and the seed compose modules, each through its one entry file.
const SRC = dirname(fileURLToPath(import.meta.url));
const MODULES = join(SRC, 'modules');
const rel = (file: string) => relative(SRC, file);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });

/** The files under src that `file` imports (static, dynamic, type-only and re-exports alike). */
function localImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers.map((s) => resolve(dirname(file), s)).filter((path) => path.startsWith(SRC));
}

/** Every file `file` reaches through its imports, each with the chain that reaches it. */
function reachable(file: string): Map<string, string[]> {
  const seen = new Map<string, string[]>([[file, [rel(file)]]]);
  const queue = [file];
  for (let current = queue.shift(); current; current = queue.shift()) {
    for (const next of localImports(current)) {
      if (seen.has(next) || !existsSync(next)) continue;
      seen.set(next, [...seen.get(current)!, rel(next)]);
      queue.push(next);
    }
  }
  return seen;
}

const domains = readdirSync(MODULES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const appSource = readFileSync(join(SRC, 'app.ts'), 'utf8');
const seedSource = readFileSync(join(SRC, 'seed.ts'), 'utf8');
/** The identifiers a source imports from each of its import paths. */
const importedNames = (source: string) =>
  [...source.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)';/gm)].map((m) => ({
    names: m[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, '')).filter(Boolean),
    from: m[2]!,
  }));

describe('source structure', () => {
  it('nothing under src/db reaches a module or what composes them, even through other files', () => {
    const composing = ['app.ts', 'seed.ts', 'startup.ts', 'server.ts', 'worker.ts'].map((f) => join(SRC, f));
    const violations = sourceFiles(join(SRC, 'db')).flatMap((file) =>
      [...reachable(file)].filter(([path]) => path.startsWith(MODULES) || composing.includes(path)).map(([, chain]) => chain.join(' → ')),
    );
    expect(violations).toEqual([]);
  });

  it('src/lib imports no module', () => {
    const violations = sourceFiles(join(SRC, 'lib')).flatMap((file) => localImports(file).filter((p) => p.startsWith(MODULES)).map((p) => `${rel(file)} → ${rel(p)}`));
    expect(violations).toEqual([]);
  });

  it('every domain folder has one entry, <domain>.module.ts, and buildApp registers it', () => {
    const registered = appSource.match(/registerModules\(app, deps, \[([\s\S]*?)\]\);/)?.[1];
    expect(registered, 'buildApp lists its modules in one registerModules(app, deps, [...]) call').toBeDefined();
    const listed = registered!
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('//'))
      .map((line) => line.replace(/[(,].*$/, ''));
    const entries = importedNames(appSource).filter((i) => i.from.startsWith('./modules/'));
    for (const domain of domains) {
      const entry = `./modules/${domain}/${domain}.module.ts`;
      expect(existsSync(join(SRC, entry)), `${entry} exists`).toBe(true);
      const names = entries.find((i) => i.from === entry)?.names ?? [];
      expect(names.filter((n) => listed.includes(n)), `buildApp registers the module of ${entry}`).toHaveLength(1);
    }
    expect(listed.length).toBe(domains.length);
  });

  it('app.ts builds shared infrastructure only: from the modules it imports their entries, and it creates no repo or service', () => {
    const fromModules = importedNames(appSource).filter((i) => i.from.startsWith('./modules/'));
    expect(fromModules.map((i) => i.from).filter((from) => !/^\.\/modules\/([\w-]+)\/\1\.module\.ts$/.test(from))).toEqual([]);
    expect(appSource.match(/\bcreate\w*(?:Repo|Service)\(|\bregister\w*(?:Routes|Jobs)\(/g) ?? []).toEqual([]);
  });

  it("the seed runs every module's demo data (<domain>.seed.ts), importing nothing else from the modules", () => {
    const seeds = domains.filter((d) => existsSync(join(MODULES, d, `${d}.seed.ts`))).map((d) => `./modules/${d}/${d}.seed.ts`);
    const imported = importedNames(seedSource).filter((i) => i.from.startsWith('./modules/'));
    expect(imported.map((i) => i.from).filter((from) => !seeds.includes(from))).toEqual([]);
    const listed = seedSource.match(/const SEEDS[^=]*=\s*\[([\s\S]*?)\];/)?.[1] ?? '';
    for (const seed of seeds) {
      const names = imported.find((i) => i.from === seed)?.names ?? [];
      expect(names.some((n) => new RegExp(`\\b${n}\\b`).test(listed)), `SEEDS lists the seed of ${seed}`).toBe(true);
    }
  });
});
