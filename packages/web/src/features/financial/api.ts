import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../shared/api/schema';
import { api, unwrap } from '../../shared/api/client';
import { downloadedFile } from '../../shared/api/download';
import { useSession } from '../../shared/session/session';
import { byLocationQuery, exportQuery, transactionsQuery, type PaymentsSearch, type TransactionsSearch } from './search';

export { storesQuery } from '../locations/api';

type Schemas = components['schemas'];
export type PaymentsByLocation = Schemas['PaymentsByLocation'];
export type PaymentsRow = PaymentsByLocation['rows'][number];
export type PaymentFigures = PaymentsByLocation['totals'];
export type PaymentTransaction = Schemas['PaymentTransaction'];
export type PaymentBalance = Schemas['PaymentBalance'];
export type PaymentTransactionRow = Schemas['PaymentTransactionRow'];
export type PaymentRefusal = Schemas['PaymentRefusal'];
export type ChargeBody = Schemas['ChargeBodyInput'];
export type RefundBody = Schemas['RefundBodyInput'];

export const useAccountId = () => useSession()?.account.id ?? 0;

/** Keys per account, so another account's money never shows after switching. */
export const financialKeys = {
  all: (accountId: number) => ['account', accountId, 'financial'] as const,
  byLocation: (accountId: number, query: ReturnType<typeof byLocationQuery>) => [...financialKeys.all(accountId), 'by-location', query] as const,
  transactions: (accountId: number, query: ReturnType<typeof transactionsQuery>) => [...financialKeys.all(accountId), 'transactions', query] as const,
  orderTransactions: (accountId: number, orderId: number) => [...financialKeys.all(accountId), 'order', orderId] as const,
  refusal: (accountId: number, transactionId: number) => [...financialKeys.all(accountId), 'refusal', transactionId] as const,
};

/**
 * The order page's query key (features/orders/api.ts `orderKeys.detail`), spelled here because
 * features do not import each other: a charge or refund refreshes the order's status and timeline.
 */
const orderDetailKey = (accountId: number, orderId: number) => ['account', accountId, 'orders', 'detail', orderId] as const;

// The screens show their own error states: the global toast stays quiet.
export const paymentsByLocationQuery = (accountId: number, search: PaymentsSearch) => {
  const query = byLocationQuery(search);
  return queryOptions({
    queryKey: financialKeys.byLocation(accountId, query),
    queryFn: () => unwrap(api.GET('/api/data-service/order-payments/by-location', { params: { query } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
};

export const paymentTransactionsQuery = (accountId: number, search: TransactionsSearch) => {
  const query = transactionsQuery(search);
  return queryOptions({
    queryKey: financialKeys.transactions(accountId, query),
    queryFn: () => unwrap(api.GET('/api/data-service/order-payments/transactions', { params: { query } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
};

/** A transaction still waiting for its provider (Pix, boleto, a card under analysis, an authorized card). */
export const isUnsettled = (tx: Pick<PaymentTransaction, 'status' | 'refunds'>) =>
  tx.status === 'pending' || tx.status === 'authorized' || tx.refunds.some((r) => r.status === 'pending');

/** How often the card asks again while a payment is unsettled. */
export const SETTLE_POLL_MS = 3_000;

/** Asks again every few seconds while a transaction waits for its provider; stops once all settled. */
export const settleInterval = (txs: Array<Pick<PaymentTransaction, 'status' | 'refunds'>> | undefined) => (txs?.some(isUnsettled) ? SETTLE_POLL_MS : false);

export const orderTransactionsQuery = (accountId: number, orderId: number) =>
  queryOptions({
    queryKey: financialKeys.orderTransactions(accountId, orderId),
    queryFn: () => unwrap(api.GET('/api/payment-hub/transactions', { params: { query: { order_id: orderId } } })),
    // Until the webhook settles it: Pix, boleto and cards under analysis confirm a moment later.
    refetchInterval: (query) => settleInterval(query.state.data?.data),
    meta: { silent: true },
  });

export const refusalQuery = (accountId: number, transactionId: number) =>
  queryOptions({
    queryKey: financialKeys.refusal(accountId, transactionId),
    queryFn: () => unwrap(api.GET('/api/payment-hub/transaction/{id}/verify-refusal', { params: { path: { id: transactionId } } })),
    staleTime: 60_000,
    meta: { silent: true },
  });

/** Refreshes the order page's order (its status and timeline follow its payment). */
export function useInvalidateOrder(orderId: number) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return () => queryClient.invalidateQueries({ queryKey: orderDetailKey(accountId, orderId) });
}

/** After a charge or refund: the order (status, timeline), its transactions and the reports. */
function useRefreshAfterPayment(orderId: number) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderDetailKey(accountId, orderId) }),
      queryClient.invalidateQueries({ queryKey: financialKeys.all(accountId) }),
    ]);
}

/** Charges the order online; a refusal by the API (409/422) is shown by the caller in the server's words. */
export function useChargeOrder(orderId: number) {
  const refresh = useRefreshAfterPayment(orderId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: ChargeBody) => unwrap(api.POST('/api/payment-hub/payment/{orderId}', { params: { path: { orderId } }, body })),
    onSettled: refresh,
  });
}

/** Refunds under `key`: a retry of the same submission sends the same key, so it refunds once. */
export function useRefundOrder(orderId: number) {
  const refresh = useRefreshAfterPayment(orderId);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ key, body }: { key: string; body: RefundBody }) =>
      unwrap(api.PUT('/api/payment-hub/payment/refund/{orderId}', { params: { path: { orderId }, header: { 'Idempotency-Key': key } }, body })),
    onSettled: refresh,
  });
}

/** The CSV of the list's filters, fetched with the session's token, and its file name. */
export async function fetchTransactionsCsv(search: TransactionsSearch): Promise<{ blob: Blob; filename: string }> {
  const query = exportQuery(search);
  return downloadedFile(api.GET('/api/data-service/order-payments/transactions.csv', { params: { query }, parseAs: 'blob' }), `transacoes-${query.from}-${query.to}.csv`);
}
