import { createClient } from '@clickhouse/client';
import type { Session as ChdbSessionClass } from 'chdb';

/** Values bound to a statement's `{name:Type}` placeholders (ClickHouse's server-side parameters). */
export type ChParams = Record<string, unknown>;

/**
 * What the analytics engine needs of ClickHouse, over HTTP (a server or a cluster) or in this process
 * (chDB). Statements name tables through `table()`, qualified with the engine's database, so that
 * several engines can share one embedded ClickHouse (one chDB session per process).
 */
export interface ClickHouse {
  readonly database: string;
  /** `name` in this engine's database. */
  table(name: string): string;
  /** A statement without rows (DDL, ALTER, TRUNCATE). */
  command(sql: string, params?: ChParams): Promise<void>;
  /** The rows of a SELECT (JSON: 64-bit integers come as strings). */
  query<T>(sql: string, params?: ChParams): Promise<T[]>;
  /**
   * Rows appended to a table. With `token`, a block ClickHouse has seen under that token (within the
   * table's deduplication window) is not written again, nor are its materialised views' rows.
   */
  insert(table: string, rows: readonly object[], options?: { token?: string }): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_DATABASE = 'backoffice';
/** Database and table names: letters, digits and underscores (what every client accepts unquoted). */
const identifier = (name: string) => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`ClickHouse name '${name}': letters, digits and underscores only`);
  return name;
};
/**
 * Every read: 64-bit integers as strings (exact), and a column's own name before an alias of the
 * same name (`sum(orders) AS orders` beside `sum(orders)` elsewhere means the column).
 */
const READ_SETTINGS = { output_format_json_quote_64bit_integers: 1, prefer_column_name_to_alias: 1 } as const;
const withSettings = (sql: string) => `${sql}\nSETTINGS ${Object.entries(READ_SETTINGS).map(([k, v]) => `${k} = ${v}`).join(', ')}`;
const insertSettings = (token?: string) => ({
  ...(token ? { insert_deduplication_token: token } : {}),
  // Materialised views skip a deduplicated block too (else a replayed batch would be summed twice).
  deduplicate_blocks_in_dependent_materialized_views: 1 as const,
});

/**
 * A statement as a cluster runs it (`?cluster=name` on an HTTP URL): DDL and TRUNCATE `ON CLUSTER`,
 * every MergeTree replicated (each replica holds every row; inserts through any of them are
 * deduplicated across all by the same tokens). Without a cluster, unchanged.
 */
export function forCluster(sql: string, cluster: string | null): string {
  if (!cluster) return sql;
  const on = `ON CLUSTER ${identifier(cluster)}`;
  return sql
    .replace(/^(\s*CREATE\s+(?:TABLE|MATERIALIZED\s+VIEW|DATABASE)\s+IF\s+NOT\s+EXISTS\s+[\w.]+)/i, `$1 ${on}`)
    .replace(/^(\s*(?:TRUNCATE\s+TABLE|DROP\s+(?:TABLE|DATABASE))\s+(?:IF\s+EXISTS\s+)?[\w.]+)/i, `$1 ${on}`)
    .replace(/ENGINE\s*=\s*(\w*)MergeTree\b(?!\s*\()/g, (_m, kind: string) => `ENGINE = Replicated${kind}MergeTree`)
    .replace(/\bnon_replicated_deduplication_window\b/g, 'replicated_deduplication_window');
}

/**
 * ClickHouse at `url`: `http(s)://user:password@host:8123/database[?cluster=name]` (a server, or a
 * cluster's load balancer: the tables are then created on every node, replicated) through
 * @clickhouse/client; `chdb:` (in memory) or `chdb:/path/to/dir` — optionally `?database=name` —
 * embedded in this process (chDB).
 */
export async function createClickHouse(url: string): Promise<ClickHouse> {
  if (url.startsWith('chdb:')) return embeddedClickHouse(url);
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || DEFAULT_DATABASE;
  const cluster = parsed.searchParams.get('cluster');
  const client = createClient({
    url: `${parsed.protocol}//${parsed.host}`,
    username: decodeURIComponent(parsed.username) || 'default',
    password: decodeURIComponent(parsed.password),
    request_timeout: 60_000,
    clickhouse_settings: READ_SETTINGS,
  });
  await client.command({ query: forCluster(`CREATE DATABASE IF NOT EXISTS ${identifier(database)}`, cluster) });
  return {
    database,
    table: (name) => `${database}.${identifier(name)}`,
    async command(sql, params) {
      await client.command({ query: forCluster(sql, cluster), query_params: params });
    },
    async query<T>(sql: string, params?: ChParams) {
      const result = await client.query({ query: sql, query_params: params, format: 'JSONEachRow' });
      return result.json<T>();
    },
    async insert(table, rows, options) {
      if (rows.length === 0) return;
      await client.insert({ table, values: rows as object[], format: 'JSONEachRow', clickhouse_settings: insertSettings(options?.token) });
    },
    close: () => client.close(),
  };
}

type ChdbSession = InstanceType<typeof ChdbSessionClass>;
/** The process's chDB session (chDB allows one data directory per process), shared by every embedded engine. */
let shared: { path: string; session: Promise<ChdbSession> } | null = null;

/** The process's chDB session on `path` ('' : in memory), opened the first time. */
export function chdbSession(path = ''): Promise<ChdbSession> {
  if (!shared) {
    // Loaded only when asked for: the engine is a large native library.
    const session = import('chdb').then(({ Session }) => (path ? new Session(path) : new Session()));
    shared = { path, session };
  } else if (shared.path !== path) {
    return Promise.reject(new Error(`chDB already runs on '${shared.path || 'memory'}' in this process: one data directory per process`));
  }
  return shared.session;
}

async function embeddedClickHouse(url: string): Promise<ClickHouse> {
  const [location, search = ''] = url.slice('chdb:'.length).split('?');
  const database = identifier(new URLSearchParams(search).get('database') ?? DEFAULT_DATABASE);
  const session = await chdbSession(location ?? '');
  await session.queryAsync(`CREATE DATABASE IF NOT EXISTS ${database}`);
  return {
    database,
    table: (name) => `${database}.${identifier(name)}`,
    async command(sql, params) {
      await (params ? session.queryBindAsync(sql, params) : session.queryAsync(sql));
    },
    async query<T>(sql: string, params?: ChParams) {
      const opts = { format: 'JSONEachRow' };
      const result = await (params ? session.queryBindAsync(withSettings(sql), params, opts) : session.queryAsync(withSettings(sql), opts));
      const text = result.text();
      return text ? text.trimEnd().split('\n').map((line) => JSON.parse(line) as T) : [];
    },
    async insert(table, rows, options) {
      if (rows.length === 0) return;
      const values = rows.map((r) => JSON.stringify(r)).join('\n');
      await session.insert({ table, values, format: 'JSONEachRow', settings: insertSettings(options?.token) });
    },
    // The session stays open for the process: other engines may share it.
    close: async () => undefined,
  };
}
