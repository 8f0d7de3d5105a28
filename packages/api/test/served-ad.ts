import type { ServedAd } from '../src/modules/ad-serving/event-signing.ts';

let seq = 0;
/** A value no other call in this test process gives (ids of requests, people, keys). */
export const uniq = () => `${Date.now().toString(36)}-${++seq}`;

/**
 * An ad of these publisher, advertiser, campaign and ad ids as a decision serves it: a decision
 * request of its own, a search, position 1, free (no charge), issued now; `over` changes any field.
 */
export const servedAd = (ids: Pick<ServedAd, 'p' | 'a' | 'c' | 'd'>, over: Partial<ServedAd> = {}): ServedAd => ({
  r: `req-${uniq()}`,
  ...ids,
  pl: 'topo',
  cx: 'search',
  pos: 1,
  cpc: 0,
  cpm: 0,
  t: Date.now(),
  ...over,
});
