import { Grid } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconPackageExport, IconTargetArrow, IconTruckReturn, IconX } from '@tabler/icons-react';
import { StatCard } from '../../shared/components/stat-card';
import { formatInt } from '../../shared/ui/format';
import type { DeliveryFigures } from './api';
import { formatMinutes, formatRate } from './format';
import { t } from '../../i18n';

/** The period's figures: deliveries requested, delivered, on time against the window, failed, canceled and the average time. Each card is `delivery-kpi`. */
export function DeliveryKpis({ totals }: { totals: DeliveryFigures }) {
  const cards = [
    { key: 'deliveries', value: formatInt(totals.deliveries), icon: IconPackageExport, color: 'blue' },
    { key: 'delivered', value: formatInt(totals.delivered), icon: IconCircleCheck, color: 'teal' },
    { key: 'onTime', value: formatRate(totals.on_time_rate), icon: IconTargetArrow, color: 'green' },
    { key: 'averageTime', value: formatMinutes(totals.average_minutes), icon: IconClockHour4, color: 'indigo' },
    { key: 'failed', value: formatInt(totals.failed), icon: IconTruckReturn, color: 'orange' },
    { key: 'canceled', value: formatInt(totals.canceled), icon: IconX, color: 'gray' },
  ] as const;
  return (
    <Grid columns={6} gap="md">
      {cards.map((c) => (
        <Grid.Col key={c.key} span={{ base: 6, xs: 3, md: 2, xl: 1 }}>
          <StatCard label={t(`deliveryHub.dashboard.cards.${c.key}`)} value={c.value} icon={c.icon} color={c.color} testId="delivery-kpi" />
        </Grid.Col>
      ))}
    </Grid>
  );
}
