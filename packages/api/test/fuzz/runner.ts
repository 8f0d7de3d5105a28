import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import type { RouteContract } from '@backoffice/contracts';
import { takeResponseContractMismatches } from '../../src/plugins/response-contract.ts';
import { fixtures, type FixtureCall, type FixtureContext } from '../contract-fixtures.ts';
import { bearer, DEMO, type TestApp } from '../helpers.ts';
import { bodyTextOf, describe, expectationOf, parsedBody, urlOf, validationStatusOf, type Call, type Expectation } from './calls.ts';
import { envelopeProblem, namedFields, portugueseDetails, type Envelope, type Lang } from './envelope.ts';
import {
  fieldPaths,
  getAt,
  JSON_MUTATORS,
  jsonText,
  mutatorsFor,
  QUERY_SHAPE_MUTATORS,
  setAt,
  type Mutator,
  type Part,
  type Path,
} from './mutations.ts';
import { comparedFields, readbackDiffs, readbackOf } from './readback.ts';
import { changedTables, createRowWatch } from './snapshot.ts';
import { z } from 'zod';
import { isStrictObject, schemaAt, shapeOf, validArbitrary } from './zod-arbitrary.ts';

export interface FuzzOptions {
  seed: number;
  /** Valid cases per operation. */
  runs: number;
  /** Cases with one field broken, per operation. */
  mutations: number;
  /** Checks the row journal against table checksums on one write operation in this many (default 1: all). */
  confirmEvery?: number;
}

export interface OperationReport {
  operationId: string;
  cases: number;
  requests: number;
  /** 2xx answers. */
  accepted: number;
  /** 4xx answers. */
  refused: number;
  /** Fields compared between accepted writes and their read-back. */
  compared: number;
  readback?: string;
  failures: string[];
}

type Response = { status: number; body: unknown; text: string };
type Fixture = FixtureCall & { name?: string };

const MAX_FAILURES = 6;
const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
/** Mutators that add a key to an object, and the key each adds. */
const ADDED_KEYS: Record<string, string> = { 'extra key': 'campo_inesperado', 'constructor key': 'constructor' };
const ONE_MB = 1_000_000;

/** A per-operation seed from the run's seed, so one operation can be replayed alone. */
export const seedOf = (seed: number, operationId: string) => {
  let h = seed | 0;
  for (const ch of operationId) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};

const stringifyValues = (o: Record<string, unknown> | undefined) =>
  o && Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]));

const fixtureOf = (contract: RouteContract): string | undefined => (contract as { access?: { fixture?: string } }).access?.fixture;

