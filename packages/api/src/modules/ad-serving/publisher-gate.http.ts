import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../../lib/errors.ts';
import type { PublicLimits } from '../../lib/public-limits.ts';
import { langFrom, translate } from '../../i18n/messages.ts';
import { CORS_EXPOSED_HEADERS } from '../../plugins/security.ts';
import type { AnswerHeaders } from './answer-headers.ts';
import { originVerdict, type PublisherGate, type PublisherSettings } from './publisher-gate.ts';

/** What the public endpoints decide about a request before reading it. */
export type PublicVerdict =
  | { status: 200; settings: PublisherSettings | null; reflect: boolean }
  | { status: 429; retryAfter: number }
  | { status: 404 }
  | { status: 403 };

/** Request headers a page may send to the public endpoints (preflight). */
export const PUBLIC_ALLOWED_HEADERS = 'content-type, x-api-key, x-app-id';
const PREFLIGHT_MAX_AGE = '600';
const EXPOSED = CORS_EXPOSED_HEADERS.join(', ');

const JUDGED = Symbol('public verdict');
type Judged = IncomingMessage & { [JUDGED]?: PublicVerdict };

export interface PublicAccessDeps {
  gate: Pick<PublisherGate, 'peek' | 'find'>;
  limits: Pick<PublicLimits, 'ip' | 'publisher'>;
  /** The client address of a raw request, as Fastify's `request.ip` reads it. */
  clientAddress: (req: IncomingMessage) => string;
  /** The publisher of a beacon's signed token; undefined when it cannot be read. */
  beaconPublisher: (token: string | undefined) => number | undefined;
}

/** The publisher settings a public request was admitted with (null: no publisher known, as a beacon of an unreadable token). */
export function admittedSettings(req: IncomingMessage): PublisherSettings | null | undefined {
  const verdict = (req as Judged)[JUDGED];
  return verdict?.status === 200 ? verdict.settings : undefined;
}

/** A verdict's answer as an error the app's handler words (the fast paths hand these on, or answer the 429 themselves). */
export function verdictError(verdict: PublicVerdict): Error | undefined {
  if (verdict.status === 429) return new TooManyRequestsError('RATE_LIMITED', verdict.retryAfter);
  if (verdict.status === 404) return new NotFoundError('PUBLISHER_NOT_FOUND');
  if (verdict.status === 403) return new ForbiddenError('ORIGIN_NOT_ALLOWED');
  return undefined;
}

/**
 * A fast path's 429, with the body and headers the app's error handler gives it (the request's
 * body left unread: the ceiling costs no more than counting).
 */
export function answerLimited(req: IncomingMessage, res: ServerResponse, headers: AnswerHeaders, retryAfter: number) {
  const list = headers(req, [], false);
  const message = translate('RATE_LIMITED', langFrom(req.headers['accept-language']));
  // The request id is the answer headers' first value.
  const body = JSON.stringify({ error: { code: 'RATE_LIMITED', message }, requestId: list[1] });
  list.push('content-type', 'application/json; charset=utf-8', 'content-length', String(Buffer.byteLength(body)), 'retry-after', String(retryAfter));
  res.writeHead(429, list).end(body);
}

/**
 * The gate of the public endpoints (`/v1/rma/*`, `/v1/beacon/*`), one verdict per request, counted
 * once whether the fast path or the Fastify route answers: the client IP's ceiling, then (an ad
 * query) the publisher's existence (404), the publisher's ceiling, then the Origin against its
 * allowed origins (403; reflected when allowed). Beacons learn their publisher from the signed
 * token; one that cannot be read counts only against its IP and reflects no origin.
 */
