import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/client';
import { cartQuery, useAccountId, useSendLink } from './api';
import type { Cart } from './types';
import { t } from '../../i18n';

const POLL_MS = 1000;

export type SendLinkState = { phase: 'idle' } | { phase: 'sending' } | { phase: 'sent' } | { phase: 'failed'; message: string };

/** Spec §8: the response's first message, else the fixed send-link error. */
export function sendLinkError(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'NETWORK_ERROR' && error.code !== 'HTTP_ERROR') return error.details?.[0]?.message ?? error.message;
  return t('shoppingCarts.sendLink.error');
}

/** Where the link's sending stands: the POST, then the cart's link_delivery (queued → sent | failed), also when sent from another screen. */
export function sendLinkState(send: { isPending: boolean; isError: boolean; error: unknown }, delivery: Cart['link_delivery']): SendLinkState {
  if (send.isError) return { phase: 'failed', message: sendLinkError(send.error) };
  if (send.isPending || delivery?.status === 'queued') return { phase: 'sending' };
  if (!delivery) return { phase: 'idle' };
  if (delivery.status === 'sent') return { phase: 'sent' };
  return { phase: 'failed', message: delivery.error ?? t('shoppingCarts.sendLink.error') };
}

/**
 * "Enviar link": the POST queues the message (202, the cart with its delivery queued); the cart is
 * then read every second while the delivery is queued, until it says sent or failed.
 */
export function useSendLinkFlow(cart: Cart) {
  const send = useSendLink(cart.id);
  const state = sendLinkState(send, cart.link_delivery);
  const polling = state.phase === 'sending' && !send.isPending;
  useQuery({ ...cartQuery(useAccountId(), cart.id), refetchInterval: polling ? POLL_MS : false });
  return { state, start: () => send.mutate() };
}