/** Runs the fuzzing of operations through the real app as the owner account's admin. */
export async function createFuzzer(t: TestApp, ctx: FixtureContext, all: RouteContract[], opts: FuzzOptions) {
  const rows = await createRowWatch(t.db);
  const confirming = (contract: RouteContract) => Math.abs(seedOf(opts.seed, contract.operationId)) % (opts.confirmEvery ?? 1) === 0;
  /** Where the time goes (ms), for the summary. */
  const timings = { requests: 0, snapshots: 0, checksums: 0, fixtures: 0, settle: 0 };
  /** Settle time by operation (ms): where background work makes the fuzzing wait. */
  const settleByOperation = new Map<string, number>();
  let current: string | undefined;
  const timed = async <T>(key: keyof typeof timings, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      timings[key] += performance.now() - started;
    }
  };

  const protoKeys = Object.getOwnPropertyNames(Object.prototype).join(',');

  /** Background work of accepted writes (jobs, event counting, decision stats) done before the next comparison. */
  async function settle() {
    const started = performance.now();
    await t.drainJobs();
    await t.app.eventConsumer?.drain();
    await t.app.requestStats?.flush();
    const ms = performance.now() - started;
    timings.settle += ms;
    if (current) settleByOperation.set(current, (settleByOperation.get(current) ?? 0) + ms);
  }

  async function send(contract: RouteContract, call: Call): Promise<Response> {
    const url = urlOf(contract, call);
    const headers: Record<string, string> = { ...bearer(ctx.tokens.owner), 'accept-language': call.lang, ...call.headers };
    if (call.multipart) {
      let req = t.http[contract.method.toLowerCase() as 'post'](url).set(headers);
      for (const [k, v] of Object.entries(call.multipart.fields ?? {})) req = req.field(k, v);
      for (const f of call.multipart.files) req = req.attach(f.field, f.content, { filename: f.filename, contentType: f.contentType });
      const res = await req;
      return { status: res.status, body: res.body, text: res.text };
    }
    const payload = bodyTextOf(call);
    if (payload !== undefined && call.contentType !== null) headers['content-type'] = call.contentType ?? 'application/json';
    const res = await t.app.inject({ method: contract.method, url, headers, ...(payload === undefined ? {} : { payload }) });
    let body: unknown;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, body, text: res.body };
  }

  /** What is wrong with one answer, given what the contract says it must be. */
  function answerProblems(expectation: Expectation, res: Response, lang: Lang): string[] {
    const out: string[] = [];
    const mismatches = takeResponseContractMismatches();
    for (const m of mismatches) out.push(`response contract: ${m.route} answered ${m.status}: ${m.issue}`);
    if (res.status >= 500) out.push(`answered ${res.status}: ${res.text.slice(0, 400)}`);
    if (res.status >= 400 && res.status < 500) {
      const problem = envelopeProblem(res.body, lang);
      if (problem) out.push(`${res.status}: ${problem}`);
      if (lang === 'en') for (const detail of portugueseDetails(res.body)) out.push(`${res.status}: a detail in pt-BR where en was asked: ${detail}`);
    }
    if (expectation.kind === 'refused') {
      const statuses = expectation.status ?? (expectation.anyCode ? [400, 413, 415] : [400]);
      if (!statuses.includes(res.status)) {
        out.push(`expected ${statuses.join(' or ')} (${expectation.why}: ${expectation.fields.join(', ') || 'no field'}), answered ${res.status}: ${res.text.slice(0, 300)}`);
      } else if (!expectation.anyCode && (res.status === 400 || res.status === 422)) {
        // Every validation refusal (400, or the contract's 422) names the fields its schema refuses.
        const env = res.body as Envelope;
        if (env?.error?.code !== 'VALIDATION_ERROR') out.push(`expected VALIDATION_ERROR, answered ${env?.error?.code}: ${env?.error?.message}`);
        else {
          const named = namedFields(env);
          const missing = expectation.fields.filter((f) => !named.includes(f));
          if (missing.length) out.push(`the ${res.status} does not name ${missing.join(', ')} (${expectation.why}); it names ${named.join(', ') || 'nothing'}: ${env.error.message}`);
        }
      }
    }
    if (expectation.kind === 'ignored') {
      const env = res.body as Envelope | undefined;
      if (res.status === 400 || env?.error?.code === 'VALIDATION_ERROR') {
        out.push(`${expectation.field} should be ignored (${expectation.why}), answered ${res.status} ${env?.error?.code}: ${res.text.slice(0, 300)}`);
      } else if (expectation.success && (res.status < 200 || res.status >= 300)) {
        out.push(`expected a 2xx ignoring ${expectation.field} (${expectation.why}), answered ${res.status}: ${res.text.slice(0, 300)}`);
      }
    }
    if (Object.getOwnPropertyNames(Object.prototype).join(',') !== protoKeys || ({} as Record<string, unknown>).polluted !== undefined) {
      out.push('Object.prototype was polluted');
    }
    return out;
  }

  /** Sends one call and checks it: never 5xx, the envelope in the caller's language, no row changed by a refused write, an accepted write read back. */
  async function check(contract: RouteContract, call: Call, report: OperationReport) {
    const write = contract.method !== 'GET';
    const expectation = expectationOf(contract, call);
    const mark = write ? await timed('snapshots', () => rows.mark()) : 0n;
    // The first broken case of a write (of one in `confirmEvery`) is also checked the slow way:
    // counts and checksums of every table, which confirms the journal sees what changes.
    const confirm = write && report.cases === 0 && confirming(contract) ? await timed('checksums', () => rows.checksums()) : undefined;
    // FUZZ_TRACE=<file>: each request before it is sent (finds the one a hang is in).
    if (process.env.FUZZ_TRACE) appendFileSync(process.env.FUZZ_TRACE, `${describe(contract, call).split('\n')[0]}\n`);
    const res = await timed('requests', () => send(contract, call));
    report.cases++;
    report.requests++;
    const problems = answerProblems(expectation, res, call.lang);
    if (res.status < 300) report.accepted++;
    else if (res.status < 500) report.refused++;
    if (write && res.status >= 400) {
      const changed = await timed('snapshots', () => rows.changedSince(mark));
      if (changed.length) problems.push(`a refused write (${res.status}) changed rows: ${changed.join('; ')}`);
      if (confirm) {
        const differs = changedTables(confirm, await timed('checksums', () => rows.checksums()));
        if (differs.length) problems.push(`a refused write (${res.status}) changed table checksums: ${differs.join('; ')}`);
      }
    } else if (write) {
      await settle();
      problems.push(...(await readBack(contract, call, res, report)));
    }
    if (problems.length && report.failures.length < MAX_FAILURES) {
      report.failures.push(`${problems.join('\n    ')}\n    request: ${describe(contract, call)}`);
    }
  }

  async function readBack(contract: RouteContract, call: Call, res: Response, report: OperationReport): Promise<string[]> {
    const rb = readbackOf(contract, all);
    const parsed = parsedBody(contract, call);
    if (!rb || parsed === undefined || typeof parsed !== 'object' || parsed === null) return [];
    const sent = comparedFields(contract.operationId, parsed as Record<string, unknown>);
    report.readback = `${rb.contract.method} ${rb.contract.path}`;
    const params = { ...(call.params ?? {}) } as Record<string, unknown>;
    if (rb.byAnsweredId) {
      const param = /:(\w+)/.exec(rb.contract.path)?.[1] ?? 'id';
      const id = answeredId(res.body, param, rb.contract.path);
      if (id === undefined) return [];
      params[param] = id;
    }
    const query = rb.contract.querystring ? call.query : undefined;
    const readCall: Call = { params, query, lang: 'pt-BR', label: 'read-back' };
    const read = await send(rb.contract, readCall);
    report.requests++;
    if (read.status !== 200) return [`read-back ${urlOf(rb.contract, readCall)} answered ${read.status}: ${read.text.slice(0, 200)}`];
    const counter = { compared: 0 };
    const diffs = readbackDiffs(sent, read.body, '', counter);
    report.compared += counter.compared;
    return diffs.map((d) => `read back differs from what was sent (${urlOf(rb.contract, readCall)}): ${d}`);
  }

  /**
   * The id a write answered: its own `id`, or that of the object it wraps beside a message under the
   * name of the read-back's resource (`{ message, operator: { id } }` read at /api/operator/:id).
   */
  function answeredId(body: unknown, param: string, readPath: string): unknown {
    if (!body || typeof body !== 'object') return undefined;
    const own = (body as { id?: unknown }).id;
    if (own !== undefined || param !== 'id') return own;
    const segments = readPath.split('/');
    const wrapped = Object.entries(body).find(([k, v]) => segments.includes(k) && !!v && typeof v === 'object' && 'id' in v);
    return wrapped ? (wrapped[1] as { id: unknown }).id : undefined;
  }

  /** A fixture's call of this operation, or nothing when the operation needs none. */
  async function fixtureFor(contract: RouteContract): Promise<Fixture> {
    const name = fixtureOf(contract);
    if (!name) return {};
    const make = fixtures[name];
    if (!make) throw new Error(`${contract.operationId}: no fixture "${name}" in test/contract-fixtures.ts`);
    const call = await timed('fixtures', () => make(ctx));
    await settle();
    // Header names as the contract spells them (HTTP reads them in any case).
    const names = Object.keys(shapeOf(contract.headers ?? z.object({})) ?? {});
    const headers = call.headers && Object.fromEntries(Object.entries(call.headers).map(([k, v]) => [names.find((n) => n.toLowerCase() === k.toLowerCase()) ?? k, v]));
    return { ...call, headers, name };
  }

  /** The owner's session still works (a fuzzed password change or role change may have ended it). */
  async function ensureOwner() {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/account-info', headers: bearer(ctx.tokens.owner) });
    if (res.statusCode === 200) return;
    await fixtures.passwordChange!(ctx);
    const token = await t.login(DEMO.admin);
    const switched = await t.app.inject({ method: 'POST', url: '/changeaccount', headers: bearer(token), payload: { account_id: ctx.ids.bomPreco } });
    ctx.tokens.owner = (switched.json() as { newToken: string }).newToken;
  }

  /** The parts of a call this contract reads, taken from a fixture. */
  const callFrom = (contract: RouteContract, f: Fixture, lang: Lang, label: string): Call => ({
    params: contract.params ? stringifyValues(f.params) : undefined,
    query: contract.querystring ? stringifyValues(f.query as Record<string, unknown>) : undefined,
    body: contract.body && contract.bodyContentType !== 'multipart/form-data' ? f.body : undefined,
    multipart: contract.bodyContentType === 'multipart/form-data' ? f.multipart : undefined,
    headers: f.headers,
    fixtureParams: f.params,
    lang,
    label,
  });

  /** Valid calls: the fixture's, the fixture's with one field a generated valid value, and wholly generated ones. */
  function validPlans(contract: RouteContract, base: Call) {
    const parts: Array<[Part, 'json' | 'text']> = [
      ['params', 'text'],
      ['querystring', 'text'],
      ['body', 'json'],
    ];
    const generated: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [part, mode] of parts) {
      const schema = { params: contract.params, querystring: contract.querystring, body: contract.body }[part as 'params'];
      if (!schema || (part === 'body' && contract.bodyContentType === 'multipart/form-data')) continue;
      const baseValue = part === 'params' ? base.params : part === 'querystring' ? base.query : base.body;
      const paths = baseValue === undefined ? [] : fieldPaths(schema, baseValue);
      const fieldArbs = paths
        .map((path) => {
          const sub = schemaAt(schema, path);
          return sub ? fc.tuple(fc.constant(path), validArbitrary(sub, mode)) : undefined;
        })
        .filter((a): a is fc.Arbitrary<[Path, unknown]> => !!a);
      const options: Array<fc.WeightedArbitrary<unknown>> = [{ weight: 2, arbitrary: validArbitrary(schema, mode) }];
      if (baseValue !== undefined) {
        options.push({ weight: part === 'params' ? 6 : 2, arbitrary: fc.constant(baseValue) });
        if (fieldArbs.length && part !== 'params') {
          options.push({ weight: 4, arbitrary: fc.oneof(...fieldArbs).map(([path, v]) => ({ __replace: path, value: v })) });
        }
      }
      generated[part] = fc.oneof(...options);
    }
    return fc.record({ ...generated, lang: fc.constantFrom<Lang>('pt-BR', 'en') });
  }

  /** Applies a plan to a (fresh) fixture's call. */
  function applyPlan(base: Call, plan: Record<string, unknown>): Call {
    const pick = (part: string, baseValue: unknown) => {
      const v = plan[part];
      if (v && typeof v === 'object' && '__replace' in v) {
        const r = v as { __replace: Path; value: unknown };
        return setAt(baseValue, r.__replace, r.value);
      }
      return v;
    };
    return {
      ...base,
      params: 'params' in plan ? (pick('params', base.params) as Record<string, unknown>) : base.params,
      query: 'querystring' in plan ? (pick('querystring', base.query) as Record<string, unknown>) : base.query,
      body: 'body' in plan ? pick('body', base.body) : base.body,
      lang: plan.lang as Lang,
      label: 'valid',
    };
  }

  /** Every (part, field, mutator) of a base call, plus the query's shape mutations. */
  function mutationSpace(contract: RouteContract, base: Call) {
    const out: Array<{ part: Part; path: Path; mutator: Mutator | (typeof QUERY_SHAPE_MUTATORS)[number] }> = [];
    const spaces: Array<[Part, 'json' | 'text', unknown]> = [
      ['params', 'text', base.params],
      ['querystring', 'text', base.query ?? {}],
      ['body', 'json', base.body],
      ['headers', 'text', base.headers ?? {}],
    ];
    for (const [part, mode, value] of spaces) {
      const schema = { params: contract.params, querystring: contract.querystring, body: contract.body, headers: contract.headers }[part];
      if (!schema || (part === 'body' && contract.bodyContentType === 'multipart/form-data')) continue;
      for (const path of fieldPaths(schema, value)) {
        for (const mutator of mutatorsFor(schema, value, path, mode)) {
          // Path params: an empty or slashed value is another URL, not this route's input.
          if (part === 'params' && (mutator.name === 'empty' || mutator.name === 'slash')) continue;
          // Header values are Latin-1 text without controls: only what can travel.
          if (part === 'headers' && !['empty', 'huge', 'one past the bound', 'wrong type', 'unicode'].includes(mutator.name)) continue;
          if (part === 'headers' && mutator.name === 'unicode') continue;
          out.push({ part, path, mutator });
        }
      }
      if (part === 'querystring') {
        const first = fieldPaths(schema, value)[0];
        for (const shape of QUERY_SHAPE_MUTATORS) out.push({ part, path: first ?? [], mutator: shape });
      }
      // The body as a whole: of another type, or an object with keys the schema does not know.
      if (part === 'body') {
        const root = ['wrong type', 'extra key', '__proto__ key', 'constructor.prototype key', 'constructor key', 'NUL in a key'];
        for (const mutator of mutatorsFor(schema, value, [], 'json')) if (root.includes(mutator.name)) out.push({ part, path: [], mutator });
      }
    }
    return out;
  }

  function mutate(contract: RouteContract, base: Call, m: ReturnType<typeof mutationSpace>[number]): Call {
    const name = typeof m.mutator === 'string' ? m.mutator : m.mutator.name;
    const label = `${m.part}${m.path.length ? `.${m.path.join('.')}` : ''}: ${name}`;
    const call: Call = { ...base, label };
    if (typeof m.mutator === 'string') {
      const query = { ...(base.query ?? {}) };
      const key = String(m.path[0] ?? 'page');
      if (m.mutator === 'repeated key') query[key] = [String(query[key] ?? '1'), String(query[key] ?? '1')];
      else if (m.mutator === 'unknown key') query.campo_inesperado = '1';
      else if (m.mutator === '__proto__ key') {
        call.query = { ...query };
        Object.defineProperty(call.query, '__proto__', { value: 'x', enumerable: true });
        return { ...call, expect: { kind: 'open' } };
      } else Object.defineProperty(query, 'constructor', { value: 'x', enumerable: true });
      return { ...call, query };
    }
    const source = m.part === 'params' ? base.params : m.part === 'querystring' ? base.query : m.part === 'body' ? base.body : base.headers;
    const partSchema = { params: contract.params, querystring: contract.querystring, body: contract.body, headers: contract.headers }[m.part];
    const next = setAt(source, m.path, m.mutator.apply(getAt(source, m.path), partSchema && schemaAt(partSchema, m.path)));
    if (m.mutator.unknown) call.expect = { kind: 'open' };
    // A key an object does not know: refused by a strict object (the schema's own oracle says so), stripped by z.object.
    const added = ADDED_KEYS[m.mutator.name];
    const target = partSchema && schemaAt(partSchema, m.path);
    if (added && target && shapeOf(target) && !isStrictObject(target)) call.ignoredKey = [...m.path, added].join('.');
    if (m.part === 'params') call.params = next as Record<string, unknown>;
    else if (m.part === 'querystring') call.query = next as Record<string, unknown>;
    else if (m.part === 'body') call.body = next;
    else call.headers = stringifyValues(next as Record<string, unknown>) as Record<string, string>;
    return call;
  }

  /** The paths of the base body's objects whose schema strips unknown keys (z.object, not z.strictObject). */
  function strippingObjects(contract: RouteContract, base: Call): Path[] {
    if (!contract.body || contract.bodyContentType === 'multipart/form-data' || !isPlainObject(base.body)) return [];
    return [[], ...fieldPaths(contract.body, base.body)].filter((path) => {
      const schema = schemaAt(contract.body!, path);
      return !!schema && !!shapeOf(schema) && !isStrictObject(schema) && isPlainObject(getAt(base.body, path));
    });
  }

  /** Bodies the JSON parser or the content-type check must refuse, and JSON of the wrong shape. */
  function malformed(contract: RouteContract, base: Call): Call[] {
    const text = base.body === undefined ? '{}' : jsonText(base.body);
    // What the parser reads but is not the contract's body (a JSON array, text) the schema refuses: the validation status.
    const schemaRefuses = [...new Set([400, validationStatusOf(contract)])];
    const refused = (why: string, status = [400]): Expectation => ({ kind: 'refused', fields: [], why, status, anyCode: true });
    const c = (label: string, rawBody: string, expect?: Expectation, contentType?: string | null): Call => ({
      ...base,
      body: undefined,
      rawBody,
      contentType,
      label: `malformed: ${label}`,
      expect,
    });
    const open: Expectation = { kind: 'open' };
    return [
      c('truncated', text.slice(0, -1), refused('truncated JSON')),
      c('unquoted keys', '{a:1}', refused('not JSON')),
      c('single quotes', "{'a':1}", refused('not JSON')),
      c('trailing comma', text.replace(/}$/, ',}'), refused('not JSON')),
      c('empty body', '', refused('an empty JSON body')),
      c('null', 'null'),
      c('array', `[${text}]`),
      c('string', JSON.stringify(text)),
      c('number', '123'),
      c('byte order mark', `\uFEFF${text}`, open),
      c('raw NUL', text.replace(/^\{/, '{\u0000'), refused('a raw NUL is not JSON')),
      c('deeply nested', `${'['.repeat(50_000)}${']'.repeat(50_000)}`, refused('nesting deeper than the parser takes, or an array the schema refuses', schemaRefuses)),
      c('__proto__ at the root', text.replace(/^\{/, '{"__proto__":{"polluted":true},'), refused('prototype poisoning')),
      c('text/plain', text, refused('not a JSON body', [...schemaRefuses, 415]), 'text/plain'),
      c('no content type', text, open, null),
      c('form encoded', 'a=1&b=2', refused('an unsupported content type', [415]), 'application/x-www-form-urlencoded'),
      c('over the body limit', `{"x":"${'x'.repeat(ONE_MB + 100_000)}"}`, refused('a body over the limit', [413])),
    ];
  }

  /** Fuzzes one operation. */
  async function fuzz(contract: RouteContract): Promise<OperationReport> {
    const report: OperationReport = { operationId: contract.operationId, cases: 0, requests: 0, accepted: 0, refused: 0, compared: 0, failures: [] };
    const seed = seedOf(opts.seed, contract.operationId);
    current = contract.operationId;
    const destructive = contract.method !== 'GET';
    const fixture = await fixtureFor(contract);
    const base = callFrom(contract, fixture, 'pt-BR', 'fixture');
    // A base without a fixture: one generated valid value per part.
    if (!fixture.name) {
      if (contract.params) base.params = fc.sample(validArbitrary(contract.params, 'text'), { numRuns: 1, seed })[0] as Record<string, unknown>;
      if (contract.body && contract.bodyContentType !== 'multipart/form-data') base.body = fc.sample(validArbitrary(contract.body, 'json'), { numRuns: 1, seed })[0];
    }

    // Broken fields first (they should all be refused and change nothing), on the one fixture object.
    const space = mutationSpace(contract, base);
    if (space.length) {
      const picks = fc.sample(fc.tuple(fc.nat({ max: space.length - 1 }), fc.constantFrom<Lang>('pt-BR', 'en')), { numRuns: opts.mutations, seed });
      // Half the budget on distinct mutator kinds (in a seeded order, so operations cover different
      // ones), each at a random field of its own; the rest random picks.
      const byKind = new Map<string, number[]>();
      space.forEach((m, i) => {
        const k = typeof m.mutator === 'string' ? m.mutator : m.mutator.name;
        byKind.set(k, [...(byKind.get(k) ?? []), i]);
      });
      const kinds = fc.sample(fc.shuffledSubarray([...byKind.keys()], { minLength: byKind.size }), { numRuns: 1, seed })[0]!;
      const chosen = kinds.slice(0, Math.ceil(opts.mutations / 2)).map((k, n) => {
        const at = byKind.get(k)!;
        return at[picks[n % picks.length]![0] % at.length]!;
      });
      for (const [i] of picks) if (chosen.length < opts.mutations) chosen.push(i);
      for (const [n, i] of chosen.entries()) {
        const lang = picks[n % picks.length]![1];
        await check(contract, { ...mutate(contract, base, space[i]!), lang }, report);
      }
    }
    // A key no object knows, once at each object of the body that strips such keys (z.object): ignored, not refused.
    const extraKey = JSON_MUTATORS.find((m) => m.name === 'extra key')!;
    const stripping = strippingObjects(contract, base);
    const stripLangs = fc.sample(fc.constantFrom<Lang>('pt-BR', 'en'), { numRuns: Math.max(1, stripping.length), seed });
    for (const [n, path] of stripping.entries()) {
      await check(contract, { ...mutate(contract, base, { part: 'body', path, mutator: extraKey }), lang: stripLangs[n]! }, report);
    }
    // Malformed bodies.
    if (contract.body && contract.bodyContentType !== 'multipart/form-data') {
      const cases = malformed(contract, base);
      const langs = fc.sample(fc.constantFrom<Lang>('pt-BR', 'en'), { numRuns: cases.length, seed });
      for (const [i, call] of cases.entries()) await check(contract, { ...call, lang: langs[i]! }, report);
    }
    // Valid calls: on a new fixture object each for writes (an accepted delete or action uses its object up).
    const plans = fc.sample(validPlans(contract, base), { numRuns: opts.runs, seed });
    for (const [i, plan] of plans.entries()) {
      const fresh = destructive && fixture.name && i > 0 ? callFrom(contract, await fixtureFor(contract), 'pt-BR', 'fixture') : base;
      // The first valid call is the fixture's own, untouched.
      const call = i === 0 ? { ...fresh, label: 'fixture', lang: plan.lang as Lang } : applyPlan(fresh, plan as Record<string, unknown>);
      await check(contract, call, report);
    }
    await ensureOwner();
    return report;
  }

  return { fuzz, settle, timings, settleByOperation };
}
