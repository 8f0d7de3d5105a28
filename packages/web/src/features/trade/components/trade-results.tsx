import { BarChart } from '@mantine/charts';
import { Badge, Card, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash, IconPackage } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { StatCard } from '../../../shared/components/stat-card';
import { formatMoney } from '../../../shared/ui/format';
import type { TradeResults as Results } from '../api';
import { formatPeriod } from './trade-describe';
import { TradeLoadError } from './trade-load-states';
import { t } from '../../../i18n';

const units = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
const pct = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/** "+12,5%" in green, "−3%" in red, "—" when there was nothing before. */
function Change({ value }: { value: number | null }) {
  if (value === null)
    return (
      <Text size="xs" c="dimmed">
        {t('trade.results.noPrevious')}
      </Text>
    );
  return (
    <Badge variant="light" color={value > 0 ? 'green' : value < 0 ? 'red' : 'gray'} radius="sm" w="fit-content">
      {pct.format(value)}%
    </Badge>
  );
}

/** Sell-out of the products at the stores in the period against the equal period before. */
export function TradeResults({ results }: { results: UseQueryResult<Results> }) {
  const { data: r } = results;
  let body;
  if (results.isError) body = <TradeLoadError error={results.error} retrying={results.isFetching} onRetry={() => void results.refetch()} />;
  else if (!r) body = <Skeleton h={220} radius="md" />;
  else {
    const chart = r.by_product.map((p) => ({ name: p.name.length > 28 ? `${p.name.slice(0, 27)}…` : p.name, current: p.current.value, previous: p.previous.value }));
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('trade.results.periods', { current: formatPeriod(r.period), previous: formatPeriod(r.previous_period) })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <StatCard
            label={t('trade.results.value')}
            value={formatMoney(r.total.current.value)}
            icon={IconCash}
            color="teal"
            testId="trade-results-value"
            extra={
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {t('trade.results.before', { value: formatMoney(r.total.previous.value) })}
                </Text>
                <Change value={r.total.value_change_pct} />
              </Stack>
            }
          />
          <StatCard
            label={t('trade.results.units')}
            value={units.format(r.total.current.units)}
            icon={IconPackage}
            color="blue"
            testId="trade-results-units"
            extra={
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {t('trade.results.before', { value: units.format(r.total.previous.units) })}
                </Text>
                <Change value={r.total.units_change_pct} />
              </Stack>
            }
          />
        </SimpleGrid>
        {chart.length > 0 && (
          <BarChart
            h={260}
            data={chart}
            dataKey="name"
            withLegend
            valueFormatter={formatMoney}
            maxBarWidth={40}
            series={[
              { name: 'previous', label: t('trade.results.previous'), color: 'gray.5' },
              { name: 'current', label: t('trade.results.current'), color: 'teal.6' },
            ]}
            data-testid="trade-results-chart"
          />
        )}
        <Table.ScrollContainer minWidth={560} type="native">
          <Table verticalSpacing="xs" data-testid="trade-results-products">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('trade.results.product')}</Table.Th>
                <Table.Th ta="right">{t('trade.results.current')}</Table.Th>
                <Table.Th ta="right">{t('trade.results.previous')}</Table.Th>
                <Table.Th ta="right">{t('trade.results.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.by_product.map((p) => (
                <Table.Tr key={p.product_id}>
                  <Table.Td>
                    <Text size="sm">{p.name}</Text>
                    <Text size="xs" c="dimmed">
                      {p.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{formatMoney(p.current.value)}</Text>
                    <Text size="xs" c="dimmed">
                      {t('trade.results.unitsShort', { units: units.format(p.current.units) })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{formatMoney(p.previous.value)}</Text>
                    <Text size="xs" c="dimmed">
                      {t('trade.results.unitsShort', { units: units.format(p.previous.units) })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack align="flex-end">
                      <Change value={p.value_change_pct} />
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg" data-testid="trade-results">
      <Stack gap="md">
        <Title order={4}>{t('trade.results.title')}</Title>
        {body}
      </Stack>
    </Card>
  );
}
