import type { MantineColor } from '@mantine/core';
import {
  PAYMENT_METHOD_CATALOG,
  REFUND_STATUS_LABELS,
  TRANSACTION_STATUS_LABELS,
  type PaymentMethodCode,
  type RefundStatus,
  type TransactionStatus,
} from '@backoffice/contracts';

export const TRANSACTION_STATUS_COLORS: Record<TransactionStatus, MantineColor> = {
  pending: 'yellow',
  authorized: 'blue',
  captured: 'teal',
  refused: 'red',
  canceled: 'gray',
};

export const REFUND_STATUS_COLORS: Record<RefundStatus, MantineColor> = {
  pending: 'yellow',
  succeeded: 'pink',
  failed: 'red',
};

export const transactionStatusLabel = (status: TransactionStatus) => TRANSACTION_STATUS_LABELS[status];
export const refundStatusLabel = (status: RefundStatus) => REFUND_STATUS_LABELS[status];
export const methodLabel = (method: PaymentMethodCode) => PAYMENT_METHOD_CATALOG[method].label;

/** "Visa •••• 1111" for a card, or nothing. */
export const cardLabel = (card: { brand: string; last4: string } | null) =>
  card ? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}` : null;
