import type { IncomingMessage } from 'node:http';
import type { FastPath } from '../../lib/fast-path.ts';
import type { AnswerHeaders } from './answer-headers.ts';
import { EVENT_TYPES, type EventType } from './event-signing.ts';
import type { BeaconsService } from './beacons.service.ts';
import { answerLimited, type PublicAccess } from './publisher-gate.http.ts';

export interface BeaconFastPathDeps {
  beacons: BeaconsService;
  /** The headers the app's hooks give an ad-serving answer. */
  headers: AnswerHeaders;
  /** The public gate: ceilings and origin of the token's publisher (counted here once; the route keeps the verdict). */
  access: Pick<PublicAccess, 'beacon'>;
}

const TYPES = new Map<string, EventType>(EVENT_TYPES.map((type) => [`/v1/beacon/${type}`, type]));
const ACCEPTED = '{"accepted":true}';

/**
 * The event beacons' fast path, ahead of Fastify: the plainly valid beacon — POST (or GET of a click),
 * one `t` parameter, no body, a good token, stored — is answered right here, with the status, body
 * and headers the Fastify route gives it (beacon-fast-path.test.ts compares them); over a ceiling
 * of the public gate, 429 at once. Anything else — a bad or expired token, another parameter, a
 * body, a publisher the gate must read, a refused origin, a store that failed — goes on to the
 * Fastify route, which handles it (again from the start) and words its answer. Beacons come at the
 * rate of page views: the router, hooks and reply objects cost more than the beacon itself.
 */
export function createBeaconFastPath({ beacons, headers, access }: BeaconFastPathDeps): FastPath {
  const accepted = ['content-type', 'application/json; charset=utf-8', 'content-length', String(ACCEPTED.length)];
  const redirect = ['content-length', '0'];

  /** The event of a plainly valid beacon, else undefined. */
  const plainBeacon = (req: IncomingMessage) => {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const type = TYPES.get(q < 0 ? url : url.slice(0, q));
    if (!type || !(req.method === 'POST' || (req.method === 'GET' && type === 'click'))) return undefined;
    const length = req.headers['content-length'];
    if (req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')) return undefined;
    // Exactly `t=<token>`: no other parameter, nothing the query parser would read differently.
    if (q < 0 || url.charCodeAt(q + 1) !== 116 /* t */ || url.charCodeAt(q + 2) !== 61 /* = */) return undefined;
    const raw = url.slice(q + 3);
    if (raw.includes('&') || raw.includes('+') || raw.includes('#')) return undefined;
    try {
      return beacons.check(type, raw.includes('%') ? decodeURIComponent(raw) : raw);
    } catch {
      return undefined;
    }
  };

  return (req, res, next) => {
    const checked = plainBeacon(req);
    if (!checked) return next(req, res);
    const { event, outcome } = checked;
    const verdict = access.beacon(req, event.ad.p);
    if (verdict?.status === 429) return answerLimited(req, res, headers, verdict.retryAfter);
    if (verdict?.status !== 200) return next(req, res);
    const { reflect } = verdict;
    beacons.store(event).then(
      () => {
        if (outcome.to && req.method === 'GET') res.writeHead(302, [...headers(req, redirect, reflect), 'location', outcome.to]).end();
        else res.writeHead(202, headers(req, accepted, reflect)).end(ACCEPTED);
      },
      // Not stored: the Fastify route tries again and answers either way.
      () => next(req, res),
    );
  };
}
