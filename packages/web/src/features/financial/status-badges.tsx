import { Badge } from '@mantine/core';
import type { RefundStatus, TransactionStatus } from '@backoffice/contracts';
import { REFUND_STATUS_COLORS, TRANSACTION_STATUS_COLORS, refundStatusLabel, transactionStatusLabel } from './status';

export function TransactionStatusBadge({ status, size = 'sm' }: { status: TransactionStatus; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge variant="light" color={TRANSACTION_STATUS_COLORS[status]} radius="sm" size={size} miw="max-content" tt="none" data-tx-status={status}>
      {transactionStatusLabel(status)}
    </Badge>
  );
}

export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  return (
    <Badge variant="dot" color={REFUND_STATUS_COLORS[status]} radius="sm" size="sm" miw="max-content" tt="none" data-refund-status={status}>
      {refundStatusLabel(status)}
    </Badge>
  );
}