export function createPublicAccess({ gate, limits, clientAddress, beaconPublisher }: PublicAccessDeps) {
  const judge = (req: IncomingMessage, settings: PublisherSettings | null, requirePublisher: boolean): PublicVerdict => {
    const ipWait = limits.ip(clientAddress(req));
    if (ipWait) return { status: 429, retryAfter: ipWait };
    if (!settings) return requirePublisher ? { status: 404 } : { status: 200, settings, reflect: false };
    const publisherWait = limits.publisher(settings.publisherId);
    if (publisherWait) return { status: 429, retryAfter: publisherWait };
    const origin = originVerdict(settings, req.headers.origin);
    if (origin === 'refuse') return { status: 403 };
    return { status: 200, settings, reflect: origin === 'reflect' };
  };

  /** Keeps the verdict with the request: the Fastify route uses it rather than counting again. */
  const kept = (req: IncomingMessage, verdict: PublicVerdict) => ((req as Judged)[JUDGED] = verdict);

  /** The Fastify side: CORS headers always, then the verdict (the fast path's, or its own) as an error or the settings. */
  async function admit(request: FastifyRequest, reply: FastifyReply, settingsOf: () => Promise<PublisherSettings | null>, requirePublisher: boolean) {
    reply.header('vary', 'Origin').header('access-control-expose-headers', EXPOSED);
    const verdict = (request.raw as Judged)[JUDGED] ?? kept(request.raw, judge(request.raw, await settingsOf(), requirePublisher));
    const error = verdictError(verdict);
    if (error) throw error;
    if (verdict.status === 200 && verdict.reflect) reply.header('access-control-allow-origin', request.headers.origin);
  }

  const decisionHook: onRequestHookHandler = async (request, reply) => {
    const id = Number((request.params as { publisherId?: string }).publisherId);
    // An id the contract refuses: counted against the IP, then worded by validation.
    const valid = Number.isSafeInteger(id) && id > 0;
    await admit(request, reply, async () => (valid ? gate.find(id) : null), valid);
  };

  const beaconHook: onRequestHookHandler = async (request, reply) => {
    const t = (request.query as { t?: unknown }).t;
    const publisherId = beaconPublisher(typeof t === 'string' ? t : undefined);
    await admit(request, reply, async () => (publisherId === undefined ? null : gate.find(publisherId)), false);
  };

  return {
    /**
     * The fast path's verdict on an ad query, counted, when the gate answers at once; undefined
     * (nothing counted) when the publisher takes a read: the request goes on to the Fastify route.
     */
    decision(req: IncomingMessage, publisherId: number): PublicVerdict | undefined {
      const settings = gate.peek(publisherId);
      if (settings === undefined) return undefined;
      return kept(req, judge(req, settings, true));
    },
    /** The fast path's verdict on a beacon of a good token, counted; undefined when its publisher takes a read. */
    beacon(req: IncomingMessage, publisherId: number): PublicVerdict | undefined {
      const settings = gate.peek(publisherId);
      if (settings === undefined) return undefined;
      return kept(req, judge(req, settings, false));
    },
    /**
     * For a public route that learns its publisher from the body (conversions; its IP was counted
     * on arrival): 404 PUBLISHER_NOT_FOUND, the publisher's ceiling (429), its allowed origins
     * (403 ORIGIN_NOT_ALLOWED), and access-control-allow-origin when the page may read the answer.
     */
    async admitPublisher(request: FastifyRequest, reply: FastifyReply, publisherId: number): Promise<PublisherSettings> {
      const settings = await gate.find(publisherId);
      if (!settings) throw new NotFoundError('PUBLISHER_NOT_FOUND');
      const wait = limits.publisher(publisherId);
      if (wait) throw new TooManyRequestsError('RATE_LIMITED', wait);
      const origin = originVerdict(settings, request.headers.origin);
      if (origin === 'refuse') throw new ForbiddenError('ORIGIN_NOT_ALLOWED');
      if (origin === 'reflect') reply.header('access-control-allow-origin', request.headers.origin);
      return settings;
    },
    /** Adds the gate to the public routes as they are registered (call before registering them). */
    register(app: FastifyInstance) {
      app.addHook('onRoute', (route: RouteOptions) => {
        if (route.method === 'OPTIONS') return;
        const hook = route.url.startsWith('/v1/rma/') ? decisionHook : route.url.startsWith('/v1/beacon/') ? beaconHook : undefined;
        if (!hook) return;
        const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
        // A GET's HEAD route may come with the GET's hooks already: counted once all the same.
        if (!own.includes(hook)) route.onRequest = [hook, ...own];
      });
    },
  };
}
export type PublicAccess = ReturnType<typeof createPublicAccess>;

/**
 * Preflight (OPTIONS) of the public endpoints: the allowed request headers for an origin the
 * publisher allows (ad queries: the path's publisher; beacons: the token's; conversions, whose
 * publisher is in the body: any publisher that allows it), nothing for any other.
 */
export function registerPublicPreflight(
  app: FastifyInstance,
  { gate, beaconPublisher }: { gate: Pick<PublisherGate, 'find' | 'allowsAnywhere'>; beaconPublisher: PublicAccessDeps['beaconPublisher'] },
) {
  const answer = (reply: FastifyReply, origin: string | undefined, allowed: boolean, methods: string) => {
    reply.header('vary', 'Origin').header('content-length', '0').code(204);
    if (allowed && origin) {
      reply
        .header('access-control-allow-origin', origin)
        .header('access-control-allow-methods', methods)
        .header('access-control-allow-headers', PUBLIC_ALLOWED_HEADERS)
        .header('access-control-max-age', PREFLIGHT_MAX_AGE)
        .header('access-control-expose-headers', EXPOSED);
    }
    return reply.send();
  };
  const publisherAllows = async (publisherId: number | undefined, origin: string | undefined) =>
    publisherId !== undefined && originVerdict(await gate.find(publisherId), origin) === 'reflect';
  // Answered here, not by @fastify/cors's `OPTIONS *` (the back-office's origins; plugins/security.ts turns it off on these paths).
  const options = { schema: { hide: true } };

  app.options<{ Params: { publisherId: string } }>('/v1/rma/:publisherId', options, async (request, reply) => {
    const id = Number(request.params.publisherId);
    const allowed = Number.isSafeInteger(id) && id > 0 && (await publisherAllows(id, request.headers.origin));
    return answer(reply, request.headers.origin, allowed, 'POST, OPTIONS');
  });
  for (const type of ['impression', 'view', 'click'] as const) {
    app.options<{ Querystring: { t?: unknown } }>(`/v1/beacon/${type}`, options, async (request, reply) => {
      const t = request.query.t;
      const allowed = await publisherAllows(beaconPublisher(typeof t === 'string' ? t : undefined), request.headers.origin);
      return answer(reply, request.headers.origin, allowed, type === 'click' ? 'GET, POST, OPTIONS' : 'POST, OPTIONS');
    });
  }
  app.options('/v1/beacon/conversion', options, async (request, reply) => {
    const origin = request.headers.origin;
    return answer(reply, origin, origin !== undefined && gate.allowsAnywhere(origin), 'POST, OPTIONS');
  });
}
