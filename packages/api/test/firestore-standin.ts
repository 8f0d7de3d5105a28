import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Firestore value as the REST API (v1, protobuf JSON) writes it. */
type Value = { [kind: string]: unknown };
type Fields = Record<string, Value>;
interface StoredDoc {
  fields: Fields;
  createTime: string;
  updateTime: string;
}

/** The status and body Firestore answers with for an error code (google.rpc.Status over REST). */
const ERRORS = {
  'permission-denied': { http: 403, status: 'PERMISSION_DENIED', code: 7 },
  'invalid-argument': { http: 400, status: 'INVALID_ARGUMENT', code: 3 },
  'not-found': { http: 404, status: 'NOT_FOUND', code: 5 },
  'already-exists': { http: 409, status: 'ALREADY_EXISTS', code: 6 },
  unimplemented: { http: 501, status: 'UNIMPLEMENTED', code: 12 },
} as const;
type ErrorKind = keyof typeof ERRORS;

/** EQUAL as the client sends it: `enum-encoding=int` (5) or by name. */
const isEqualOp = (op: unknown) => op === 5 || op === 'EQUAL';

/** A field path's segments: `a.b`, with backquoted segments (`` `a.b` ``) kept whole. */
function segments(path: string): string[] {
  const out: string[] = [];
  const re = /`((?:[^`\\]|\\.)*)`|([^.]+)/g;
  for (const m of path.matchAll(re)) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!);
  return out;
}

const mapFields = (v: Value | undefined): Fields | undefined => (v && 'mapValue' in v ? ((v.mapValue as { fields?: Fields }).fields ?? {}) : undefined);

function getAt(fields: Fields, path: string[]): Value | undefined {
  let current: Fields | undefined = fields;
  for (const [i, seg] of path.entries()) {
    const v: Value | undefined = current?.[seg];
    if (i === path.length - 1) return v;
    current = mapFields(v);
  }
  return undefined;
}

function setAt(fields: Fields, path: string[], value: Value | undefined): void {
  const [head, ...rest] = path;
  if (!rest.length) {
    if (value === undefined) delete fields[head!];
    else fields[head!] = value;
    return;
  }
  let inner = mapFields(fields[head!]);
  if (!inner) {
    if (value === undefined) return;
    inner = {};
    fields[head!] = { mapValue: { fields: inner } };
  } else {
    fields[head!] = { mapValue: { fields: inner } };
  }
  setAt(inner, rest, value);
}

/** A value as a comparable JS value: numbers of either kind compare equal as Firestore does (1 == 1.0). */
function plain(v: Value | undefined): unknown {
  if (!v) return undefined;
  if ('integerValue' in v) return Number(v.integerValue);
  if ('doubleValue' in v) return Number(v.doubleValue);
  if ('nullValue' in v) return null;
  if ('booleanValue' in v) return v.booleanValue;
  if ('stringValue' in v) return v.stringValue;
  if ('timestampValue' in v) return `ts:${String(v.timestampValue)}`;
  return JSON.stringify(v);
}

/**
 * A stand-in for the Firestore emulator's REST interface (API v1), over an in-memory store: what
 * firebase-admin sends with `preferRest` for get, set (with or without merge), equality queries and
 * delete — `documents:commit` (update with an optional mask, delete), `documents:batchGet` and
 * `documents:runQuery` (answered as JSON arrays, the REST form of their streams) — answered as the
 * emulator does. `fail(kind)` makes the next requests answer a Firestore error; `requests` records
 * the methods called.
 */
export async function startFirestoreStandin(): Promise<{
  host: string;
  requests: string[];
  documents: Map<string, StoredDoc>;
  fail(kind: ErrorKind | null): void;
  close(): Promise<void>;
}> {
  const documents = new Map<string, StoredDoc>();
  const requests: string[] = [];
  let failing: ErrorKind | null = null;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const tick = () => new Date((clock += 1)).toISOString().replace('Z', '000Z');

  const asDocument = (name: string, d: StoredDoc) => ({ name, fields: d.fields, createTime: d.createTime, updateTime: d.updateTime });

  function commit(body: { writes?: Array<Record<string, unknown>> }) {
    const at = tick();
    const writeResults = (body.writes ?? []).map((w) => {
      if (typeof w.delete === 'string') {
        documents.delete(w.delete);
        return { updateTime: at };
      }
      const update = w.update as { name: string; fields?: Fields };
      const mask = (w.updateMask as { fieldPaths?: string[] } | undefined)?.fieldPaths;
      const existing = documents.get(update.name);
      const current = w.currentDocument as { exists?: boolean } | undefined;
      if (current?.exists === false && existing) throw Object.assign(new Error('Document already exists'), { kind: 'already-exists' });
      if (current?.exists === true && !existing) throw Object.assign(new Error('No document to update'), { kind: 'not-found' });
      let fields: Fields;
      if (mask) {
        fields = structuredClone(existing?.fields ?? {});
        for (const path of mask) setAt(fields, segments(path), getAt(update.fields ?? {}, segments(path)));
      } else {
        fields = update.fields ?? {};
      }
      documents.set(update.name, { fields, createTime: existing?.createTime ?? at, updateTime: at });
      return { updateTime: at };
    });
    return { writeResults, commitTime: at };
  }

  function batchGet(body: { documents?: string[] }) {
    const readTime = tick();
    return (body.documents ?? []).map((name) => {
      const d = documents.get(name);
      return d ? { found: asDocument(name, d), readTime } : { missing: name, readTime };
    });
  }

  function runQuery(parent: string, body: { structuredQuery?: Record<string, unknown> }) {
    const q = body.structuredQuery ?? {};
    const readTime = tick();
    const from = (q.from as Array<{ collectionId: string }> | undefined)?.[0]?.collectionId;
    const prefix = `${parent}/${from}/`;
    const filter = (q.where as { fieldFilter?: { field: { fieldPath: string }; op: unknown; value: Value } } | undefined)?.fieldFilter;
    if (q.where && (!filter || !isEqualOp(filter.op))) throw Object.assign(new Error('Only equality filters are served by the stand-in'), { kind: 'unimplemented' });
    const found = [...documents.entries()]
      .filter(([name]) => name.startsWith(prefix) && !name.slice(prefix.length).includes('/'))
      .filter(([, d]) => !filter || plain(getAt(d.fields, segments(filter.field.fieldPath))) === plain(filter.value))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, typeof q.limit === 'number' ? q.limit : undefined)
      .map(([name, d]) => ({ document: asDocument(name, d), readTime }));
    return found.length ? found : [{ readTime }];
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const path = decodeURIComponent(url.pathname);
      const m = /^\/v1\/(projects\/[^/]+\/databases\/[^/]+\/documents(?:\/.*)?):(commit|batchGet|runQuery)$/.exec(path);
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(payload));
      };
      const error = (kind: ErrorKind, message: string) => {
        const e = ERRORS[kind];
        reply(e.http, { error: { code: e.http, message, status: e.status } });
      };
      if (req.method !== 'POST' || !m) return error('not-found', `Unknown method ${req.method} ${path}`);
      const [, parent, method] = m as unknown as [string, string, 'commit' | 'batchGet' | 'runQuery'];
      requests.push(method);
      if (failing) return error(failing, `Stand-in failing with ${failing}`);
      try {
        const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
        if (method === 'commit') return reply(200, commit(body));
        if (method === 'batchGet') return reply(200, batchGet(body));
        return reply(200, runQuery(parent, body));
      } catch (e) {
        const kind = (e as { kind?: ErrorKind }).kind;
        return error(kind && kind in ERRORS ? kind : 'invalid-argument', (e as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    requests,
    documents,
    fail: (kind) => void (failing = kind),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
