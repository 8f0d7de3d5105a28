import { IconCalendarStats } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { dailyConsolidationQuery, useAccountId, type DailyConsolidationReport, type DailyRow } from '../api';
import { formatDate } from '../format';
import type { ReportSearch } from '../search';
import { metricColumns } from './metric-columns';
import { ReportEmpty, ReportSkeleton, ReportView } from './report-states';
import { ReportTable, useClientSort, type Column } from './report-table';
import { t } from '../../../../i18n';

function columnsOf(data: DailyConsolidationReport): Array<Column<DailyRow>> {
  return [
    { key: 'date', label: t('rmReports.daily.date'), cell: (r) => formatDate(r.date), sortValue: (r) => r.date, nowrap: true },
    { key: 'publisher', label: t('rmReports.daily.publisher'), cell: (r) => r.publisher_name, sortValue: (r) => r.publisher_name, nowrap: true },
    { key: 'advertiser', label: t('rmReports.daily.advertiser'), cell: (r) => r.advertiser_name, sortValue: (r) => r.advertiser_name, nowrap: true },
    ...metricColumns<DailyRow>(data.totals),
  ];
}

function DailyTable({ data }: { data: DailyConsolidationReport }) {
  const columns = columnsOf(data);
  // Newest day first; the rows of one day keep the API’s order.
  const { rows, sorting } = useClientSort(data.rows, columns, { by: 'date', direction: 'desc' });
  return (
    <ReportTable
      title={t('rmReports.daily.title')}
      rows={rows}
      columns={columns}
      rowKey={(r) => `${r.date}|${r.publisher_id}|${r.advertiser_id}`}
      sorting={sorting}
      totalLabel={t('rmReports.total')}
      minWidth={1320}
      testId="report-daily-table"
      rowTestId="report-row"
    />
  );
}

/** Consolidado diário: each day × publisher × advertiser, with the period's totals. */
export function DailyConsolidationReportView({ search }: { search: ReportSearch }) {
  const query = useQuery(dailyConsolidationQuery(useAccountId(), search));
  return (
    <ReportView query={query} skeleton={<ReportSkeleton cards={0} />}>
      {(data) => (data.rows.length === 0 ? <ReportEmpty icon={<IconCalendarStats size={26} />} /> : <DailyTable data={data} />)}
    </ReportView>
  );
}
