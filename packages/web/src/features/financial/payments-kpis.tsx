import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, type MantineColor } from '@mantine/core';
import { IconCash, IconClockHour4, IconReceiptRefund, IconScale } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { formatInt, formatMoney } from '../../shared/ui/format';
import type { PaymentFigures } from './api';
import { t, tn } from '../../i18n';

interface Kpi {
  key: string;
  label: string;
  value: number;
  detail: string;
  icon: ComponentType<{ size?: number }>;
  color: MantineColor;
}

function KpiCard({ kpi }: { kpi: Kpi }) {
  const Icon = kpi.icon;
  return (
    <Card withBorder padding="md" radius="md" data-testid={`financial-kpi-${kpi.key}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} miw={0}>
          <Text size="sm" c="dimmed" lh={1.3}>
            {kpi.label}
          </Text>
          <Text fw={700} fz={24} lh={1.1} c={kpi.value < 0 ? 'red.7' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(kpi.value)}
          </Text>
          <Text size="xs" c="dimmed">
            {kpi.detail}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color={kpi.color} size={38} radius="md" style={{ flexShrink: 0 }}>
          <Icon size={22} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

const count = (key: string, n: number) => tn(`financial.kpis.${key}`, n, { count: formatInt(n) });

/** Received, refunded, pending and net of the period, each with how many payments or refunds. */
export function PaymentsKpis({ totals }: { totals: PaymentFigures }) {
  const kpis: Kpi[] = [
    { key: 'received', label: t('financial.kpis.received'), value: totals.received, detail: count('payments', totals.received_count), icon: IconCash, color: 'teal' },
    { key: 'refunded', label: t('financial.kpis.refunded'), value: totals.refunded, detail: count('refunds', totals.refunded_count), icon: IconReceiptRefund, color: 'pink' },
    { key: 'pending', label: t('financial.kpis.pending'), value: totals.pending, detail: count('charges', totals.pending_count), icon: IconClockHour4, color: 'yellow' },
    { key: 'net', label: t('financial.kpis.net'), value: totals.net, detail: t('financial.kpis.netHint'), icon: IconScale, color: 'blue' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {kpis.map((kpi) => (
        <KpiCard key={kpi.key} kpi={kpi} />
      ))}
    </SimpleGrid>
  );
}

export function PaymentsKpisSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height={98} radius="md" />
      ))}
    </SimpleGrid>
  );
}
