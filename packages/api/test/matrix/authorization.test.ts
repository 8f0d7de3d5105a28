import { isDeepStrictEqual } from 'node:util';
import { MATRIX_ACTORS, type MatrixActor } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureContext, fixtures, type FixtureCall, type FixtureContext } from '../contract-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../helpers.ts';
import { contractsByOperation, expectedOutcome, leakedValues, matrixOperations, type ActorProfile, type MatrixOperation, type Outcome } from './matrix.ts';

/**
 * The authorisation matrix, generated from the contract (STYLE §15): every operation of
 * /openapi.json × every caller of MATRIX_ACTORS, on an object its `access.fixture` creates in the
 * owner account. 2xx for the allowed, 401 anonymous, 403 a missing role or module, 404 another
 * tenant's object; no refused answer carries a value of the object, and no answer to a caller that
 * must not see it carries its marker.
 */

type Op = MatrixOperation;

let t: TestApp;
let ctx: FixtureContext;
let ops: Op[] = [];
let missing: string[] = [];
const profiles = new Map<MatrixActor, ActorProfile>();

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  ctx = await createFixtureContext(t);
  for (const actor of MATRIX_ACTORS) {
    if (actor === 'anonymous') {
      profiles.set(actor, null);
      continue;
    }
    const claims = JSON.parse(Buffer.from(ctx.tokens[actor].split('.')[1]!, 'base64url').toString()) as { sub: number; account_id: number };
    profiles.set(actor, await t.app.identity.activeMembership(claims.sub, claims.account_id));
  }
  const doc = (await t.http.get('/openapi.json')).body;
  ({ ops, missing } = matrixOperations(doc, contractsByOperation(), new Set(Object.keys(fixtures))));
}, 120_000);
afterAll(() => t?.close());

const send = (op: Op, actor: MatrixActor, call: FixtureCall) => {
  const path = op.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${op.operationId}: its fixture gives no path param '${name}'`);
    return encodeURIComponent(String(value));
  });
  let req = t.http[op.method as 'get'](path);
  if (actor !== 'anonymous') req = req.set(bearer(ctx.tokens[actor]));
  if (call.headers) req = req.set(call.headers);
  if (call.query) req = req.query(call.query);
  if (call.multipart) return sendMultipart(op, path, actor, call);
  return call.body === undefined ? req : req.send(call.body as object);
};

/** Multipart through inject: the whole body is known, so an early refusal never races the sender. */
async function sendMultipart(op: Op, path: string, actor: MatrixActor, call: FixtureCall) {
  const boundary = '----matrix-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(call.multipart!.fields ?? {})) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of call.multipart!.files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`));
    parts.push(f.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await t.app.inject({
    method: op.method.toUpperCase() as 'POST',
    url: path,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(actor === 'anonymous' ? {} : bearer(ctx.tokens[actor])), ...call.headers },
    payload: Buffer.concat(parts),
  });
  let body: unknown;
  try {
    body = res.json();
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, body, text: res.body };
}

const isAllowed = (status: number) => status >= 200 && status < 400;

describe('authorisation matrix from the contract', () => {
  it('has an entry for every operation of /openapi.json', () => {
    expect(missing, `\n${missing.join('\n\n')}\n`).toEqual([]);
  });

  it('answers every operation × caller as its access entry says, leaking nothing of the object', async () => {
    const failures: string[] = [];
    let requests = 0;
    const shared = new Map<string, Promise<FixtureCall>>();
    const none: FixtureCall = {};
    const instance = (name: string | undefined) => (name ? fixtures[name]!(ctx) : Promise.resolve(none));
    /** Reads share one object per fixture; writes get one for their refused callers and a new one per allowed call. */
    const sharedInstance = (name: string | undefined) => {
      if (!name) return Promise.resolve(none);
      if (!shared.has(name)) shared.set(name, instance(name));
      return shared.get(name)!;
    };

    for (const op of ops) {
      const label = `${op.method.toUpperCase()} ${op.path} (${op.operationId})`;
      const fixture = op.contract.access!.fixture;
      const writes = op.method !== 'get';
      const expected = MATRIX_ACTORS.map((actor) => [actor, expectedOutcome(op.contract, actor, profiles.get(actor)!, ctx.ids.bomPreco)] as const);
      const refused = expected.filter(([, o]) => typeof o === 'number');
      const allowed = expected.filter(([, o]) => typeof o !== 'number');
      let forRefused: FixtureCall | undefined;
      try {
        forRefused = refused.length ? await (writes ? instance(fixture) : sharedInstance(fixture)) : undefined;
      } catch (e) {
        failures.push(`${label}: fixture '${fixture}' failed: ${(e as Error).message}`);
        continue;
      }
      const check = (actor: MatrixActor, outcome: Outcome, call: FixtureCall, res: { status: number; body: unknown; text: string }) => {
        requests += 1;
        const got = `${res.status} ${res.text.slice(0, 300)}`;
        if (typeof outcome === 'number') {
          const code = (res.body as { error?: { code?: string } })?.error?.code;
          if (res.status !== outcome || !code) failures.push(`${label} as ${actor}: expected ${outcome}, got ${got}`);
          const leaked = call.object === undefined ? [] : leakedValues(call.object, res.body);
          if (leaked.length) failures.push(`${label} as ${actor}: refused answer carries the object's ${JSON.stringify(leaked)}`);
          return;
        }
        if (!isAllowed(res.status)) failures.push(`${label} as ${actor}: expected 2xx (${outcome}), got ${got}`);
        else if (outcome === 'own' && call.marker && res.text.includes(call.marker))
          failures.push(`${label} as ${actor}: answer about its own data carries the owner's object (${call.marker})`);
      };
      // Refused calls change nothing, so they share one object and run together.
      const answers = await Promise.all(refused.map(([actor]) => send(op, actor, forRefused!)));
      refused.forEach(([actor, outcome], i) => check(actor, outcome, forRefused!, answers[i]!));
      if (writes && refused.length && forRefused?.read) {
        const after = await forRefused.read();
        if (!isDeepStrictEqual(after, forRefused.object)) {
          failures.push(`${label}: refused calls changed the object: ${JSON.stringify(forRefused.object)} → ${JSON.stringify(after)}`);
        }
      }
      // Allowed calls each get their own object (writes), so they run together too.
      await Promise.all(
        allowed.map(async ([actor, outcome]) => {
          let call: FixtureCall;
          try {
            call = await (writes ? instance(fixture) : sharedInstance(fixture));
          } catch (e) {
            failures.push(`${label}: fixture '${fixture}' failed: ${(e as Error).message}`);
            return;
          }
          check(actor, outcome, call, await send(op, actor, call));
        }),
      );
    }
    console.log(`authorisation matrix: ${ops.length} operations × ${MATRIX_ACTORS.length} callers = ${requests} requests checked`);
    expect(failures, `\n${failures.join('\n')}\n`).toEqual([]);
  }, 300_000);
});
