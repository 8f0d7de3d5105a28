import { useEffect, useRef } from 'react';

/** The window event the app-wide socket re-dispatches every `whatsapp` socket event as (shared/realtime). */
export const WHATSAPP_WINDOW_EVENT = 'bo:whatsapp';

/** A `whatsapp` realtime payload: always an object with a `type`, the rest by type (see the contracts). */
export type WhatsAppEvent = { type?: unknown } & Record<string, unknown>;

/**
 * Calls `onEvent` for each `whatsapp` event while the screen is shown. The same event may arrive
 * twice (the account's room and the attendant's): handlers invalidate or patch idempotently.
 */
export function useWhatsAppEvents(onEvent: (event: WhatsAppEvent) => void) {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    const listener = (e: Event) => {
      const detail = (e as CustomEvent<unknown>).detail;
      if (detail && typeof detail === 'object') handler.current(detail as WhatsAppEvent);
    };
    window.addEventListener(WHATSAPP_WINDOW_EVENT, listener);
    return () => window.removeEventListener(WHATSAPP_WINDOW_EVENT, listener);
  }, []);
}
