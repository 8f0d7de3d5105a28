import { Grid } from '@mantine/core';
import { IconCash, IconClick, IconCoin, IconEye, IconPercentage, IconReceipt, IconShoppingCart, IconTrendingUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AdDailyCharts } from '../../../../shared/components/metrics-charts';
import { StatCard } from '../../../../shared/components/stat-card';
import { overviewQuery, useAccountId, type OverviewReport, type ReportMetrics } from '../api';
import { adTypeLabel, contextLabel, formatInt, formatMoney, formatPercent, formatRoas } from '../format';
import type { ReportSearch } from '../search';
import { metricColumns } from './metric-columns';
import { ReportEmpty, ReportView } from './report-states';
import { ReportTable, type Column } from './report-table';
import { t } from '../../../../i18n';

export const CHART_HEIGHT = 240;

/** The eight numbers of a period: four a row from `lg` up, two below (money needs the width). */
export function MetricCards({ totals }: { totals: ReportMetrics }) {
  const testId = 'report-metric-card';
  const cards = [
    <StatCard key="impressions" label={t('rmReports.metrics.impressions')} value={formatInt(totals.impressions)} icon={IconEye} color="blue" testId={testId} />,
    <StatCard key="clicks" label={t('rmReports.metrics.clicks')} value={formatInt(totals.clicks)} icon={IconClick} color="violet" testId={testId} />,
    <StatCard key="ctr" label={t('rmReports.metrics.ctr')} value={formatPercent(totals.ctr)} icon={IconPercentage} color="cyan" testId={testId} />,
    <StatCard key="spent" label={t('rmReports.metrics.spent')} value={formatMoney(totals.total_spent)} icon={IconCoin} color="orange" testId={testId} />,
    <StatCard key="income" label={t('rmReports.metrics.income')} value={formatMoney(totals.income)} icon={IconCash} color="teal" testId={testId} />,
    <StatCard key="roas" label={t('rmReports.metrics.roas')} value={formatRoas(totals.roas)} icon={IconTrendingUp} color="green" testId={testId} />,
    <StatCard key="conversions" label={t('rmReports.metrics.conversions')} value={formatInt(totals.conversions)} icon={IconShoppingCart} color="grape" testId={testId} />,
    <StatCard key="cpa" label={t('rmReports.metrics.cpa')} value={formatMoney(totals.cpa)} icon={IconReceipt} color="gray" testId={testId} />,
  ];
  return (
    <Grid gap="md">
      {cards.map((card) => (
        <Grid.Col key={card.key} span={{ base: 6, lg: 3 }}>
          {card}
        </Grid.Col>
      ))}
    </Grid>
  );
}

const quiet = (m: ReportMetrics) => m.impressions === 0 && m.clicks === 0 && m.total_spent === 0 && m.income === 0 && m.conversions === 0;

type AdTypeRow = OverviewReport['by_ad_type'][number];
type ContextRow = OverviewReport['by_context'][number];

/** Visão geral: the period's cards, the daily charts, and the numbers by ad format and by context. */
export function OverviewReportView({ search }: { search: ReportSearch }) {
  const query = useQuery(overviewQuery(useAccountId(), search));
  return (
    <ReportView query={query}>
      {(data) => {
        const byType: Array<Column<AdTypeRow>> = [
          { key: 'ad_type', label: t('rmReports.overview.adType'), cell: (r) => adTypeLabel(r.ad_type), minWidth: 160 },
          ...metricColumns<AdTypeRow>(data.totals),
        ];
        const byContext: Array<Column<ContextRow>> = [
          { key: 'context', label: t('rmReports.overview.context'), cell: (r) => contextLabel(r.context), minWidth: 160 },
          ...metricColumns<ContextRow>(data.totals),
        ];
        return (
          <>
            <MetricCards totals={data.totals} />
            {quiet(data.totals) ? (
              <ReportEmpty />
            ) : (
              <>
                <AdDailyCharts
                  days={data.days}
                  testIdPrefix="report"
                  h={CHART_HEIGHT}
                  labels={{
                    trafficTitle: t('rmReports.overview.trafficTitle'),
                    moneyTitle: t('rmReports.overview.moneyTitle'),
                    impressions: t('rmReports.metrics.impressions'),
                    clicks: t('rmReports.metrics.clicks'),
                    income: t('rmReports.metrics.income'),
                    spent: t('rmReports.metrics.spent'),
                  }}
                />
                <ReportTable title={t('rmReports.overview.byAdType')} rows={data.by_ad_type} columns={byType} rowKey={(r) => r.ad_type} totalLabel={t('rmReports.total')} testId="report-by-ad-type" rowTestId="report-row" />
                <ReportTable title={t('rmReports.overview.byContext')} rows={data.by_context} columns={byContext} rowKey={(r) => r.context} totalLabel={t('rmReports.total')} testId="report-by-context" rowTestId="report-row" />
              </>
            )}
          </>
        );
      }}
    </ReportView>
  );
}
