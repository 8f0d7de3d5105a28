import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerWithBody, type FastPath } from '../../lib/fast-path.ts';
import type { AnswerHeaders } from './answer-headers.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import type { DecisionService } from './decision.service.ts';
import { plainRmaRequest } from './rma-request.ts';
import { mayHoldRefusedText } from '../../plugins/input-text.ts';
import { answerLimited, type PublicAccess } from './publisher-gate.http.ts';

export interface DecisionFastPathDeps {
  decisions: Pick<DecisionService, 'decide'>;
  apiKeys: Pick<ApiKeysService, 'authenticate'>;
  /** The headers the app's hooks give an ad-serving answer. */
  headers: AnswerHeaders;
  /** The public gate: ceilings, publisher, origin (counted here once; the route keeps the verdict). */
  access: Pick<PublicAccess, 'decision'>;
  /** The app's JSON body parser (Fastify's own, with its prototype-poisoning checks): throws what it rejects. */
  parseJson: (text: string) => unknown;
  /** The app's body limit, in bytes. */
  bodyLimit: number;
}

const PATH = /^\/v1\/rma\/([1-9][0-9]{0,14})$/;
/** The JSON content types Fastify's parser takes that are plainly so; any other goes to the app, which decides. */
const JSON_TYPE = /^application\/json(?:\s*;\s*charset=utf-8)?$/i;
const CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * The decision API's fast path, ahead of Fastify: the plainly valid `POST /v1/rma/{publisherId}` —
 * anonymous, or with its publisher's API key; a JSON body Fastify's parser reads and the contract's
 * plain reader takes — is decided and answered right here, with the status, body and headers the
 * Fastify route gives it (decision-fast-path.test.ts compares them). The public gate judges it
 * first, from its line and headers: over a ceiling, it is answered 429 at once (cheap, body
 * unread). Anything else goes on to the Fastify route, which handles it from the start and words
 * its answer (with the gate's verdict, not counted twice): a publisher the gate must read or does
 * not serve (404), a refused origin (403), a missing required key, the tester's bearer session, a
 * query string, another content type, a body too large, chunked or not JSON, a NUL or lone
 * surrogate in a text (escaped in the JSON), a field zod has to word, an unknown, revoked or other
 * publisher's key, a decision that failed. A body already read goes along with it (`answerWithBody`).
 *
 * Decisions come at the rate of page views; on that path Fastify's router, hooks, body parser and
 * reply cost as much as the auction itself. Like the Fastify route's hot-path options, nothing
 * here is logged per request; what is handed on is logged as any request.
 */
export function createDecisionFastPath({ decisions, apiKeys, headers, access, parseJson, bodyLimit }: DecisionFastPathDeps): FastPath {
  /** The publisher of a request that may be plainly valid, judged by its line and headers; else undefined. */
  const plainTarget = (req: IncomingMessage) => {
    if (req.method !== 'POST') return undefined;
    const path = PATH.exec(req.url ?? '');
    if (!path) return undefined;
    const { 'x-api-key': key, 'content-type': type, 'content-length': length } = req.headers;
    const keyed = typeof key === 'string' && key !== '';
    // The tester: a signed-in member's session, without a key.
    if (!keyed && req.headers.authorization !== undefined) return undefined;
    if (!type || !JSON_TYPE.test(type)) return undefined;
    if (req.headers['transfer-encoding'] !== undefined || req.headers['content-encoding'] !== undefined) return undefined;
    const size = length === undefined || !/^[1-9][0-9]{0,9}$/.test(length) ? NaN : Number(length);
    if (!(size <= bodyLimit)) return undefined;
    return { publisherId: Number(path[1]), key: keyed ? key : undefined, size };
  };

  const answer = async (req: IncomingMessage, res: ServerResponse, publisherId: number, key: string | undefined, reflect: boolean, text: string) => {
    // A NUL or lone surrogate in a text: the app's input check refuses it, naming the field.
    if (mayHoldRefusedText(text)) return false;
    let body: unknown;
    try {
      body = parseJson(text);
    } catch {
      return false;
    }
    const request = plainRmaRequest(body);
    if (!request) return false;
    if (key !== undefined && (await apiKeys.authenticate(key).catch(() => undefined)) !== publisherId) return false;
    const json = await decisions.decide(publisherId, request);
    res.writeHead(200, headers(req, ['content-type', CONTENT_TYPE, 'content-length', String(Buffer.byteLength(json))], reflect)).end(json);
    return true;
  };

  return (req, res, next) => {
    const target = plainTarget(req);
    if (!target) return next(req, res);
    const verdict = access.decision(req, target.publisherId);
    if (verdict?.status === 429) return answerLimited(req, res, headers, verdict.retryAfter);
    if (verdict?.status !== 200 || (target.key === undefined && verdict.settings?.requireApiKey)) return next(req, res);
    const { reflect } = verdict;
    answerWithBody(req, res, next, target.size, (text) => answer(req, res, target.publisherId, target.key, reflect, text));
  };
}
