/**
 * en/docs/5.6-events.md of vtex/vtexads-api-docs at 090be52bc7b2b022c37d1796b1cfb12ad46225ea:
 * the event its `sendImpressionEvent(impressionUrl, userId, sessionId)` posts, copied as published
 * (typed), and the headers of its two ways of sending it.
 */
export const source = {
  repo: 'vtex/vtexads-api-docs',
  path: 'en/docs/5.6-events.md',
  commit: '090be52bc7b2b022c37d1796b1cfb12ad46225ea',
} as const;

/** The body (JSON.stringify of this). */
export const eventDataOf = (userId: string, sessionId: string) => ({
  user_id: userId,
  session_id: sessionId,
});

/** `navigator.sendBeacon(impressionUrl, new Blob([JSON.stringify(eventData)], { type: 'application/json' }))`. */
export const beaconHeaders = { 'Content-Type': 'application/json' };
/** The XMLHttpRequest fallback. */
export const xhrHeaders = { 'Content-Type': 'application/json' };
