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
    async accept(type: EventType, token: string | undefined): Promise<BeaconOutcome> {
      const { event, outcome } = check(type, token);
      await store.append(event);
      return outcome;
    },
  };
}

export type BeaconsService = ReturnType<typeof createBeaconsService>;
