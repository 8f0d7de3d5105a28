import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * Writes a .br and a .gz beside each text file of the build, compressed once at their smallest, for
 * the API's static server to send as they are (packages/api/src/plugins/spa.ts).
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
        const path = join(options.dir!, name);
        const body = readFileSync(path);
        if (body.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** The calls that declare a contracts value, as [start, end]: a schema, or each entry of a route table. */
function declarationCalls(node: ts.Expression, source: ts.SourceFile): Array<[number, number]> {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return declarationCalls(node.expression, source);
  if (ts.isCallExpression(node)) return [[node.getStart(source), node.getEnd()]];
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? declarationCalls(p.initializer, source) : []));
  }
  return [];
}

/** The `en: '…'` entries (with their comma) of `{ 'pt-BR': …, en: … }` objects, as [start, end]. */
function englishTexts(source: ts.SourceFile): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const name = (p: ts.ObjectLiteralElementLike) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined);
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node) && node.properties.length === 2 && node.properties.some((p) => name(p) === 'pt-BR')) {
      const en = node.properties.find((p) => name(p) === 'en');
      // Only after pt-BR: the text from pt-BR's end (its comma included) to en's end.
      if (en && node.properties[1] === en) out.push([node.properties[0]!.getEnd(), en.getEnd()]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/**
 * Marks the expressions that declare the contracts' top-level values (zod schemas, route tables) pure
 * for the SPA's build, so it drops the declarations it never uses: a route's search schema that
 * needs one enum of a contracts module no longer brings, and builds at start-up, every schema of
 * that module. Building a schema only registers OpenAPI metadata, which the SPA does not read.
 */
export function pureContracts(): Plugin {
  return {
    name: 'pure-contracts',
    apply: 'build',
    transform(code, id) {
      if (!/\/packages\/contracts\/src\/[^/?]+\.ts$/.test(id)) return undefined;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true);
      const calls = source.statements
        .filter(ts.isVariableStatement)
        .flatMap((s) => s.declarationList.declarations.flatMap((d) => (d.initializer ? declarationCalls(d.initializer, source) : [])));
      // A pure-annotated arrow around the whole expression: an annotation before `z.object(…).meta(…)`
      // marks only its first call, and the chained ones (`.meta`, `.extend`, `.refine`) kept every schema.
      // The SPA speaks Portuguese: a message catalogue's English texts (`{ 'pt-BR': …, en: … }`) stay out.
      const english = englishTexts(source);
      const edits: Array<[number, number, string]> = [
        ...calls.map(([start, end]): [number, number, string] => [start, end, `/* @__PURE__ */ (() => (${code.slice(start, end)}))()`]),
        ...english.map(([start, end]): [number, number, string] => [start, end, '']),
      ];
      let out = code;
      for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) out = `${out.slice(0, start)}${text}${out.slice(end)}`;
      return { code: out, map: null };
    },
  };
}
