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

/** Where the calls that declare a contracts value start: a schema, or each entry of a route table. */
function declarationCalls(node: ts.Expression, source: ts.SourceFile): number[] {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return declarationCalls(node.expression, source);
  if (ts.isCallExpression(node)) return [node.getStart(source)];
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? declarationCalls(p.initializer, source) : []));
  }
  return [];
}

/**
 * Marks the calls that declare the contracts' top-level values (zod schemas, route tables) pure
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
      const starts = source.statements
        .filter(ts.isVariableStatement)
        .flatMap((s) => s.declarationList.declarations.flatMap((d) => (d.initializer ? declarationCalls(d.initializer, source) : [])));
      let out = code;
      for (const start of starts.sort((a, b) => b - a)) out = `${out.slice(0, start)}/* @__PURE__ */ ${out.slice(start)}`;
      return { code: out, map: null };
    },
  };
}
