import { Grid } from '@mantine/core';
import { IconCash, IconEye, IconPercentage, IconSend, IconShoppingCart, IconShoppingCartCheck, IconShoppingCartX } from '@tabler/icons-react';
import { StatCard } from '../../shared/components/stat-card';
import { formatInt, formatMoney } from '../../shared/ui/format';
import type { CartFunnel } from './api';
import { formatRate } from './format';
import { t } from '../../i18n';

// Four columns from `md` up (the value left behind takes two), two on small screens, one on phones.
const span = (wide: boolean) => ({ base: 4, xs: wide ? 4 : 2, md: wide ? 2 : 1 });

/** The period's funnel: created, sent, opened, converted, abandoned, the rate and the value left. Each card is `cart-metric-card`. */
export function FunnelCards({ totals }: { totals: CartFunnel }) {
  const cards = [
    { key: 'created', value: formatInt(totals.created), icon: IconShoppingCart, color: 'blue' },
    { key: 'linksSent', value: formatInt(totals.links_sent), icon: IconSend, color: 'indigo' },
    { key: 'opened', value: formatInt(totals.opened), icon: IconEye, color: 'violet' },
    { key: 'converted', value: formatInt(totals.converted), icon: IconShoppingCartCheck, color: 'teal' },
    { key: 'abandoned', value: formatInt(totals.abandoned), icon: IconShoppingCartX, color: 'orange' },
    { key: 'rate', value: formatRate(totals.abandonment_rate), icon: IconPercentage, color: 'red' },
    { key: 'value', value: formatMoney(totals.abandoned_value), icon: IconCash, color: 'grape', wide: true },
  ] as const;
  return (
    <Grid columns={4} gap="md">
      {cards.map((c) => (
        <Grid.Col key={c.key} span={span('wide' in c)}>
          <StatCard label={t(`cartMetrics.cards.${c.key}`)} value={c.value} icon={c.icon} color={c.color} testId="cart-metric-card" />
        </Grid.Col>
      ))}
    </Grid>
  );
}
