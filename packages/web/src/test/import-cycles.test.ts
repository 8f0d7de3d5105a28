import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, type ImportGraph } from './import-graph';

describe('imports of packages/web/src', () => {
  it('have no cycle: dependencies point one way', () => {
    const graph = importGraph();
    // A walk that found nothing would pass vacuously.
    expect(graph.size).toBeGreaterThan(200);
    expect([...graph.values()].flat().length).toBeGreaterThan(500);
    const cycles = importCycles(graph).map((cycle) => cycle.join(' → '));
    expect(cycles, `import cycles (type-only imports count too):\n${cycles.join('\n')}`).toEqual([]);
  });

  it('the check finds a cycle, type-only or not, and names its files', () => {
    const graph: ImportGraph = new Map([
      ['a/api.ts', ['a/form-values.ts', 'shared/client.ts']],
      ['a/form-values.ts', ['a/api.ts']],
      ['shared/client.ts', []],
      ['b/x.ts', ['b/y.ts']],
      ['b/y.ts', ['b/z.ts']],
      ['b/z.ts', ['b/x.ts', 'shared/client.ts']],
      ['c/self.ts', ['c/self.ts']],
    ]);
    expect(importCycles(graph)).toEqual(
      expect.arrayContaining([
        ['a/api.ts', 'a/form-values.ts', 'a/api.ts'],
        ['b/x.ts', 'b/y.ts', 'b/z.ts', 'b/x.ts'],
        ['c/self.ts', 'c/self.ts'],
      ]),
    );
    expect(importCycles(graph)).toHaveLength(3);
  });
});
