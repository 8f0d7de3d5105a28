import type { IncomingMessage, ServerResponse } from 'node:http';
import { EVENT_TYPES, type EventType } from './event-signing.ts';
import type { BeaconsService } from './beacons.service.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
/** Answers a request, or hands it to `next` (the app's handler) untouched. */
export type FastPath = (req: IncomingMessage, res: ServerResponse, next: Handler) => void;

export interface BeaconFastPathDeps {
  beacons: BeaconsService;
  /** The app's request id of a request (an acceptable incoming x-request-id, else a new one). */
  requestId: (req: IncomingMessage) => string;
  /** The CORS origins the app allows (true: any), as @fastify/cors is configured. */
  corsOrigins: string[] | true;
  /** The CORS plugin's exposed headers, as configured. */
  exposedHeaders: string[];
  /** The security headers of the ad-serving answers (plugins/security.ts). */
  securityHeaders: Record<string, string>;
  /** True once the app is closing (it then answers 503, the whole way). */
  closing: () => boolean;
}

const TYPES = new Map<string, EventType>(EVENT_TYPES.map((type) => [`/v1/beacon/${type}`, type]));
const ACCEPTED = '{"accepted":true}';

/**
 * The event beacons' fast path, ahead of Fastify: the plainly valid beacon — POST (or GET of a click),
 * one `t` parameter, no body, a good token, stored — is answered right here, with the status, body
 * and headers the Fastify route gives it (beacon-fast-path.test.ts compares them). Anything else — a bad or
 * expired token, another parameter, a body, a store that failed, the app closing — goes on to the
 * Fastify route, which handles it (again from the start) and words its answer. Beacons come at the
 * rate of page views: the router, hooks and reply objects cost more than the beacon itself.
 */
export function createBeaconFastPath({ beacons, requestId, corsOrigins, exposedHeaders, securityHeaders, closing }: BeaconFastPathDeps): FastPath {
  // The answers' headers as flat [name, value, …] lists, built once; the request id (and an allowed origin) join per request.
  const common = [
    ...Object.entries(securityHeaders).flat(),
    // @fastify/cors with a non-string origin option: Vary always, the origin reflected when allowed.
    'vary',
    'Origin',
    'access-control-expose-headers',
    exposedHeaders.join(', '),
  ];
  const accepted = [...common, 'content-type', 'application/json; charset=utf-8', 'content-length', String(ACCEPTED.length)];
  const redirect = [...common, 'content-length', '0'];
  const allowed = (origin: string | undefined): origin is string => origin !== undefined && (corsOrigins === true || corsOrigins.includes(origin));
  const headersOf = (req: IncomingMessage, base: string[], location?: string) => {
    const headers = ['x-request-id', requestId(req), ...base];
    const origin = req.headers.origin;
    if (allowed(origin)) headers.push('access-control-allow-origin', origin);
    if (location !== undefined) headers.push('location', location);
    return headers;
  };

  /** The event of a plainly valid beacon, else undefined. */
  const plainBeacon = (req: IncomingMessage) => {
    const url = req.url ?? '';
    if (!url.startsWith('/v1/beacon/') || closing()) return undefined;
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
    beacons.store(event).then(
      () => {
        if (outcome.to && req.method === 'GET') res.writeHead(302, headersOf(req, redirect, outcome.to)).end();
        else res.writeHead(202, headersOf(req, accepted)).end(ACCEPTED);
      },
      // Not stored: the Fastify route tries again and answers either way.
      () => next(req, res),
    );
  };
}
