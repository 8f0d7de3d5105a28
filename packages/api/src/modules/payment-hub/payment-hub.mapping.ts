import type { z } from 'zod';
import {
  PAYMENT_METHOD_CATALOG,
  REFUND_STATUS_LABELS,
  TRANSACTION_STATUS_LABELS,
  fromCents,
  type PaymentMethodCode,
  type PaymentProviderName,
  type PaymentBalance,
  type PaymentRefund,
  type PaymentTransaction,
  type PaymentTransactionRow,
  type RefundKind,
  type RefundStatus,
  type TransactionStatus,
} from '@backoffice/contracts';
import type { RefundRow, TransactionRow } from './payment-hub.repo.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Cents as Brazilian reais text ("1.234,56"), for messages and the export. */
export const brl = (cents: bigint | number) =>
  (Number(cents) / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The idempotency keys of the hub's own refunds: a canceled paid order's, and the adjustment to an order's final total. */
export const CANCEL_REFUND_KEY = 'auto:cancel:';
export const ORDER_REFUNDED_KEY = 'auto:refunded:';
export const ADJUSTMENT_REFUND_KEY = 'auto:settle:';
const refundKind = (key: string): RefundKind =>
  key.startsWith(ADJUSTMENT_REFUND_KEY) ? 'adjustment' : key.startsWith(CANCEL_REFUND_KEY) ? 'cancel' : key.startsWith(ORDER_REFUNDED_KEY) ? 'order_refunded' : 'manual';

export const toRefund = (r: RefundRow): z.input<typeof PaymentRefund> => ({
  id: r.id,
  transaction_id: r.transactionId,
  amount: fromCents(r.amountCents),
  reason: r.reason,
  status: r.status as RefundStatus,
  status_label: REFUND_STATUS_LABELS[r.status as RefundStatus],
  provider_reference: r.providerReference,
  automatic: r.automatic,
  kind: refundKind(r.idempotencyKey),
  created_at: r.createdAt.toISOString(),
});

export function toRow(t: TransactionRow): Omit<z.input<typeof PaymentTransaction>, 'refunds'> {
  const method = t.method as PaymentMethodCode;
  const status = t.status as TransactionStatus;
  return {
    id: t.id,
    order_id: t.orderId,
    order_number: t.order.number,
    location: { id: t.locationId, name: t.location.name },
    method,
    method_label: PAYMENT_METHOD_CATALOG[method].label,
    provider: t.provider as PaymentProviderName,
    provider_reference: t.providerReference,
    status,
    status_label: TRANSACTION_STATUS_LABELS[status],
    amount: fromCents(t.amountCents),
    captured_amount: fromCents(t.capturedCents),
    refunded_amount: fromCents(t.refundedCents),
    refundable_amount: fromCents(t.capturedCents - t.refundedCents),
    installments: t.installments,
    card: t.cardBrand && t.cardLast4 ? { brand: t.cardBrand, last4: t.cardLast4 } : null,
    refusal: status === 'refused' && t.refusalCode ? { code: t.refusalCode, reason: t.refusalReason ?? '' } : null,
    pix_copy_paste: status === 'pending' ? t.pixCopyPaste : null,
    boleto_line: status === 'pending' ? t.boletoLine : null,
    created_at: t.createdAt.toISOString(),
    authorized_at: iso(t.authorizedAt),
    captured_at: iso(t.capturedAt),
    refused_at: iso(t.refusedAt),
    updated_at: t.updatedAt.toISOString(),
  };
}

export const toTransaction = (t: TransactionRow, refunds: RefundRow[]): z.input<typeof PaymentTransaction> => ({
  ...toRow(t),
  refunds: refunds.filter((r) => r.transactionId === t.id).map(toRefund),
});

export const toListRow = (t: TransactionRow & { _count: { refunds: number } }): z.input<typeof PaymentTransactionRow> => ({
  ...toRow(t),
  refunds_count: t._count.refunds,
});

/** The order's balance (PaymentBalance) from cents. */
export const fromBalance = (b: { totalCents: bigint; chargedCents: bigint; adjustedCents: bigint; refundedCents: bigint; owedCents: bigint; overCents: bigint }): z.input<typeof PaymentBalance> => ({
  order_total: fromCents(b.totalCents),
  charged: fromCents(b.chargedCents),
  adjusted: fromCents(b.adjustedCents),
  refunded: fromCents(b.refundedCents),
  owed: fromCents(b.owedCents),
  over: fromCents(b.overCents),
});
