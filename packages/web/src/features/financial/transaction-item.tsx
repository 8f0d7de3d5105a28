import { ActionIcon, Badge, Button, Code, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconHelpCircle } from '@tabler/icons-react';
import { PAYMENT_PROVIDER_LABELS } from '@backoffice/contracts';
import { formatDateTime, formatMoney } from '../../shared/ui/format';
import type { PaymentTransaction } from './api';
import { RefundStatusBadge, TransactionStatusBadge } from './status-badges';
import { cardLabel } from './status';
import { t } from '../../i18n';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(value)}
      </Text>
    </Stack>
  );
}

/** Pix copia-e-cola or the boleto's line, with a copy button, while the payment waits. */
function PayCode({ label, code }: { label: string; code: string }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} fz="xs">
          {code}
        </Code>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('financial.card.copied') : t('financial.card.copy')} withArrow>
              <ActionIcon variant="light" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('financial.card.copy')}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** One transaction of the order: status, method and card, amounts, what to pay with, why it was refused, and its refunds. */
export function TransactionItem({ tx, onWhyRefused }: { tx: PaymentTransaction; onWhyRefused: (id: number) => void }) {
  const card = cardLabel(tx.card);
  const waiting = tx.status === 'pending';
  const method = tx.installments > 1 ? t('financial.transactions.installments', { method: tx.method_label, count: tx.installments }) : tx.method_label;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="payment-transaction" data-tx-status={tx.status}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <TransactionStatusBadge status={tx.status} />
            <Text size="sm" fw={600}>
              {method}
            </Text>
            {card && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {card}
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {PAYMENT_PROVIDER_LABELS[tx.provider]} · {formatDateTime(tx.created_at)}
          </Text>
        </Group>
        <SimpleGrid cols={3} spacing="xs">
          <Figure label={t('financial.card.amount')} value={tx.amount} />
          <Figure label={t('financial.card.captured')} value={tx.captured_amount} />
          <Figure label={t('financial.card.refunded')} value={tx.refunded_amount} />
        </SimpleGrid>
        {waiting && tx.pix_copy_paste && <PayCode label={t('financial.card.pix')} code={tx.pix_copy_paste} />}
        {waiting && tx.boleto_line && <PayCode label={t('financial.card.boleto')} code={tx.boleto_line} />}
        {(waiting || tx.status === 'authorized') && (
          <Text size="xs" c="dimmed" data-testid="payment-waiting">
            {t(waiting ? 'financial.card.waiting' : 'financial.card.authorized')}
          </Text>
        )}
        {tx.status === 'refused' && (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="red.7">
              {tx.refusal?.reason ?? t('financial.card.refused')}
            </Text>
            <Button size="xs" variant="light" color="red" leftSection={<IconHelpCircle size={14} />} onClick={() => onWhyRefused(tx.id)}>
              {t('financial.card.whyRefused')}
            </Button>
          </Group>
        )}
        {tx.refunds.length > 0 && (
          <Stack gap={6} pt={4} style={{ borderTop: '1px dashed var(--mantine-color-default-border)' }}>
            <Text size="xs" fw={600} c="dimmed">
              {t('financial.card.refunds')}
            </Text>
            {tx.refunds.map((refund) => (
              <Group key={refund.id} justify="space-between" gap="xs" wrap="nowrap" data-testid="payment-refund">
                <Stack gap={0} miw={0}>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={600}>
                      {formatMoney(refund.amount)}
                    </Text>
                    <RefundStatusBadge status={refund.status} />
                    {refund.automatic && (
                      <Badge size="xs" variant="outline" color={refund.kind === 'adjustment' ? 'blue' : 'gray'} tt="none">
                        {refund.kind === 'adjustment' ? t('financial.card.adjustment') : t('financial.card.automatic')}
                      </Badge>
                    )}
                  </Group>
                  {refund.reason && (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {refund.reason}
                    </Text>
                  )}
                </Stack>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(refund.created_at)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
