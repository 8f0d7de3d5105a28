import type { ReportMetrics } from '../api';
import { formatInt, formatMoney, formatPercent, formatRoas } from '../format';
import type { Column } from './report-table';
import { t } from '../../../../i18n';

type MetricKey = 'impressions' | 'clicks' | 'ctr' | 'conversions' | 'total_spent' | 'income' | 'roas' | 'cpa' | 'avg_cpc';

const METRICS: Record<MetricKey, { label: string; format: (value: number) => string }> = {
  impressions: { label: 'rmReports.metrics.impressions', format: formatInt },
  clicks: { label: 'rmReports.metrics.clicks', format: formatInt },
  ctr: { label: 'rmReports.metrics.ctr', format: formatPercent },
  conversions: { label: 'rmReports.metrics.conversions', format: formatInt },
  total_spent: { label: 'rmReports.metrics.spent', format: formatMoney },
  income: { label: 'rmReports.metrics.income', format: formatMoney },
  roas: { label: 'rmReports.metrics.roas', format: formatRoas },
  cpa: { label: 'rmReports.metrics.cpa', format: formatMoney },
  avg_cpc: { label: 'rmReports.metrics.avgCpc', format: formatMoney },
};

export const DEFAULT_METRICS: MetricKey[] = ['impressions', 'clicks', 'ctr', 'conversions', 'total_spent', 'income', 'roas', 'cpa'];

/** The metric columns of a report table (right-aligned, sortable), with the period's totals in the footer. */
export function metricColumns<Row extends ReportMetrics>(totals?: ReportMetrics, keys: MetricKey[] = DEFAULT_METRICS): Array<Column<Row>> {
  return keys.map((key) => {
    const { label, format } = METRICS[key];
    return {
      key,
      label: t(label),
      numeric: true,
      cell: (row: Row) => format(row[key]),
      sortValue: (row: Row) => row[key],
      total: totals ? format(totals[key]) : undefined,
    };
  });
}
