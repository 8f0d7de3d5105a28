import type { MantineColor } from '@mantine/core';
import { t } from '../../i18n';

import type { CartItemStatus as ItemStatus, CartStatus } from '@backoffice/contracts';

export type { CartStatus, ItemStatus };

/** Spec §4 shopping cart statusType, in the order the list's chips show them (the way a cart goes). */
export const CART_STATUSES = ['in_review', 'approved', 'link_sent', 'opened', 'deleted'] as const satisfies readonly CartStatus[];

/** Spec §4 cart item status, in the order the review groups them. */
export const ITEM_STATUSES = ['confirmed', 'pending', 'stock_out'] as const satisfies readonly ItemStatus[];

export const STATUS_COLORS: Record<CartStatus, MantineColor> = {
  in_review: 'yellow',
  approved: 'blue',
  link_sent: 'violet',
  opened: 'teal',
  deleted: 'gray',
};

export const ITEM_STATUS_COLORS: Record<ItemStatus, MantineColor> = {
  confirmed: 'green',
  pending: 'yellow',
  stock_out: 'red',
};

export const statusLabel = (status: CartStatus) => t(`shoppingCarts.status.${status}`);
export const itemStatusLabel = (status: ItemStatus) => t(`shoppingCarts.itemStatus.${status}`);

export const isCartStatus = (value: unknown): value is CartStatus => CART_STATUSES.includes(value as CartStatus);

/** The state actions a cart offers (spec §4): the API refuses the others with a 409. */
export type CartAction = 'approve' | 'sendLink' | 'reopen' | 'cancel' | 'restore';

/**
 * What each status allows (the API's transitions): a cart in review is approved or cancelled; once
 * approved its link is sent (again, once sent or opened: the customer may have lost it) or it goes
 * back to review to be changed; a cancelled one is restored to review.
 */
export const STATUS_ACTIONS: Record<CartStatus, readonly CartAction[]> = {
  in_review: ['approve', 'cancel'],
  approved: ['sendLink', 'reopen', 'cancel'],
  link_sent: ['sendLink', 'reopen', 'cancel'],
  opened: ['sendLink', 'reopen', 'cancel'],
  deleted: ['restore'],
};

export const actionsFor = (status: CartStatus): readonly CartAction[] => STATUS_ACTIONS[status];

/** Items can be changed only while the cart is in review. */
export const isEditable = (status: CartStatus) => status === 'in_review';
