import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerWithBody, type FastPath } from '../../lib/fast-path.ts';
import { requestIdOf } from '../../lib/request-id.ts';
import { mayHoldRefusedText } from '../../plugins/input-text.ts';
import type { WhatsAppService } from './whatsapp.service.ts';
import { SIGNATURE_HEADER, signatureValid, type MetaPayload } from './whatsapp-webhook.ts';

export interface WebhookFastPathDeps {
  whatsapp: Pick<WhatsAppService, 'webhook'>;
  /** The security headers the app's hooks give its answers (plugins/security.ts). */
  securityHeaders: Readonly<Record<string, string>>;
  /** The response headers the app's CORS lets a page read (it names them on every answer). */
  exposedHeaders: readonly string[];
  /** The app's JSON body parser (Fastify's own, with its prototype-poisoning checks): throws what it rejects. */
  parseJson: (text: string) => unknown;
  /** The app's body limit, in bytes. */
  bodyLimit: number;
  appSecret: string;
}

const PATH = '/webhooks/whatsapp';
/** The JSON content types Fastify's parser takes that are plainly so; any other goes to the app, which decides. */
const JSON_TYPE = /^application\/json(?:\s*;\s*charset=utf-8)?$/i;
const CONTENT_TYPE = 'application/json; charset=utf-8';

/** What the route's body schema (a loose object with an optional `object` text and `entry` list) takes as it is. */
const plainPayload = (body: unknown): body is MetaPayload => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { object, entry } = body as { object?: unknown; entry?: unknown };
  return (object === undefined || typeof object === 'string') && (entry === undefined || Array.isArray(entry));
};

/**
 * The WhatsApp webhook's fast path, ahead of Fastify: Meta's plainly valid notification — `POST
 * /webhooks/whatsapp` with no query string and no Origin, a JSON body within the limit that the
 * route's schema takes as it is, signed with the app secret — is stored and answered right here,
 * with the status, body and headers the Fastify route gives it (webhook-fast-path.test.ts compares
 * them). Anything else goes on to the route, which words its answer: a missing or bad signature (401,
 * 403), another content type, a body too large, chunked or not JSON, a NUL or lone surrogate in a
 * text, a store that failed (the route tries again: the messages stored are not stored twice).
 *
 * Meta calls it for every message and status of every account (a campaign to 100,000 customers is
 * some 300,000 calls); there Fastify's router, hooks, body parser and reply cost more than storing
 * the message. Like the decision API's fast path, nothing here is logged per request.
 */
export function createWebhookFastPath({ whatsapp, securityHeaders, exposedHeaders, parseJson, bodyLimit, appSecret }: WebhookFastPathDeps): FastPath {
  // As the app's hooks give them to a request without an Origin: security headers, then CORS's.
  const common = [...Object.entries(securityHeaders).flat(), 'vary', 'Origin', 'access-control-expose-headers', exposedHeaders.join(', ')];
  /** The signature and size of a request that may be plainly valid, judged by its line and headers; else undefined. */
  const plainTarget = (req: IncomingMessage) => {
    if (req.method !== 'POST' || req.url !== PATH) return undefined;
    const { 'content-type': type, 'content-length': length, [SIGNATURE_HEADER]: signature, origin } = req.headers;
    if (typeof signature !== 'string' || origin !== undefined) return undefined;
    if (!type || !JSON_TYPE.test(type)) return undefined;
    if (req.headers['transfer-encoding'] !== undefined || req.headers['content-encoding'] !== undefined) return undefined;
    const size = length === undefined || !/^[1-9][0-9]{0,9}$/.test(length) ? NaN : Number(length);
    if (!(size <= bodyLimit)) return undefined;
    return { signature, size };
  };

  const answer = async (req: IncomingMessage, res: ServerResponse, signature: string, text: string) => {
    if (!signatureValid(signature, text, appSecret) || mayHoldRefusedText(text)) return false;
    let body: unknown;
    try {
      body = parseJson(text);
    } catch {
      return false;
    }
    if (!plainPayload(body)) return false;
    const json = JSON.stringify(await whatsapp.webhook(signature, text, body));
    res.writeHead(200, ['x-request-id', requestIdOf(req), ...common, 'content-type', CONTENT_TYPE, 'content-length', String(Buffer.byteLength(json))]).end(json);
    return true;
  };

  return (req, res, next) => {
    const target = plainTarget(req);
    if (!target) return next(req, res);
    answerWithBody(req, res, next, target.size, (text) => answer(req, res, target.signature, text));
  };
}
