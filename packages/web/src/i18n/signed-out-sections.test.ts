import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles, staticImports } from '../test/import-graph';
import { SIGNED_OUT_SECTIONS } from '.';
import ptBR from './pt-BR.json';

/** A signed-out route that loads every section before it renders (the customer's cart link): its texts may come from any. */
function loadsAllMessages(file: string): boolean {
  return /beforeLoad: \(\) => loadMessages\(\)/.test(readFileSync(join(SRC, file), 'utf8'));
}

// What renders before routes/_private.tsx has loaded every section: the signed-out routes, the
// shell, and the private layout's pending state.
const ROOTS = [
  'main.tsx',
  'router.tsx',
  'shared/components/page-loader.tsx',
  ...sourceFiles().filter((f) => f.startsWith('routes/') && !f.startsWith('routes/_private') && !f.includes('.test.') && !loadsAllMessages(f)),
];
// The route tree imports every route, signed-in ones included; the private layout renders only once the sections are loaded.
const NOT_FOLLOWED = new Set(['routeTree.gen.ts', 'routes/_private.tsx']);

function signedOutFiles(): string[] {
  const seen = new Set<string>();
  const queue = [...ROOTS];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || NOT_FOLLOWED.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return [...seen].sort();
}

/** The keys passed to t()/tn() in `file`: literal ones whole, template ones up to their first `${`. */
function keysUsed(file: string): { file: string; key: string }[] {
  const source = ts.createSourceFile(file, readFileSync(join(SRC, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const keys: { file: string; key: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ['t', 'tn'].includes(node.expression.text)) {
      const arg = node.arguments[0];
      const key =
        arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) ? arg.text : arg && ts.isTemplateExpression(arg) ? arg.head.text : `<${arg?.getText(source)}>`;
      keys.push({ file, key });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return keys;
}

describe('texts of the signed-out pages', () => {
  it('come from the sections of pt-BR.json that ship in the entry chunk', () => {
    const files = signedOutFiles();
    expect(files).toContain('features/auth/login-page.tsx');
    expect(files).not.toContain('shared/layout/app-layout.tsx');
    // i18n/index.ts itself passes keys through (tn).
    const keys = files.filter((f) => f !== 'i18n/index.ts').flatMap(keysUsed);
    expect(keys.length).toBeGreaterThan(20);
    const outside = keys.filter(({ key }) => !key.includes('.') || !SIGNED_OUT_SECTIONS.includes(key.split('.')[0]!)).map(({ file, key }) => `${file}: ${key}`);
    expect(outside, 'keys read before the rest of pt-BR.json loads: add their section to the named import in i18n/index.ts').toEqual([]);
  });

  it('are a few of pt-BR.json’s sections, not most of it', () => {
    const size = (sections: string[]) => sections.reduce((n, s) => n + JSON.stringify((ptBR as Record<string, unknown>)[s]).length, 0);
    expect(SIGNED_OUT_SECTIONS.every((s) => s in ptBR)).toBe(true);
    expect(size([...SIGNED_OUT_SECTIONS])).toBeLessThan(size(Object.keys(ptBR)) / 5);
  });
});
