import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const SRC = resolve(import.meta.dirname, '..');

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Every .ts/.tsx file under `dir`, as paths relative to src/. */
export function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [relative(SRC, path)] : [];
  });
}

function resolveLocal(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(SRC, dirname(from), specifier);
  for (const ext of EXTENSIONS) {
    const path = base + ext;
    if (/\.tsx?$/.test(path) && existsSync(path) && statSync(path).isFile()) return relative(SRC, path);
  }
  return undefined;
}

/**
 * The files of src/ that `file` imports at load time: `import` and `export … from`, type-only ones
 * included (they are dependencies all the same), `import()` left out (loaded on demand).
 */
export function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(SRC, file), 'utf8'), ts.ScriptTarget.Latest, false);
  const targets = new Set<string>();
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : undefined;
    const target = specifier === undefined ? undefined : resolveLocal(file, specifier);
    if (target) targets.add(target);
  }
  return [...targets];
}

export type ImportGraph = Map<string, string[]>;

export function importGraph(files = sourceFiles()): ImportGraph {
  return new Map(files.map((file) => [file, staticImports(file)]));
}

/**
 * The graph's cycles, one per strongly connected component of more than one file (or a file
 * importing itself), each as a path that starts and ends at the same file (Tarjan's algorithm).
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const dep of graph.get(file) ?? []) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(file, Math.min(low.get(file)!, low.get(dep)!));
      } else if (onStack.has(dep)) {
        low.set(file, Math.min(low.get(file)!, index.get(dep)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || graph.get(file)?.includes(file)) components.push(component);
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return components.map((component) => cyclePath(graph, new Set(component)));
}

/** One concrete loop through a strongly connected component, for the failure message. */
function cyclePath(graph: ImportGraph, component: Set<string>): string[] {
  const start = [...component].sort()[0]!;
  // Breadth-first inside the component from `start` back to `start`: the shortest loop.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const dep of graph.get(file) ?? []) {
      if (!component.has(dep)) continue;
      if (dep === start) {
        const path = [start];
        for (let at = file; at !== start; at = previous.get(at)!) path.unshift(at);
        path.unshift(start);
        return path;
      }
      if (!previous.has(dep)) {
        previous.set(dep, file);
        queue.push(dep);
      }
    }
  }
  return [start, start];
}
