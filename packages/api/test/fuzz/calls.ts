import type { RouteContract } from '@backoffice/contracts';
import type { z } from 'zod';
import { refusedCharacter } from '../../src/plugins/input-text.ts';
import type { FixtureCall } from '../contract-fixtures.ts';
import type { Lang } from './envelope.ts';
import { jsonText, RawText, type Part, type Path } from './mutations.ts';

/** One request of the fuzzing, before it is sent. */
export interface Call {
  params?: Record<string, unknown>;
  /** Values are text, lists of text (a repeated key) or RawText (sent as written). */
  query?: Record<string, unknown>;
  body?: unknown;
  /** Sent instead of `body`, as written (malformed JSON). */
  rawBody?: string;
  /** The content type of the body; null: none. Default: JSON when there is a body. */
  contentType?: string | null;
  headers?: Record<string, string>;
  multipart?: FixtureCall['multipart'];
  lang: Lang;
  /** What this case is, for the report ("valid", "body.name: NUL", "malformed: truncated"). */
  label: string;
  /** When the case's own rule (malformed JSON) says what the answer must be. */
  expect?: Expectation;
  /** A key the call adds to an object that strips unknown keys (`z.object`): ignored, not refused. */
  ignoredKey?: string;
  /** The path params of the operation's fixture (an object that exists), which every call of it starts from. */
  fixtureParams?: Record<string, unknown>;
}

/**
 * What the contract says the answer must be: `refused` its validation status (400, or the
 * contract's `validationStatus`) naming these fields (or, with `anyCode`, any 4xx of the envelope:
 * a body the parser refuses); `ignored` not a refusal of the input, a key the schema strips
 * (`success`: a 2xx, on the public API whose valid calls always succeed); `open` whatever the route
 * decides (2xx, or a 4xx of the envelope).
 */
export type Expectation =
  | { kind: 'refused'; fields: string[]; why: string; status?: number[]; anyCode?: boolean }
  | { kind: 'ignored'; field: string; why: string; success: boolean }
  | { kind: 'open' };

/** The status of a validation error on this route: 400 unless its contract says 422 (the public ad API). */
export const validationStatusOf = (contract: RouteContract): number => contract.validationStatus ?? 400;

/** A value as it travels in a path or query string: percent-encoded, a lone surrogate as its (invalid) UTF-8 bytes. */
export function encodeText(value: unknown): string {
  if (value instanceof RawText) return value.text;
  const text = String(value);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const isLow = code >= 0xdc00 && code <= 0xdfff;
    if (isHigh && i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (isHigh || isLow) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(text[i]!);
  }
  return out;
}

export function urlOf(contract: RouteContract, call: Call): string {
  const path = contract.path.replace(/:(\w+)/g, (_, name: string) => encodeText(call.params?.[name] ?? ''));
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(call.query ?? {})) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) pairs.push(`${encodeText(key)}=${encodeText(v)}`);
  }
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

export const bodyTextOf = (call: Call): string | undefined =>
  call.rawBody ?? (call.body === undefined ? undefined : jsonText(call.body));

/** The zod issues' fields as the API names them: dotted paths, each unknown key on its own, the part for the root. */
function issueFields(error: z.ZodError, context: string): string[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') return issue.keys.map((k) => (path ? `${path}.${k}` : k));
    return [path || context];
  });
}

/** The first NUL or lone surrogate in a value (keys included), as input-text finds it. */
function refusedPath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return refusedCharacter(value) ? path : undefined;
  if (!value || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = refusedPath(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (refusedCharacter(key)) return [...path, key];
    const found = refusedPath((value as Record<string, unknown>)[key], [...path, key]);
    if (found) return found;
  }
  return undefined;
}

