import { IconBuildingStore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { advertisersReportQuery, useAccountId, type AdvertiserRow, type AdvertisersReport } from '../api';
import { formatInt, formatMoney } from '../format';
import type { ReportSearch } from '../search';
import { metricColumns } from './metric-columns';
import { ReportEmpty, ReportSkeleton, ReportView } from './report-states';
import { ReportTable, useClientSort, type Column } from './report-table';
import { t } from '../../../../i18n';

/** The wallet comes right after the name: the balance is what a publisher looks for first. */
function columnsOf(data: AdvertisersReport): Array<Column<AdvertiserRow>> {
  const balances = data.rows.map((r) => r.wallet_balance).filter((b): b is number => b !== null);
  return [
    { key: 'name', label: t('rmReports.advertisers.advertiser'), cell: (r) => r.advertiser_name, sortValue: (r) => r.advertiser_name, nowrap: true },
    {
      key: 'wallet_balance',
      label: t('rmReports.advertisers.walletBalance'),
      numeric: true,
      cell: (r) => (r.wallet_balance === null ? t('rmReports.none') : formatMoney(r.wallet_balance)),
      sortValue: (r) => r.wallet_balance ?? -Infinity,
      total: balances.length ? formatMoney(balances.reduce((sum, b) => sum + b, 0)) : undefined,
    },
    {
      key: 'active_campaigns',
      label: t('rmReports.advertisers.activeCampaigns'),
      numeric: true,
      cell: (r) => formatInt(r.active_campaigns),
      sortValue: (r) => r.active_campaigns,
      total: formatInt(data.rows.reduce((sum, r) => sum + r.active_campaigns, 0)),
    },
    ...metricColumns<AdvertiserRow>(data.totals),
  ];
}

function AdvertisersTable({ data }: { data: AdvertisersReport }) {
  const columns = columnsOf(data);
  const { rows, sorting } = useClientSort(data.rows, columns, { by: 'total_spent', direction: 'desc' });
  return (
    <ReportTable
      title={t('rmReports.advertisers.title')}
      rows={rows}
      columns={columns}
      rowKey={(r) => r.advertiser_id}
      sorting={sorting}
      totalLabel={t('rmReports.total')}
      minWidth={1180}
      testId="report-advertisers-table"
      rowTestId="report-row"
    />
  );
}

/** Anunciantes: one sortable row per advertiser with its wallet balance, and the period's totals. */
export function AdvertisersReportView({ search }: { search: ReportSearch }) {
  const query = useQuery(advertisersReportQuery(useAccountId(), search));
  return (
    <ReportView query={query} skeleton={<ReportSkeleton cards={0} />}>
      {(data) => (data.rows.length === 0 ? <ReportEmpty icon={<IconBuildingStore size={26} />} /> : <AdvertisersTable data={data} />)}
    </ReportView>
  );
}
