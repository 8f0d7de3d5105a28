import { Card, Stack, Text, Title } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { formatCompactMoney, formatMoney } from '../../../shared/ui/format';
import type { WalletTransaction } from './api';
import { formatChartDate } from './wallet-format';
import { t } from '../../../i18n';

/** The balance after each movement, oldest first (the API lists the newest first). */
export function balancePoints(movements: Pick<WalletTransaction, 'id' | 'created_at' | 'balanceAfter'>[]) {
  return [...movements]
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
    .map((m) => ({ when: formatChartDate(m.created_at), balance: m.balanceAfter }));
}

/** A small line of the balance over the movements on screen. */
export function BalanceChart({ movements }: { movements: WalletTransaction[] }) {
  const data = balancePoints(movements);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="wallet-balance-chart">
      <Stack gap="sm">
        <Stack gap={0}>
          <Title order={5}>{t('rmWallets.chart.title')}</Title>
          <Text size="xs" c="dimmed">
            {t('rmWallets.chart.hint')}
          </Text>
        </Stack>
        <LineChart
          h={180}
          data={data}
          dataKey="when"
          curveType="stepAfter"
          withDots={data.length <= 20}
          valueFormatter={formatMoney}
          yAxisProps={{ tickFormatter: (v: number) => formatCompactMoney(v), width: 88 }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
          series={[{ name: 'balance', label: t('rmWallets.chart.balance'), color: 'blue.6' }]}
        />
      </Stack>
    </Card>
  );
}
