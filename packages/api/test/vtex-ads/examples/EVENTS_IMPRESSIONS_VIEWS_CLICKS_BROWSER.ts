/**
 * examples/EVENTS_IMPRESSIONS_VIEWS_CLICKS_BROWSER.md of vtex/vtexads-api-docs at ab117ae3e3fff02bec46050199f78688a48294b1:
 * the payload its `sendEvent(eventUrl, sessionId, userId)` posts to an ad's impression_url,
 * view_url or click_url, copied as published (typed), and the headers of its two ways of sending it.
 */
export const source = {
  repo: 'vtex/vtexads-api-docs',
  path: 'examples/EVENTS_IMPRESSIONS_VIEWS_CLICKS_BROWSER.md',
  commit: 'ab117ae3e3fff02bec46050199f78688a48294b1',
} as const;

/** The body `sendEvent` posts (JSON.stringify of this). */
export function payloadOf(sessionId: string, userId?: string) {
  const payload: { session_id: string; user_id?: string } = { session_id: sessionId };
  if (userId) payload.user_id = userId;
  return payload;
}

/** `navigator.sendBeacon(eventUrl, new Blob([JSON.stringify(payload)], { type: 'application/json' }))`. */
export const beaconHeaders = { 'Content-Type': 'application/json' };
/** The `fetch` fallback. */
export const fetchHeaders = { 'Content-Type': 'application/json', Accept: 'application/json' };
/**
 * Not in the docs: what `navigator.sendBeacon(eventUrl, JSON.stringify(payload))` sends when a
 * site passes the string itself instead of a Blob (the issue asks that it be accepted too).
 */
export const beaconStringHeaders = { 'Content-Type': 'text/plain;charset=UTF-8' };
