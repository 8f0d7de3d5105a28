import { createHmac, timingSafeEqual } from 'node:crypto';

export const EVENT_TYPES = ['impression', 'view', 'click'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What a served ad's event URLs carry, signed: enough to count and charge the event without a lookup. */
export interface ServedAd {
  /** The decision's request id. */
  r: string;
  /** Publisher, advertiser, campaign and ad ids. */
  p: number;
  a: number;
  c: number;
  d: number;
  /** Placement name, context and the ad's position (1-based) in the placement. */
  pl: string;
  cx: string;
  pos: number;
  /** Who saw it, when the request said (attribution, deduplication). */
  u?: string;
  s?: string;
  /** Charges decided by the auction, in cents: per click and per thousand impressions. */
  cpc: number;
  cpm: number;
  /** Issued at (ms since epoch). */
  t: number;
  /** Where a click goes. */
  to?: string;
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/**
 * Signs and verifies event tokens (`<payload>.<hmac>`, base64url). The key is derived from the
 * app secret, so a token from one deployment is worthless on another and nobody can forge counts.
 */
export function createEventSigner(secret: string) {
  const key = createHmac('sha256', secret).update('rma-event-urls').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    sign(ad: ServedAd): string {
      const payload = b64(JSON.stringify(ad));
      return `${payload}.${b64(mac(payload))}`;
    },

    /** The served ad, or null when the token is malformed or its signature does not match. */
    verify(token: string | undefined): ServedAd | null {
      if (!token || token.length > 4096) return null;
      const dot = token.indexOf('.');
      if (dot <= 0) return null;
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const ad = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ServedAd;
        return typeof ad.r === 'string' && Number.isInteger(ad.d) && Number.isInteger(ad.c) ? ad : null;
      } catch {
        return null;
      }
    },
  };
}

export type EventSigner = ReturnType<typeof createEventSigner>;

/** The key that makes one event of one served ad count once, however often its URL is fired. */
export const eventKey = (ad: ServedAd, type: EventType) => `${ad.r}:${ad.pl}:${ad.pos}:${ad.d}:${type}`;
