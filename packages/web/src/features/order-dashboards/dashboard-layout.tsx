import { Card, Grid, Group, Loader, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBarOff, IconPlugConnected } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ORDER_CHANNELS, ORDER_CHANNEL_LABELS, type OrderChannel } from '@backoffice/contracts';
import { CenteredCard } from '../../shared/components/centered-card';
import { StoreFilter } from '../../shared/components/store-filter';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PeriodPicker } from '../../shared/components/period-picker';
import { StatCard, type StatCardProps } from '../../shared/components/stat-card';
import type { DashboardSearch } from './dashboard-search';
import { t } from '../../i18n';


/** Nothing happened in the period (under the cards, in place of the charts and tables). */
export function EmptyDashboard({ title, hint }: { title: string; hint: string }) {
  return (
    <CenteredCard testId="order-dashboard-empty">
      <ThemeIcon variant="light" color="gray" size={48} radius="xl">
        <IconChartBarOff size={26} />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text c="dimmed" size="sm" maw={460}>
        {hint}
      </Text>
    </CenteredCard>
  );
}


function ChannelFilter({ value, onChange }: { value: OrderChannel | undefined; onChange: (c: OrderChannel | undefined) => void }) {
  return (
    <Select
      label={t('orderDashboards.channel')}
      placeholder={t('orderDashboards.allChannels')}
      data={ORDER_CHANNELS.map((c) => ({ value: c, label: ORDER_CHANNEL_LABELS[c] }))}
      value={value ?? null}
      onChange={(v) => onChange((v as OrderChannel | null) ?? undefined)}
      leftSection={<IconPlugConnected size={16} />}
      clearable
      w={{ base: '100%', xs: 200 }}
      data-testid="order-dashboard-channel"
    />
  );
}

export interface DashboardLayoutProps<T> {
  title: string;
  subtitle: string;
  search: DashboardSearch;
  onSearchChange: (s: DashboardSearch) => void;
  /** The orders dashboard filters by channel too. */
  withChannel?: boolean;
  /** More controls before the filters (the picking dashboard's mode). */
  extra?: ReactNode;
  /** More controls after the period (the sales dashboard's comparison). */
  extraAfter?: ReactNode;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/** A dashboard page: header with store (and channel) and period filters; loading, error, then the numbers (dimmed while a new period loads). */
export function DashboardLayout<T>({ title, subtitle, search, onSearchChange, withChannel, extra, extraAfter, query, children }: DashboardLayoutProps<T>) {
  const data = query.data;
  let body: ReactNode;
  if (query.isError)
    body = (
      <LoadError
        inline
        testId="order-dashboard-error"
        format={(message) => t('orderDashboards.loadError', { message })}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  else if (data === undefined)
    body = (
      <CenteredCard testId="order-dashboard-loading">
        <Loader />
        <Text c="dimmed">{t('orderDashboards.loading')}</Text>
      </CenteredCard>
    );
  else
    body = (
      <Stack gap="lg" style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={query.isFetching} data-testid="order-dashboard">
        {children(data)}
      </Stack>
    );

  const { channel, location_id, from, to } = search;
  const next = (change: Partial<DashboardSearch>) => {
    const merged = { from, to, location_id, channel, ...change };
    onSearchChange({
      from: merged.from,
      to: merged.to,
      ...(merged.location_id ? { location_id: merged.location_id } : {}),
      ...(merged.channel ? { channel: merged.channel } : {}),
    });
  };
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description={subtitle}
        actions={
          <Group gap="sm" align="flex-end" wrap="wrap">
            {query.isFetching && data !== undefined && <Loader size="xs" aria-label={t('common.loading')} />}
            {extra}
            <StoreFilter value={location_id} onChange={(id) => next({ location_id: id })} testId="order-dashboard-store" />
            {withChannel && <ChannelFilter value={channel} onChange={(c) => next({ channel: c })} />}
            <PeriodPicker value={{ start_date: from, end_date: to }} onChange={(p) => next({ from: p.start_date, to: p.end_date })} testId="order-dashboard-period" />
            {extraAfter}
          </Group>
        }
      />
      {body}
    </Stack>
  );
}

export type Kpi = Omit<StatCardProps, 'testId'> & { key: string };

/** The KPI cards: four a row from `md` up, two on tablets, one on phones. Each is `order-dashboard-kpi`. */
export function KpiCards({ cards }: { cards: Kpi[] }) {
  return (
    <Grid columns={4} gap="md">
      {cards.map(({ key, ...c }) => (
        <Grid.Col key={key} span={{ base: 4, xs: 2, md: 1 }}>
          <StatCard {...c} testId="order-dashboard-kpi" />
        </Grid.Col>
      ))}
    </Grid>
  );
}

/** A titled card around a chart or a table; `actions` (a download) go on the right of the title. */
export function Panel({ title, hint, testId, children, padded = true, actions }: { title: string; hint?: string; testId: string; children: ReactNode; padded?: boolean; actions?: ReactNode }) {
  const space = { px: padded ? 0 : 'lg', pt: padded ? 0 : 'md', pb: padded ? 0 : 'xs' };
  const heading = (
    <Stack gap={2} miw={0} {...(actions ? {} : space)}>
      <Title order={5}>{title}</Title>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
  return (
    <Card withBorder radius="md" padding={padded ? 'lg' : 0} data-testid={testId}>
      <Stack gap={padded ? 'md' : 0}>
        {actions ? (
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" {...space}>
            {heading}
            {actions}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Card>
  );
}
