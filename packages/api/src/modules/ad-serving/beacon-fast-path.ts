import type { IncomingMessage } from 'node:http';
import type { FastPath } from '../../lib/fast-path.ts';
import type { AnswerHeaders } from './answer-headers.ts';
import { EVENT_TYPES, type EventType } from './event-signing.ts';
import { BEACON_BODY_MAX, viewerOf, withViewer, type BeaconsService } from './beacons.service.ts';
import { handOnWithBody } from '../../lib/fast-path.ts';
import { mayHoldRefusedText } from '../../plugins/input-text.ts';
import { answerLimited, type PublicAccess } from './publisher-gate.http.ts';

export interface BeaconFastPathDeps {
  beacons: BeaconsService;
  /** The headers the app's hooks give an ad-serving answer. */
  headers: AnswerHeaders;
  /** The public gate: ceilings and origin of the token's publisher (counted here once; the route keeps the verdict). */
  access: Pick<PublicAccess, 'beacon'>;
  /** The app's JSON body parser (Fastify's own, with its prototype-poisoning checks): throws what it rejects. */
  parseJson: (text: string) => unknown;
}

/** Bodies a beacon may carry, read here: the VTEX Ads API's `{session_id, user_id}` as JSON, or as the text/plain of sendBeacon. */
const JSON_TYPE = /^application\/json(?:\s*;\s*charset=utf-8)?$/i;
const TEXT_TYPE = /^text\/plain(?:\s*;\s*charset=utf-8)?$/i;

const TYPES = new Map<string, EventType>(EVENT_TYPES.map((type) => [`/v1/beacon/${type}`, type]));
const ACCEPTED = '{"accepted":true}';

/**
 * The event beacons' fast path, ahead of Fastify: the plainly valid beacon — POST (or GET of a click),
 * one `t` parameter, no body or a small `{session_id, user_id}` (JSON or text/plain), a good token, stored — is answered right here, with the status, body
 * and headers the Fastify route gives it (beacon-fast-path.test.ts compares them); over a ceiling
 * of the public gate, 429 at once. Anything else — a bad or expired token, another parameter, a
 * body, a publisher the gate must read, a refused origin, a store that failed — goes on to the
 * Fastify route, which handles it (again from the start) and words its answer. Beacons come at the
 * rate of page views: the router, hooks and reply objects cost more than the beacon itself.
 */
export function createBeaconFastPath({ beacons, headers, access, parseJson }: BeaconFastPathDeps): FastPath {
  const accepted = ['content-type', 'application/json; charset=utf-8', 'content-length', String(ACCEPTED.length)];
  const redirect = ['content-length', '0'];

  /** The event of a plainly valid beacon, else undefined. */
  const plainBeacon = (req: IncomingMessage) => {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const type = TYPES.get(q < 0 ? url : url.slice(0, q));
    if (!type || !(req.method === 'POST' || (req.method === 'GET' && type === 'click'))) return undefined;
    // No body, or a small one of a type read here (content-length known, not chunked or encoded).
    const { 'content-length': length, 'content-type': contentType } = req.headers;
    if (req.headers['transfer-encoding'] !== undefined || req.headers['content-encoding'] !== undefined) return undefined;
    const size = length === undefined || length === '0' ? 0 : /^[1-9][0-9]{0,4}$/.test(length) ? Number(length) : NaN;
    if (!(size <= BEACON_BODY_MAX)) return undefined;
    const kind: 'none' | 'json' | 'text' | undefined = size === 0 ? 'none' : contentType && JSON_TYPE.test(contentType) ? 'json' : contentType && TEXT_TYPE.test(contentType) ? 'text' : undefined;
    if (!kind || (kind !== 'none' && req.method !== 'POST')) return undefined;
    // Exactly `t=<token>`: no other parameter, nothing the query parser would read differently.
    if (q < 0 || url.charCodeAt(q + 1) !== 116 /* t */ || url.charCodeAt(q + 2) !== 61 /* = */) return undefined;
    const raw = url.slice(q + 3);
    if (raw.includes('&') || raw.includes('+') || raw.includes('#')) return undefined;
    try {
      return { ...beacons.check(type, raw.includes('%') ? decodeURIComponent(raw) : raw), size, kind };
    } catch {
      return undefined;
    }
  };

  /** The viewer of a body read in full, as the route reads it; undefined when the route must word the answer. */
  const viewerOfBody = (kind: 'json' | 'text', text: string) => {
    // A NUL or lone surrogate: the app's input check refuses it, naming the field.
    if (mayHoldRefusedText(text)) return undefined;
    if (kind === 'text') return viewerOf(text);
    try {
      return viewerOf(parseJson(text));
    } catch {
      return undefined;
    }
  };

  return (req, res, next) => {
    const checked = plainBeacon(req);
    if (!checked) return next(req, res);
    const { event, outcome, size, kind } = checked;
    const verdict = access.beacon(req, event.ad.p);
    if (verdict?.status === 429) return answerLimited(req, res, headers, verdict.retryAfter);
    if (verdict?.status !== 200) return next(req, res);
    const { reflect } = verdict;
    const answer = (stored: typeof event, handOn: () => void) =>
      beacons.store(stored).then(
        () => {
          if (outcome.to && req.method === 'GET') res.writeHead(302, [...headers(req, redirect, reflect), 'location', outcome.to]).end();
          else res.writeHead(202, headers(req, accepted, reflect)).end(ACCEPTED);
        },
        // Not stored: the Fastify route tries again and answers either way.
        handOn,
      );
    if (kind === 'none') return void answer(event, () => next(req, res));

    const chunks: Buffer[] = [];
    const read = (chunk: Buffer) => chunks.push(chunk);
    const done = () => {
      req.off('data', read).off('end', done).off('error', done);
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const handOn = () => handOnWithBody(req, res, next, body);
      // Less than it said (the connection failed): Fastify's parser words the answer, if anyone hears it.
      if (body.length !== size || !req.complete) return handOn();
      const viewer = viewerOfBody(kind, body.toString('utf8'));
      if (!viewer) return handOn();
      void answer(withViewer(event, viewer), handOn);
    };
    req.on('data', read).on('end', done).on('error', done);
  };
}
