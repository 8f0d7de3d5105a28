import type { MantineColor } from '@mantine/core';
import { ORDER_CHANNEL_LABELS, ORDER_STATUS_LABELS, type OrderChannel, type OrderStatus, type PickStatus } from '@backoffice/contracts';

export const STATUS_COLORS: Record<OrderStatus, MantineColor> = {
  created: 'gray',
  payment_pending: 'yellow',
  paid: 'teal',
  picking: 'blue',
  picked: 'indigo',
  ready: 'violet',
  out_for_delivery: 'cyan',
  awaiting_pickup: 'orange',
  delivered: 'green',
  picked_up: 'green',
  canceled: 'red',
  refunded: 'pink',
};

export const PICK_STATUS_COLORS: Record<PickStatus, MantineColor> = {
  pending: 'gray',
  picked: 'green',
  substituted: 'blue',
  missing: 'red',
};

export const statusLabel = (status: OrderStatus) => ORDER_STATUS_LABELS[status];
export const channelLabel = (channel: OrderChannel) => ORDER_CHANNEL_LABELS[channel];
