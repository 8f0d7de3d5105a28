import { Stack, Text } from '@mantine/core';
import { IconAd2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ListFooter, useClampPage } from '../../../../shared/components/list-footer';
import { adsReportQueryOptions, useAccountId, type AdRow, type ReportMetrics } from '../api';
import { adTypeLabel, formatInt } from '../format';
import { ADS_ORDER_FIELDS, toggleAdsSort, type AdsOrderField, type AdsReportSearch, type ReportSearch } from '../search';
import { metricColumns } from './metric-columns';
import { ReportEmpty, ReportError } from './report-states';
import { ReportTable, type Column } from './report-table';
import { t, tn } from '../../../../i18n';

type Search = ReportSearch & AdsReportSearch;
const isOrderField = (key: string): key is AdsOrderField => (ADS_ORDER_FIELDS as readonly string[]).includes(key);

function columnsOf(totals: ReportMetrics | undefined): Array<Column<AdRow>> {
  const metrics = metricColumns<AdRow>(totals).map((c) => (isOrderField(c.key) ? c : { ...c, sortValue: undefined }));
  return [
    {
      key: 'ad',
      label: t('rmReports.ads.ad'),
      minWidth: 220,
      cell: (r) => (
        <Stack gap={2}>
          <Text size="sm" fw={500} lineClamp={2}>
            {r.ad_name}
          </Text>
          <Text size="xs" c="dimmed">
            {adTypeLabel(r.ad_type)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'campaign',
      label: t('rmReports.ads.campaign'),
      minWidth: 220,
      cell: (r) => (
        <Stack gap={2}>
          <Text size="sm" lineClamp={2}>
            {r.campaign_name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {t('rmReports.ads.parties', { advertiser: r.advertiser_name, publisher: r.publisher_name })}
          </Text>
        </Stack>
      ),
    },
    ...metrics,
  ];
}

interface Props {
  search: Search;
  onSearchChange: (update: (prev: Search) => Search) => void;
}

/** Anúncios: every ad of the period, 50 a page, sorted by the API. */
export function AdsReportView({ search, onSearchChange }: Props) {
  const query = useQuery(adsReportQueryOptions(useAccountId(), search));
  const data = query.data;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(data?.meta, query.isPlaceholderData, search.page, setPage);

  if (query.isError) return <ReportError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  if (data && data.meta.total === 0) return <ReportEmpty icon={<IconAd2 size={26} />} />;
  const columns = columnsOf(data?.totals);
  return (
    <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} data-testid="report-body">
      <ReportTable
        title={t('rmReports.ads.title')}
        rows={data?.data}
        columns={columns}
        rowKey={(r) => r.ad_id}
        sorting={{ by: search.sort_by, direction: search.sort_direction, onSort: (key) => isOrderField(key) && onSearchChange((prev) => toggleAdsSort(prev, key)) }}
        totalLabel={t('rmReports.total')}
        minWidth={1180}
        testId="report-ads-table"
        rowTestId="report-row"
        footer={
          <ListFooter meta={data?.meta} page={search.page} fetching={query.isFetching} onPage={setPage} totalLabel={(total) => tn('rmReports.ads.total', total, { total: formatInt(total) })} />
        }
      />
    </div>
  );
}
