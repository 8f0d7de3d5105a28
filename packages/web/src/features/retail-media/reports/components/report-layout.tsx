import { ScrollArea, Stack, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RmReportKind } from '@backoffice/contracts';
import { PageHeader } from '../../../../shared/components/page-header';
import type { Period } from '../../../../shared/ui/period';
import { useReportFilterOptions, useStateAdvertiserId } from '../api';
import { reportLabel } from '../format';
import { applyReportFilter, type ReportFilters, type ReportSearch } from '../search';
import { DownloadMenu } from './download-menu';
import { ReportFiltersBar } from './report-filters';
import { t } from '../../../../i18n';

interface Props {
  report: RmReportKind;
  search: ReportSearch;
  onSearchChange: (update: (prev: ReportSearch) => ReportSearch) => void;
  /** Opens another report with the same period and filters. */
  onReportChange: (report: RmReportKind) => void;
  children: ReactNode;
}

/** The seven reports' frame: the title and download, the navigation between them, and the shared filters. */
export function ReportLayout({ report, search, onSearchChange, onReportChange, children }: Props) {
  const options = useReportFilterOptions();
  const setPeriod = (period: Period) => onSearchChange((prev) => applyReportFilter(prev, period));
  const setFilter = (patch: Partial<ReportFilters>) => onSearchChange((prev) => applyReportFilter(prev, patch));
  // advertisers_state needs its advertiser, in the file as on the screen.
  const stateAdvertiser = useStateAdvertiserId(search);
  const waitsForAdvertiser = report === 'advertisers_state' && !stateAdvertiser;
  const downloadSearch = report === 'advertisers_state' && stateAdvertiser ? { ...search, advertiser_id: stateAdvertiser } : search;

  return (
    <Stack gap="md">
      <PageHeader title={t('rmReports.title')} description={t(`rmReports.hints.${report}`)} actions={<DownloadMenu report={report} search={downloadSearch} disabled={waitsForAdvertiser} />} />
      <ScrollArea type="auto" scrollbars="x" offsetScrollbars="x">
        <Tabs value={report} onChange={(value) => value && value !== report && onReportChange(value as RmReportKind)} aria-label={t('rmReports.navLabel')}>
          <Tabs.List style={{ flexWrap: 'nowrap' }} data-testid="report-nav">
            {options.reports.map((r) => (
              <Tabs.Tab key={r} value={r} data-report={r} style={{ whiteSpace: 'nowrap' }}>
                {reportLabel(r)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </ScrollArea>
      <ReportFiltersBar
        report={report}
        search={search}
        publishers={options.publishers}
        advertisers={options.advertisers}
        showAdvertiser={options.showAdvertiser}
        onPeriod={setPeriod}
        onFilter={setFilter}
      />
      {children}
    </Stack>
  );
}
