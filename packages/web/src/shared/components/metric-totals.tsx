import { Grid, Skeleton } from '@mantine/core';
import { IconCash, IconDiscount2, IconReceiptRefund, IconTicket, IconUsers } from '@tabler/icons-react';
import type { components } from '../api/schema';
import { formatInt, formatMoney } from '../ui/format';
import { StatCard } from './stat-card';
import { t } from '../../i18n';

export type MetricTotals = components['schemas']['PromotionMetricsTotals'];

// Six columns: one card a row on phones, two on small screens, then three over two, both rows filled.
const span = (i: number) => ({ base: 6, xs: i === 4 ? 6 : 3, md: i < 3 ? 2 : 3 });

/**
 * A period's totals of promotion uses: uses, distinct customers, discount, revenue and uses
 * released by cancellations. Each card is `{testIdPrefix}-metric-card`.
 */
export function MetricTotalsCards({ totals, testIdPrefix }: { totals: MetricTotals; testIdPrefix: string }) {
  const testId = `${testIdPrefix}-metric-card`;
  const cards = [
    <StatCard key="uses" label={t('metrics.cards.uses')} value={formatInt(totals.uses)} icon={IconTicket} color="blue" testId={testId} />,
    <StatCard key="customers" label={t('metrics.cards.customers')} value={formatInt(totals.customers)} icon={IconUsers} color="violet" testId={testId} />,
    <StatCard key="discount" label={t('metrics.cards.discount')} value={formatMoney(totals.discount)} icon={IconDiscount2} color="orange" testId={testId} />,
    <StatCard key="revenue" label={t('metrics.cards.revenue')} value={formatMoney(totals.revenue)} icon={IconCash} color="teal" testId={testId} />,
    <StatCard key="released" label={t('metrics.cards.released')} value={formatInt(totals.released)} icon={IconReceiptRefund} color="gray" testId={testId} />,
  ];
  return (
    <Grid columns={6} gap="md">
      {cards.map((card, i) => (
        <Grid.Col key={card.key} span={span(i)}>
          {card}
        </Grid.Col>
      ))}
    </Grid>
  );
}

/** The cards' places while the totals load. */
export function MetricTotalsSkeleton() {
  return (
    <Grid columns={6} gap="md">
      {Array.from({ length: 5 }, (_, i) => (
        <Grid.Col key={i} span={span(i)}>
          <Skeleton height={82} radius="md" />
        </Grid.Col>
      ))}
    </Grid>
  );
}
