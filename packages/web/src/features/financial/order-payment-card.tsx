import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCash, IconCircleCheck, IconCreditCardPay, IconReceiptRefund, IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { accountInfoQuery } from '../../shared/account/queries';
import type { components } from '../../shared/api/schema';
import { LoadError } from '../../shared/components/load-error';
import { formatMoney } from '../../shared/ui/format';
import { isUnsettled, orderTransactionsQuery, useAccountId, useInvalidateOrder, type PaymentTransaction } from './api';
import { ChargeModal } from './charge-modal';
import { RefundModal } from './refund-modal';
import { RefusalModal } from './refusal-modal';
import { TransactionItem } from './transaction-item';
import { t } from '../../i18n';

export type PaymentCardOrder = Pick<components['schemas']['FullOrder']['order'], 'id' | 'number' | 'status' | 'total' | 'pays_in_person'>;

/** An order the hub may charge: not yet paid, paid online, and no charge under way or done. */
const CHARGEABLE: ReadonlySet<string> = new Set(['created', 'payment_pending']);
const ACTIVE: ReadonlySet<string> = new Set(['pending', 'authorized', 'captured']);
/** A payment still waiting for its provider: no other charge starts meanwhile. */
const isWaiting = (tx: PaymentTransaction) => tx.status === 'pending' || tx.status === 'authorized';

export const canCharge = (order: PaymentCardOrder, txs: PaymentTransaction[]) =>
  !order.pays_in_person && CHARGEABLE.has(order.status) && !txs.some((tx) => ACTIVE.has(tx.status));

/** What may still go back to the customer: captured minus refunded, over the order's transactions. */
export const refundableOf = (txs: PaymentTransaction[]) => Math.round(txs.reduce((sum, tx) => sum + tx.refundable_amount, 0) * 100) / 100;

/** Admins and managers refund (the API's refund roles). */
function useCanRefund() {
  const { data } = useQuery(accountInfoQuery(useAccountId()));
  const role = data?.find((a) => a.current)?.role ?? data?.[0]?.role;
  return role === 'admin' || role === 'manager';
}

/** A payment that settled while the card watched it (a webhook captured or refused it) moves the order too: it is asked for again. */
function useRefreshOrderOnSettle(orderId: number, txs: PaymentTransaction[] | undefined) {
  const invalidateOrder = useInvalidateOrder(orderId);
  const seen = useRef<string | null>(null);
  const signature = txs ? txs.map((tx) => `${tx.id}:${tx.status}:${tx.refunded_amount}`).join(',') : null;
  useEffect(() => {
    if (signature === null) return;
    if (seen.current !== null && seen.current !== signature) void invalidateOrder();
    seen.current = signature;
  }, [signature, invalidateOrder]);
}

/**
 * The order page's payment card: the order's transactions (status, method, card, amounts and
 * refunds), "Cobrar", "Reembolsar" and "Por que foi recusado?", each behind a confirmation; when
 * picking moved the total away from what was charged, the difference to charge ("Cobrar diferença")
 * or to give back (automatically, when the order leaves the store).
 * Unsettled payments (Pix, boleto, cards under analysis) refresh by themselves until settled.
 */
export function OrderPaymentCard({ order }: { order: PaymentCardOrder }) {
  const transactions = useQuery(orderTransactionsQuery(useAccountId(), order.id));
  const canRefund = useCanRefund();
  const [charging, setCharging] = useState<'order' | 'difference' | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [whyRefused, setWhyRefused] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const txs = transactions.data?.data ?? [];
  const balance = transactions.data?.balance;
  const refundable = refundableOf(txs);
  const owed = balance && !txs.some(isWaiting) ? balance.owed : 0;
  useRefreshOrderOnSettle(order.id, transactions.data?.data);

  let body;
  if (transactions.isError)
    body = <LoadError error={transactions.error} retrying={transactions.isFetching} onRetry={() => void transactions.refetch()} format={(message) => t('financial.card.loadError', { message })} testId="payment-card-error" />;
  else if (!transactions.data)
    body = (
      <Group justify="center" py="md">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t('financial.card.loading')}
        </Text>
      </Group>
    );
  else if (txs.length === 0)
    body = (
      <Text size="sm" c="dimmed" data-testid="payment-card-empty">
        {order.pays_in_person ? t('financial.card.inPerson') : t('financial.card.empty')}
      </Text>
    );
  else
    body = (
      <Stack gap="sm">
        {txs.map((tx) => (
          <TransactionItem key={tx.id} tx={tx} onWhyRefused={setWhyRefused} />
        ))}
      </Stack>
    );

  return (
    <Card withBorder radius="md" padding="lg" data-testid="order-payment-card">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <IconCash size={20} />
            <Title order={4}>{t('financial.card.title')}</Title>
            {txs.some(isUnsettled) && <Loader size="xs" aria-label={t('financial.card.refreshing')} />}
          </Group>
          <Group gap="xs">
            {transactions.data && canCharge(order, txs) && (
              <Button size="xs" leftSection={<IconCreditCardPay size={16} />} onClick={() => setCharging('order')}>
                {t('financial.card.charge')}
              </Button>
            )}
            {owed > 0 && (
              <Button size="xs" color="orange" leftSection={<IconCreditCardPay size={16} />} onClick={() => setCharging('difference')}>
                {t('financial.card.chargeDifference')}
              </Button>
            )}
            {canRefund && refundable > 0 && (
              <Button size="xs" variant="light" color="pink" leftSection={<IconReceiptRefund size={16} />} onClick={() => setRefunding(true)}>
                {t('financial.card.refund')}
              </Button>
            )}
          </Group>
        </Group>
        <Group gap="lg">
          <Text size="sm">
            {t('financial.card.orderTotal')} <b>{formatMoney(order.total)}</b>
          </Text>
          {refundable > 0 && (
            <Text size="sm" c="dimmed" data-testid="payment-refundable">
              {t('financial.card.refundable', { amount: formatMoney(refundable) })}
            </Text>
          )}
        </Group>
        {balance && balance.owed > 0 && (
          <Alert color="orange" variant="light" icon={<IconScale size={18} />} data-testid="payment-owed">
            {t('financial.card.owed', { amount: formatMoney(balance.owed) })}
          </Alert>
        )}
        {balance && balance.over > 0 && (
          <Alert color="blue" variant="light" icon={<IconScale size={18} />} data-testid="payment-over">
            {t('financial.card.over', { amount: formatMoney(balance.over) })}
          </Alert>
        )}
        {done && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} withCloseButton onClose={() => setDone(null)} data-testid="payment-card-message">
            {done}
          </Alert>
        )}
        {body}
      </Stack>
      <ChargeModal order={order} difference={charging === 'difference' ? owed : undefined} opened={charging !== null} onClose={() => setCharging(null)} onDone={setDone} />
      {refunding && <RefundModal order={order} refundable={refundable} opened={refunding} onClose={() => setRefunding(false)} onDone={setDone} />}
      <RefusalModal transactionId={whyRefused} onClose={() => setWhyRefused(null)} />
    </Card>
  );
}
