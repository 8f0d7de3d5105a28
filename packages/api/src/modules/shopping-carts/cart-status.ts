import type { CartStatus } from '@backoffice/contracts';

/**
 * Where a cart may go from each status through `PUT …/status`. `link_sent` is reached only by
 * sending the link (from approved); `opened` normally by the customer's first visit to it.
 */
export const CART_TRANSITIONS: Readonly<Record<CartStatus, readonly CartStatus[]>> = {
  in_review: ['approved', 'deleted'],
  approved: ['in_review', 'deleted'],
  link_sent: ['opened', 'in_review', 'deleted'],
  opened: ['in_review', 'deleted'],
  deleted: ['in_review'],
};

/** Statuses from which the link may be sent (again). */
export const LINK_SENDABLE: readonly CartStatus[] = ['approved', 'link_sent', 'opened'];

export const canTransition = (from: CartStatus, to: CartStatus) => CART_TRANSITIONS[from].includes(to);
