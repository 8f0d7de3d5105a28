import { createHmac, hash, timingSafeEqual } from 'node:crypto';

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

/** The token's payload: the fields of ServedAd by position (absent ones as null), so a URL carries values, not names. */
type Packed = [r: string, p: number, a: number, c: number, d: number, pl: string, cx: string, pos: number, u: string | null, s: string | null, cpc: number, cpm: number, t: number, to: string | null];

/** A served ad as the positional array its token carries (also how the event stream stores it). */
export const packServedAd = (ad: ServedAd): Packed => [ad.r, ad.p, ad.a, ad.c, ad.d, ad.pl, ad.cx, ad.pos, ad.u ?? null, ad.s ?? null, ad.cpc, ad.cpm, ad.t, ad.to ?? null];

const isInt = Number.isInteger;
const isStr = (v: unknown): v is string => typeof v === 'string';
const optStr = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** The served ad of a packed array; null when it is not one. */
export function unpackServedAd(v: unknown): ServedAd | null {
  if (!Array.isArray(v) || v.length !== 14) return null;
  const [r, p, a, c, d, pl, cx, pos, u, s, cpc, cpm, t, to] = v as unknown[];
  if (!isStr(r) || !isInt(p) || !isInt(a) || !isInt(c) || !isInt(d) || !isStr(pl) || !isStr(cx) || !isInt(pos)) return null;
  if (!optStr(u) || !optStr(s) || !isInt(cpc) || !isInt(cpm) || !isInt(t) || !optStr(to)) return null;
  return {
    r,
    p: p as number,
    a: a as number,
    c: c as number,
    d: d as number,
    pl,
    cx,
    pos: pos as number,
    ...(u === null ? {} : { u }),
    ...(s === null ? {} : { s }),
    cpc: cpc as number,
    cpm: cpm as number,
    t: t as number,
    ...(to === null ? {} : { to }),
  };
}

/** A JSON text of a value that may be absent (as packServedAd writes it: null). */
const jsonOrNull = (v: string | undefined) => (v === undefined ? 'null' : JSON.stringify(v));

/**
 * Writes the token payloads of the ads one decision serves: the very text
 * `JSON.stringify(packServedAd(ad))` gives (event-signing.test.ts), from parts JSON-encoded once per
 * decision and per placement — the decision API signs every ad it serves.
 */
export function servedAdPayloads(decision: Pick<ServedAd, 'r' | 'p' | 'cx' | 'u' | 's' | 't'>) {
  const head = `[${JSON.stringify(decision.r)},${decision.p},`;
  const who = `${jsonOrNull(decision.u)},${jsonOrNull(decision.s)},`;
  const context = JSON.stringify(decision.cx);
  const tail = `,${decision.t},`;
  return (placement: string) => {
    const where = `${JSON.stringify(placement)},${context},`;
    return (ad: Pick<ServedAd, 'a' | 'c' | 'd' | 'pos' | 'cpc' | 'cpm' | 'to'>) =>
      `${head}${ad.a},${ad.c},${ad.d},${where}${ad.pos},${who}${ad.cpc},${ad.cpm}${tail}${jsonOrNull(ad.to)}]`;
  };
}

/** Characters of the signature: 22 base64url characters, the first 132 bits of the hash. */
const TAG_CHARS = 22;

/**
 * Signs and verifies event tokens (`<payload>.<tag>`, both base64url, so a token goes into a URL
 * or a JSON string as it is). The tag is SHA3-256 of a key and the payload: SHA-3 has no
 * length extension, so prefixing the key is a sound MAC (the Keccak authors' own construction)
 * at one hash call, where HMAC needs two — the decision API signs every ad it serves. The key is
 * derived from the app secret, so a token from one deployment is worthless on another and nobody
 * can forge counts.
 */
export function createEventSigner(secret: string) {
  const key = createHmac('sha256', secret).update('rma-event-urls').digest('base64url');
  const tag = (payload: string) => hash('sha3-256', `${key}.${payload}`, 'base64url').slice(0, TAG_CHARS);

  /** The token of a payload written as servedAdPayloads writes it. */
  const signPayload = (json: string): string => {
    const payload = Buffer.from(json).toString('base64url');
    return `${payload}.${tag(payload)}`;
  };

  /**
   * The served ad and its payload text (the JSON of `packServedAd` the token carries), or null when
   * the token is malformed or its signature does not match.
   */
  const open = (token: string | undefined): { ad: ServedAd; packed: string } | null => {
    if (!token || token.length > 4096) return null;
    const dot = token.indexOf('.');
    if (dot <= 0 || token.length - dot - 1 !== TAG_CHARS) return null;
    const payload = token.slice(0, dot);
    // UTF-8 bytes: a genuine token is ASCII, so any other character makes the comparison fail.
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(tag(payload));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const packed = Buffer.from(payload, 'base64url').toString('utf8');
      const ad = unpackServedAd(JSON.parse(packed));
      return ad && { ad, packed };
    } catch {
      return null;
    }
  };

  return {
    sign: (ad: ServedAd): string => signPayload(JSON.stringify(packServedAd(ad))),
    signPayload,

    /** The served ad, or null when the token is malformed or its signature does not match. */
    verify: (token: string | undefined): ServedAd | null => open(token)?.ad ?? null,
    open,
  };
}

export type EventSigner = ReturnType<typeof createEventSigner>;

/** The key that makes one event of one served ad count once, however often its URL is fired. */
export const eventKey = (ad: ServedAd, type: EventType) => `${ad.r}:${ad.pl}:${ad.pos}:${ad.d}:${type}`;
