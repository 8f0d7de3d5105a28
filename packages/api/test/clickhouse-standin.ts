import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Session } from 'chdb';
import { chdbSession } from '../src/modules/analytics-engine/clickhouse.ts';

/**
 * A small stand-in for ClickHouse's HTTP interface, over the process's chDB: what @clickhouse/client
 * sends (the statement in `query` and/or the body, bound parameters as `param_<name>`, settings as
 * URL parameters, `FORMAT JSONEachRow` for rows, inserts as `INSERT INTO t FORMAT JSONEachRow` with
 * the rows as the body), answered as a server does (rows as text, errors as `Code: …` with status 500).
 * Used to test the HTTP adapter with the same engine the embedded one runs.
 */
export async function startClickHouseStandin(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  // The process's chDB session (one per process), shared with the embedded engine.
  const session = await chdbSession();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      if (url.pathname === '/ping') return void res.end('Ok.\n');
      const body = Buffer.concat(chunks).toString('utf8');
      const params: Record<string, string> = {};
      const settings: Record<string, string> = {};
      for (const [k, v] of url.searchParams) {
        if (k.startsWith('param_')) params[k.slice('param_'.length)] = v;
        else if (!['query', 'query_id', 'database', 'session_id', 'default_format', 'user', 'password'].includes(k)) settings[k] = v;
      }
      const head = url.searchParams.get('query') ?? '';
      const insert = /^\s*INSERT\s+INTO\s+([\w.]+)\s*(?:\(([^)]*)\))?\s*FORMAT\s+(\w+)\s*$/i.exec(head);
      requests.push(insert ? `INSERT ${insert[1]}` : `${head}${body}`.trim().split(/\s+/).slice(0, 3).join(' '));
      const answer = insert
        ? session
            .insert({
              table: insert[1]!,
              values: body,
              format: insert[3] as 'JSONEachRow',
              ...(insert[2] ? { columns: insert[2].split(',').map((c) => c.trim()) } : {}),
              settings,
            })
            .then(() => '')
        : run(session, `${head}${head && body ? '\n' : ''}${body}`, params, settings);
      answer.then(
        (text) => {
          res.setHeader('Content-Type', 'text/plain; charset=UTF-8');
          res.setHeader('X-ClickHouse-Summary', '{}');
          res.end(text);
        },
        (e: unknown) => {
          res.statusCode = 500;
          res.setHeader('X-ClickHouse-Exception-Code', '1');
          res.end(`Code: 1. DB::Exception: ${(e as Error).message}`);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type ChdbSession = InstanceType<typeof Session>;

/** A statement's rows in its FORMAT (none: nothing), with its settings and bound parameters. */
async function run(session: ChdbSession, sql: string, params: Record<string, string>, settings: Record<string, string>) {
  const match = /\s+FORMAT\s+(\w+)\s*;?\s*$/i.exec(sql);
  const statement = match ? sql.slice(0, match.index) : sql;
  const withSettings = Object.keys(settings).length && /^\s*(SELECT|WITH)\b/i.test(statement)
    ? `${statement}\nSETTINGS ${Object.entries(settings).map(([k, v]) => `${k} = ${/^\d+$/.test(v) ? v : `'${v.replace(/'/g, "\\'")}'`}`).join(', ')}`
    : statement;
  const opts = { format: match?.[1] ?? 'CSV' };
  const result = await (Object.keys(params).length ? session.queryBindAsync(withSettings, params, opts) : session.queryAsync(withSettings, opts));
  return match ? result.text() : '';
}
