import { appendFileSync } from 'node:fs';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorEnvelope } from './errors.ts';

/** A response that its route's contract does not document (test mode only). */
export interface ResponseContractMismatch {
  /** `GET /api/user/:id` */
  route: string;
  operationId?: string;
  status: number;
  issue: string;
  requestId: string;
}

const LIST = Symbol.for('backoffice.responseContractMismatches');
const store = globalThis as typeof globalThis & { [LIST]?: ResponseContractMismatch[] };

/**
 * The mismatches recorded in this process since the last call, and forgets them:
 * test/response-contract.setup.ts fails the test that caused them.
 */
export function takeResponseContractMismatches(): ResponseContractMismatch[] {
  const list = store[LIST] ?? [];
  store[LIST] = [];
  return list;
}

const isEmpty = (payload: unknown) =>
  payload === undefined || payload === null || payload === '' || (Buffer.isBuffer(payload) && payload.length === 0);
const isStream = (payload: unknown) => typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

const pathOf = (path: readonly PropertyKey[]) => (path.length ? path.map(String).join('.') : '(body)');
const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue ? `${pathOf(issue.path)}: ${issue.message}` : error.message;
};

/** The first key of the wire body that its contract's schema does not keep (response schemas are whitelists). */
function extraKey(wire: unknown, kept: unknown, path: string[] = []): string | undefined {
  if (Array.isArray(wire) && Array.isArray(kept)) {
    for (let i = 0; i < wire.length; i++) {
      const found = extraKey(wire[i], kept[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  if (!wire || typeof wire !== 'object' || !kept || typeof kept !== 'object') return undefined;
  for (const [key, value] of Object.entries(wire)) {
    if (!Object.hasOwn(kept, key)) return [...path, key].join('.');
    const found = extraKey(value, (kept as Record<string, unknown>)[key], [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** What is wrong with a response for its route's documented responses, else undefined. */
function mismatchOf(responses: Record<number, z.ZodType>, status: number, contentType: string, payload: unknown, cause?: Error): string | undefined {
  if (status >= 500 && status !== 503) {
    const why = cause && isResponseSerializationError(cause as never) ? (cause.cause as z.ZodError | undefined) : undefined;
    return `a ${status} is never documented${why?.issues ? ` (the response schema refused ${firstIssue(why)})` : cause ? ` (${cause.message})` : ''}`;
  }
  const schema = responses[status];
  if (!schema) return `status ${status} is not documented (the route documents ${Object.keys(responses).join(', ')})`;
  // Fastify never sends a 204's body, whatever the handler gave it.
  if (status === 204) return undefined;
  if (isEmpty(payload)) return schema.safeParse(null).success ? undefined : 'an empty body where the contract documents one';
  // A file streamed to the caller: its status is checked, its bytes are not read.
  if (isStream(payload)) return undefined;
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
  if (text === undefined) return `a body of an unexpected kind (${typeof payload})`;
  // A file (CSV, XLSX) sent whole: documented as a string.
  if (!JSON_TYPE.test(contentType)) return schema.safeParse(text).success ? undefined : `a ${contentType || 'untyped'} body where the contract documents JSON`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'a body that is not JSON';
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return firstIssue(parsed.error);
  const extra = extraKey(body, parsed.data);
  return extra ? `${extra}: not in the contract` : undefined;
}

/**
 * Test mode (NODE_ENV=test, or RESPONSE_CONTRACT_CHECK=true for the browser tests' server): every
 * answer of a contract route is checked against what its route documents (lib/route.ts
 * `documentedResponses`, the statuses and bodies of /openapi.json) — an undocumented status, a body
 * its status's schema refuses or a key it does not list, any 500. A mismatch is recorded (in this
 * process, and appended as a JSON line to `file` when given) and answered as a 500
 * RESPONSE_CONTRACT_MISMATCH envelope naming the route, the status and the first issue, so the
 * test that caused it fails. Hot paths' bodies (serialised without their schema) are checked here
 * too; answers of the fast paths ahead of Fastify are compared with their route's in their tests.
 */
export default fp<{ file?: string }>(
  async (app, opts) => {
    const causes = new WeakMap<FastifyRequest, Error>();
    app.addHook('onError', (request, _reply, error, done) => {
      causes.set(request, error);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      const responses = request.routeOptions.config.responses;
      if (!responses) return done(null, payload);
      const status = reply.statusCode;
      const issue = mismatchOf(responses, status, String(reply.getHeader('content-type') ?? ''), payload, causes.get(request));
      if (!issue) return done(null, payload);
      const mismatch: ResponseContractMismatch = {
        route: `${request.method} ${request.routeOptions.url}`,
        operationId: request.routeOptions.schema?.operationId as string | undefined,
        status,
        issue,
        requestId: String(request.id),
      };
      (store[LIST] ??= []).push(mismatch);
      if (opts.file) appendFileSync(opts.file, `${JSON.stringify(mismatch)}\n`);
      request.log.error({ mismatch }, 'response does not match its contract');
      reply.code(500).type('application/json; charset=utf-8').removeHeader('content-disposition');
      const envelope = errorEnvelope(request, 'RESPONSE_CONTRACT_MISMATCH', 'RESPONSE_CONTRACT_MISMATCH', { route: mismatch.route, status, issue });
      done(null, JSON.stringify(envelope));
    });
  },
  { name: 'response-contract', dependencies: ['errors'] },
);
