import { BEACON_TOKEN_TTL_HOURS } from '@backoffice/contracts';
import { AppError } from '../../lib/errors.ts';
import { eventKey, type EventSigner, type EventType } from './event-signing.ts';
import type { BeaconEvent, EventStore } from './event-store.ts';

const TOKEN_TTL_MS = BEACON_TOKEN_TTL_HOURS * 3_600_000;
/** Clocks of several instances disagree a little: a token issued slightly "in the future" is fine. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface BeaconsDeps {
  signer: EventSigner;
  store: EventStore;
  now?: () => number;
}

/** Who sent an event, as its body says (`{session_id, user_id}`, JSON or the text/plain of navigator.sendBeacon). */
export interface BeaconViewer {
  user_id?: string;
  session_id?: string;
}

/** The longest body a beacon reads its viewer from; a longer one is no beacon body. */
export const BEACON_BODY_MAX = 4096;
/** A viewer id: a text of 1 to 200 characters, no spaces around it, no control characters. */
const idOf = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length >= 1 && v.length <= 200 && v.trim() === v && ![...v].some((c) => c < ' ' || c === '\u007f') ? v : undefined;

/**
 * The viewer a beacon's body names: an object, or a JSON text of one (sendBeacon sends a string as
 * text/plain). The body is optional and never refuses an event: anything else (another shape, an id
 * that is not a text of 1 to 200 characters without spaces around it) names nobody.
 */
export function viewerOf(body: unknown): BeaconViewer {
  let value = body;
  if (typeof value === 'string') {
    if (value.length > BEACON_BODY_MAX || value.trimStart()[0] !== '{') return {};
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const { user_id, session_id } = value as Record<string, unknown>;
  const viewer: BeaconViewer = {};
  const user = idOf(user_id);
  const session = idOf(session_id);
  if (user) viewer.user_id = user;
  if (session) viewer.session_id = session;
  return viewer;
}

/**
 * The event with the viewer its body names, where the served ad did not know them (the ad query
 * said no user or session: a page rendered before sign-in, say). What the signed token says wins.
 */
export function withViewer(event: BeaconEvent, viewer: BeaconViewer): BeaconEvent {
  const u = event.ad.u ? undefined : viewer.user_id;
  const s = event.ad.s ? undefined : viewer.session_id;
  if (!u && !s) return event;
  // The token's own text no longer says it all: the store encodes the served ad again.
  return { ...event, ad: { ...event.ad, ...(u ? { u } : {}), ...(s ? { s } : {}) }, packed: undefined };
}

export interface BeaconOutcome {
  /** The click's destination. */
  to?: string;
}

/**
 * The hot path of an event beacon: verify the signed token and make the event durable (one store
 * append, grouped with the other requests of the moment). Counting happens later (event-consumer),
 * and so does dropping a person's repeats within the event's window: no lookup here.
 */
export function createBeaconsService({ signer, store, now = Date.now }: BeaconsDeps) {
  /** The event a beacon stands for, checked (synchronous: the fast path decides on it before answering); throws the 400s. */
  const check = (type: EventType, token: string | undefined): { event: BeaconEvent; outcome: BeaconOutcome } => {
    const opened = signer.open(token);
    const at = now();
    if (!opened || !Number.isFinite(opened.ad.t) || opened.ad.t - at > CLOCK_SKEW_MS) throw new AppError(400, 'BEACON_INVALID_TOKEN', 'BEACON_INVALID_TOKEN');
    const { ad, packed } = opened;
    if (at - ad.t > TOKEN_TTL_MS) throw new AppError(400, 'BEACON_EXPIRED_TOKEN', 'BEACON_EXPIRED_TOKEN');
    return {
      event: { k: eventKey(ad, type), type, ad, at, packed },
      outcome: type === 'click' && ad.to && /^https?:\/\//i.test(ad.to) ? { to: ad.to } : {},
    };
  };
  return {
    check,
    /** The publisher of a signed token (expired or not); undefined when it cannot be read (the public gate's ceilings and origins). */
    publisherOf: (token: string | undefined): number | undefined => signer.verify(token)?.p,
    /** Resolves once the event is durable in the store. */
    store: (event: BeaconEvent) => store.append(event),
    /** Checks the token and stores the event, with the viewer its body names; resolves once it is durable. */
    async accept(type: EventType, token: string | undefined, viewer: BeaconViewer = {}): Promise<BeaconOutcome> {
      const { event, outcome } = check(type, token);
      await store.append(withViewer(event, viewer));
      return outcome;
    },
  };
}

export type BeaconsService = ReturnType<typeof createBeaconsService>;
