import { BEACON_TOKEN_TTL_HOURS } from '@backoffice/contracts';
import { AppError } from '../../lib/errors.ts';
import { eventKey, type EventSigner, type EventType } from './event-signing.ts';
import type { EventStore } from './event-store.ts';

/** How long the same person's repeated event on the same ad is ignored, in seconds. */
export const DEDUP_WINDOWS: Record<EventType, number> = { impression: 60, view: 60, click: 3600 };

const TOKEN_TTL_MS = BEACON_TOKEN_TTL_HOURS * 3_600_000;
/** Clocks of several instances disagree a little: a token issued slightly "in the future" is fine. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface BeaconsDeps {
  signer: EventSigner;
  store: EventStore;
  now?: () => number;
  windows?: Record<EventType, number>;
}

export interface BeaconOutcome {
  /** False when the event was a duplicate within its window (still answered 202, not stored). */
  stored: boolean;
  /** The click's destination. */
  to?: string;
}

/**
 * The hot path of an event beacon: verify the signed token, drop duplicates of the same person and
 * ad within the event's window, and make the event durable (both in one store call). Counting happens later (event-consumer).
 */
export function createBeaconsService({ signer, store, now = Date.now, windows = DEDUP_WINDOWS }: BeaconsDeps) {
  return {
    async accept(type: EventType, token: string | undefined): Promise<BeaconOutcome> {
      const ad = signer.verify(token);
      const at = now();
      if (!ad || !Number.isFinite(ad.t) || ad.t - at > CLOCK_SKEW_MS) throw new AppError(400, 'BEACON_INVALID_TOKEN', 'BEACON_INVALID_TOKEN');
      if (at - ad.t > TOKEN_TTL_MS) throw new AppError(400, 'BEACON_EXPIRED_TOKEN', 'BEACON_EXPIRED_TOKEN');
      const to = type === 'click' && ad.to && /^https?:\/\//i.test(ad.to) ? ad.to : undefined;

      // The person: the user id, else the session, else the decision request that served the ad.
      const who = ad.u ? `u:${ad.u}` : ad.s ? `s:${ad.s}` : `r:${ad.r}`;
      const stored = await store.appendOnce({ k: eventKey(ad, type), type, ad, at }, `rm-dedup:${type}:${ad.d}:${who}`, windows[type]);
      return { stored, to };
    },
  };
}

export type BeaconsService = ReturnType<typeof createBeaconsService>;
