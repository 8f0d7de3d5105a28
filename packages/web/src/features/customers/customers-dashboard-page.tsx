import { Anchor, Card, Grid, Group, Loader, Select, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { IconCash, IconChartBarOff, IconMessageCircle, IconRepeat, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PeriodPicker } from '../../shared/components/period-picker';
import { StatCard } from '../../shared/components/stat-card';
import { formatInt, formatMoney } from '../../shared/ui/format';
import { customersDashboardQuery, storesQuery, useAccountId, type CustomersDashboard } from './api';
import { storeOptions } from './customers-filters';
import type { CustomersDashboardSearch } from './dashboard-search';
import { t } from '../../i18n';
import { CenteredCard } from '../../shared/components/centered-card';

const dayLabel = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: '2-digit' });
/** "23/11" for a YYYY-MM-DD day (read at noon UTC, so no offset moves it). */
const formatDay = (date: string) => dayLabel.format(new Date(`${date}T12:00:00Z`));

function ChartCard({ title, subtitle, children, testId }: { title: string; subtitle?: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid={testId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={5}>{title}</Title>
          {subtitle && (
            <Text size="xs" c="dimmed">
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

function Totals({ totals }: { totals: CustomersDashboard['totals'] }) {
  const cards = [
    { key: 'new', label: t('customers.dashboard.cards.new'), value: formatInt(totals.new_customers), icon: IconUserPlus, color: 'blue' },
    { key: 'returning', label: t('customers.dashboard.cards.returning'), value: formatInt(totals.returning_customers), icon: IconRepeat, color: 'violet' },
    { key: 'active', label: t('customers.dashboard.cards.active'), value: formatInt(totals.customers), icon: IconUsers, color: 'teal' },
    { key: 'optIn', label: t('customers.dashboard.cards.optIn'), value: formatInt(totals.opt_in), icon: IconMessageCircle, color: 'green' },
    { key: 'spend', label: t('customers.dashboard.cards.spend'), value: formatMoney(totals.spend), icon: IconCash, color: 'orange' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 5 }} spacing="md">
      {cards.map(({ key, ...card }) => (
        <StatCard key={key} {...card} testId="customers-kpi" />
      ))}
    </SimpleGrid>
  );
}

function TopCustomers({ customers }: { customers: CustomersDashboard['top_customers'] }) {
  return (
    <ChartCard title={t('customers.dashboard.top.title')} subtitle={t('customers.dashboard.top.subtitle')} testId="customers-top">
      {customers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('customers.dashboard.top.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360} type="native">
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customers.dashboard.top.name')}</Table.Th>
                <Table.Th ta="right">{t('customers.dashboard.top.carts')}</Table.Th>
                <Table.Th ta="right">{t('customers.dashboard.top.spend')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {customers.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/customers/edit/$id" params={{ id: String(c.id) }} />}>
                      {c.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{formatInt(c.carts)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(c.spend)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ChartCard>
  );
}

function Charts({ data }: { data: CustomersDashboard }) {
  const perDay = data.per_day.map((d) => ({ ...d, day: formatDay(d.date) }));
  const byStore = data.by_store.map((s) => ({ ...s, store: s.location_name ?? t('customers.dashboard.noStore') }));
  const series = [
    { name: 'new_customers', label: t('customers.dashboard.series.new'), color: 'blue.6' },
    { name: 'returning_customers', label: t('customers.dashboard.series.returning'), color: 'violet.5' },
  ];
  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <ChartCard title={t('customers.dashboard.perDay')} testId="customers-per-day-chart">
          <BarChart h={260} data={perDay} dataKey="day" type="stacked" withLegend valueFormatter={formatInt} series={series} xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }} />
        </ChartCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <ChartCard title={t('customers.dashboard.byStore')} subtitle={t('customers.dashboard.byStoreHint')} testId="customers-by-store-chart">
          {byStore.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('customers.dashboard.noData')}
            </Text>
          ) : (
            <BarChart
              // As tall as the top spenders beside it, so the card has no empty half.
              h={Math.max(260, byStore.length * 56, data.top_customers.length * 40)}
              data={byStore}
              dataKey="store"
              orientation="vertical"
              withLegend
              valueFormatter={formatInt}
              yAxisProps={{ width: 150 }}
              series={[{ name: 'customers', label: t('customers.dashboard.series.customers'), color: 'teal.6' }, ...series]}
            />
          )}
        </ChartCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <TopCustomers customers={data.top_customers} />
      </Grid.Col>
    </Grid>
  );
}

/** Spec §2 /customers/dashboard: new and returning customers per day and by store, and who spends most. */
export function CustomersDashboardPage({ search, onSearchChange }: { search: CustomersDashboardSearch; onSearchChange: (s: CustomersDashboardSearch) => void }) {
  const accountId = useAccountId();
  const dashboard = useQuery(customersDashboardQuery(accountId, search));
  const stores = useQuery(storesQuery(accountId));
  const data = dashboard.data;

  let body;
  if (dashboard.isError)
    body = <LoadError inline format={(message) => t('customers.dashboard.loadError', { message })} error={dashboard.error} retrying={dashboard.isFetching} onRetry={() => void dashboard.refetch()} testId="customers-dashboard-error" />;
  else if (!data)
    body = (
      <CenteredCard>
        <Loader />
        <Text c="dimmed">{t('customers.dashboard.loading')}</Text>
      </CenteredCard>
    );
  else {
    const empty = data.totals.customers === 0 && data.totals.new_customers === 0 && data.top_customers.length === 0;
    body = (
      <Stack gap="lg" style={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={dashboard.isFetching}>
        <Totals totals={data.totals} />
        {empty ? (
          <CenteredCard>
            <ThemeIcon variant="light" color="gray" size={48} radius="xl">
              <IconChartBarOff size={26} />
            </ThemeIcon>
            <Text fw={600}>{t('customers.dashboard.empty')}</Text>
            <Text c="dimmed" size="sm">
              {t('customers.dashboard.emptyHint')}
            </Text>
          </CenteredCard>
        ) : (
          <Charts data={data} />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('customers.dashboard.title')}
        description={t('customers.dashboard.subtitle')}
        actions={
          <Group gap="sm" align="flex-end">
            {dashboard.isFetching && data && <Loader size="xs" aria-label={t('common.loading')} />}
            <Select
              label={t('customers.filters.store')}
              placeholder={t('customers.filters.storePlaceholder')}
              data={storeOptions(stores.data)}
              value={search.location_id ? String(search.location_id) : null}
              onChange={(value) => {
                const { location_id: _drop, ...period } = search;
                onSearchChange(value ? { ...period, location_id: Number(value) } : period);
              }}
              searchable
              clearable
              w={240}
              data-testid="customers-dashboard-store"
            />
            <PeriodPicker value={search} onChange={(period) => onSearchChange({ ...search, ...period })} testId="customers-dashboard-period" />
          </Group>
        }
      />
      {body}
    </Stack>
  );
}
