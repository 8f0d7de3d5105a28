import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCash, IconDiscount2, IconReceiptRefund, IconTicket, IconUsers } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { formatInt, formatMoney } from '../../shared/ui/format';
import type { CouponMetrics } from './api';
import { t } from '../../i18n';

function StatCard({ label, value, icon: Icon, color }: { label: string; value: string; icon: ComponentType<{ size?: number }>; color: string }) {
  return (
    <Card withBorder padding="md" radius="md" data-testid="coupon-metric-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} miw={0}>
          <Text size="sm" c="dimmed" lh={1.3}>
            {label}
          </Text>
          <Text fw={700} fz={24} lh={1.1}>
            {value}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color={color} size={38} radius="md">
          <Icon size={22} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** Totals of the period: uses, distinct customers, discount, revenue and uses released by cancellations. */
export function MetricCards({ totals }: { totals: CouponMetrics['totals'] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md">
      <StatCard label={t('couponMetrics.cards.uses')} value={formatInt(totals.uses)} icon={IconTicket} color="blue" />
      <StatCard label={t('couponMetrics.cards.customers')} value={formatInt(totals.customers)} icon={IconUsers} color="violet" />
      <StatCard label={t('couponMetrics.cards.discount')} value={formatMoney(totals.discount)} icon={IconDiscount2} color="orange" />
      <StatCard label={t('couponMetrics.cards.revenue')} value={formatMoney(totals.revenue)} icon={IconCash} color="teal" />
      <StatCard label={t('couponMetrics.cards.released')} value={formatInt(totals.released)} icon={IconReceiptRefund} color="gray" />
    </SimpleGrid>
  );
}