const isValidEscaping = (text: string) => {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * A query string or path as the server reads it. A value whose percent escapes are not UTF-8 (a
 * malformed escape, a lone surrogate's bytes): the query parser keeps it as written, and the
 * router refuses the URL (`badUrl`).
 */
function textView(part: Record<string, unknown> | undefined): { view: Record<string, unknown>; badUrl: boolean } {
  const view: Record<string, unknown> = {};
  let badUrl = false;
  const read = (v: unknown) => {
    const encoded = encodeText(v);
    if (isValidEscaping(encoded)) return decodeURIComponent(encoded);
    badUrl = true;
    return encoded;
  };
  for (const [k, v] of Object.entries(part ?? {})) {
    if (v !== undefined) view[k] = Array.isArray(v) ? v.map(read) : read(v);
  }
  return { view, badUrl };
}

const MAX_PARAM_LENGTH = 100;

/**
 * The publisher gate of the public ad query (modules/ad-serving/publisher-gate.http.ts) answers a
 * well-formed publisher id that names no publisher with 404 as the request arrives, before its
 * body is read: a call on another publisher than its fixture's may get that instead of a refusal.
 */
function publisherGate(contract: RouteContract, call: Call, expectation: Expectation): Expectation {
  if (expectation.kind !== 'refused' || !contract.path.startsWith('/v1/rma/:publisherId')) return expectation;
  // As the gate reads the id: any text Number() makes a positive integer of.
  const id = Number(call.params?.publisherId ?? '');
  if (!Number.isSafeInteger(id) || id <= 0 || id === Number(call.fixtureParams?.publisherId)) return expectation;
  return { ...expectation, status: [...(expectation.status ?? [400]), 404], why: `${expectation.why}, or the gate's 404 for a publisher that may not exist` };
}

/** What the answer to `call` must be, from the contract's own schemas (the order Fastify reads the parts in). */
export function expectationOf(contract: RouteContract, call: Call): Expectation {
  return publisherGate(contract, call, contractExpectation(contract, call));
}

function contractExpectation(contract: RouteContract, call: Call): Expectation {
  if (call.expect) return call.expect;
  const params = textView(call.params);
  const query = textView(call.query);
  const text = bodyTextOf(call);
  const documentOnlyBody = contract.bodyContentType === 'multipart/form-data';
  let body: unknown;
  if (text !== undefined && !documentOnlyBody) {
    body = JSON.parse(text);
    // The JSON parser refuses prototype poisoning before anything reads the body.
    if (/"__proto__"\s*:/.test(text) || /"constructor"\s*:\s*\{\s*"prototype"/.test(text)) {
      return { kind: 'refused', fields: [], why: 'prototype poisoning in the JSON', anyCode: true };
    }
  }
  if (params.badUrl) return { kind: 'refused', fields: [], why: 'a path that is not UTF-8 once decoded', anyCode: true };
  // The router refuses a path segment over its maxParamLength (100 characters, decoded) before the
  // schema reads it, or leaves the param out and the schema refuses it as missing.
  if (Object.values(params.view).some((v) => String(v).length > MAX_PARAM_LENGTH)) {
    return { kind: 'refused', fields: [], why: 'a path segment over the router’s length limit', status: [...new Set([400, 414, validationStatusOf(contract)])], anyCode: true };
  }
  // input-text (preValidation): the first NUL or lone surrogate, params then query then body.
  const parts: Array<[string, unknown]> = [
    ['params', params.view],
    ['querystring', query.view],
    ['body', documentOnlyBody ? undefined : body],
  ];
  for (const [context, value] of parts) {
    const found = refusedPath(value);
    if (found) return { kind: 'refused', fields: [found.join('.') || context], why: 'NUL or lone surrogate', status: [validationStatusOf(contract)] };
  }
  // Fastify validates params, then the body, then the query string; the first refusal answers.
  const validated: Array<[string, z.ZodType | undefined, unknown]> = [
    ['params', contract.params, params.view],
    ['body', documentOnlyBody ? undefined : contract.body, body],
    ['querystring', contract.querystring, query.view],
  ];
  for (const [context, schema, value] of validated) {
    if (!schema) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      return { kind: 'refused', fields: issueFields(parsed.error, context), why: `the contract's ${context} schema refuses it`, status: [validationStatusOf(contract)] };
    }
  }
  if (contract.headers && call.headers) {
    const parsed = contract.headers.safeParse(call.headers);
    if (!parsed.success) {
      return { kind: 'refused', fields: issueFields(parsed.error, 'headers'), why: "the contract's headers schema refuses it", status: [validationStatusOf(contract)] };
    }
  }
  if (call.ignoredKey) {
    const why = 'a key its object does not know, which the schema strips';
    return { kind: 'ignored', field: call.ignoredKey, why, success: contract.validationStatus !== undefined };
  }
  return { kind: 'open' };
}

/** The body as the route reads it (after the schema's defaults and transforms), for the read-back. */
export function parsedBody(contract: RouteContract, call: Call): unknown {
  if (!contract.body || call.body === undefined) return undefined;
  const parsed = contract.body.safeParse(JSON.parse(jsonText(call.body)));
  return parsed.success ? parsed.data : undefined;
}

/** A short description of a call, for failure reports (long values cut). */
export function describe(contract: RouteContract, call: Call): string {
  const cut = (s: string, n = 600) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const lines = [`${contract.method} ${cut(urlOf(contract, call), 300)}  [${call.label}, Accept-Language: ${call.lang}]`];
  const text = bodyTextOf(call);
  if (text !== undefined) lines.push(`body (${call.contentType === undefined ? 'application/json' : (call.contentType ?? 'no content type')}): ${cut(JSON.stringify(text).slice(1, -1))}`);
  if (call.multipart) lines.push(`multipart: ${call.multipart.files.map((f) => f.filename).join(', ')}`);
  if (call.headers) lines.push(`headers: ${cut(JSON.stringify(call.headers), 200)}`);
  return lines.join('\n    ');
}

export const partOf = (contract: RouteContract, part: Part): z.ZodType | undefined =>
  ({ params: contract.params, querystring: contract.querystring, body: contract.body, headers: contract.headers })[part];

export const fieldName = (part: Part, path: Path) => `${part}.${path.join('.')}`;
