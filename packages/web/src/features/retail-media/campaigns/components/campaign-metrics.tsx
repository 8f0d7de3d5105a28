import { Grid, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconCash,
  IconClick,
  IconCoin,
  IconEye,
  IconPercentage,
  IconReceipt,
  IconShoppingCart,
  IconTrendingUp,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdDailyCharts, NoMetrics } from '../../../../shared/components/metrics-charts';
import { PeriodPicker } from '../../../../shared/components/period-picker';
import { StatCard } from '../../../../shared/components/stat-card';
import { defaultPeriod, type Period } from '../../../../shared/ui/period';
import { campaignDashboardQuery, useAccountId, type CampaignDashboard } from '../api';
import { formatInt, formatMoney, formatPercent, formatRoas } from '../describe';
import { CampaignLoadError } from './campaign-load-states';
import { t } from '../../../../i18n';

const CHART_HEIGHT = 220;
const span = { base: 6, md: 3 };

function Cards({ totals }: { totals: CampaignDashboard['totals'] }) {
  const testId = 'campaign-metric-card';
  const cards = [
    <StatCard key="impressions" label={t('rmCampaigns.metrics.impressions')} value={formatInt(totals.impressions)} icon={IconEye} color="blue" testId={testId} />,
    <StatCard key="clicks" label={t('rmCampaigns.metrics.clicks')} value={formatInt(totals.clicks)} icon={IconClick} color="violet" testId={testId} />,
    <StatCard key="ctr" label={t('rmCampaigns.metrics.ctr')} value={formatPercent(totals.ctr)} icon={IconPercentage} color="cyan" testId={testId} />,
    <StatCard key="conversions" label={t('rmCampaigns.metrics.conversions')} value={formatInt(totals.conversions)} icon={IconShoppingCart} color="grape" testId={testId} />,
    <StatCard key="spent" label={t('rmCampaigns.metrics.spent')} value={formatMoney(totals.total_spent)} icon={IconCoin} color="orange" testId={testId} />,
    <StatCard key="income" label={t('rmCampaigns.metrics.income')} value={formatMoney(totals.income)} icon={IconCash} color="teal" testId={testId} />,
    <StatCard key="roas" label={t('rmCampaigns.metrics.roas')} value={formatRoas(totals.roas)} icon={IconTrendingUp} color="green" testId={testId} />,
    <StatCard key="cpc" label={t('rmCampaigns.metrics.avgCpc')} value={formatMoney(totals.avg_cpc)} icon={IconReceipt} color="gray" testId={testId} />,
  ];
  return (
    <Grid gap="md">
      {cards.map((card) => (
        <Grid.Col key={card.key} span={span}>
          {card}
        </Grid.Col>
      ))}
    </Grid>
  );
}

/** "Desempenho": totals and daily charts of the last 30 São Paulo days, or a picked period. */
export function CampaignMetricsSection({ campaignId }: { campaignId: number }) {
  const [period, setPeriod] = useState<Period>(() => defaultPeriod());
  const dashboard = useQuery(campaignDashboardQuery(useAccountId(), campaignId, period));
  const data = dashboard.data;
  const quiet = data && data.days.every((d) => d.impressions === 0 && d.clicks === 0 && d.total_spent === 0 && d.income === 0);

  let body;
  if (dashboard.isError) body = <CampaignLoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />;
  else if (!data)
    body = (
      <Stack gap="md" aria-busy="true" data-testid="campaign-metrics-loading">
        <Skeleton height={82} radius="md" />
        <Skeleton height={CHART_HEIGHT + 80} radius="md" />
      </Stack>
    );
  else
    body = (
      <Stack gap="md" style={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <Cards totals={data.totals} />
        {quiet ? <NoMetrics title={t('rmCampaigns.metrics.empty')} hint={t('rmCampaigns.metrics.emptyHint')} testId="campaign-metrics-empty" /> : <AdDailyCharts
            days={data.days}
            testIdPrefix="campaign"
            h={CHART_HEIGHT}
            labels={{
              trafficTitle: t('rmCampaigns.metrics.trafficTitle'),
              moneyTitle: t('rmCampaigns.metrics.moneyTitle'),
              impressions: t('rmCampaigns.metrics.impressions'),
              clicks: t('rmCampaigns.metrics.clicks'),
              income: t('rmCampaigns.metrics.income'),
              spent: t('rmCampaigns.metrics.spent'),
            }}
          />}
      </Stack>
    );

  return (
    <Stack gap="md" component="section" aria-labelledby="campaign-metrics-title" data-testid="campaign-metrics">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={4} id="campaign-metrics-title">
            {t('rmCampaigns.metrics.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('rmCampaigns.metrics.subtitle')}
          </Text>
        </Stack>
        <Group gap="xs" align="flex-end">
          {dashboard.isFetching && data && <Loader size="xs" aria-label={t('common.loading')} />}
          <PeriodPicker value={period} onChange={setPeriod} testId="campaign-metrics-period" w={240} />
        </Group>
      </Group>
      {body}
    </Stack>
  );
}
