import { Outlet, createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { RmReportKind } from '@backoffice/contracts';
import { ReportLayout } from '../../../../features/retail-media/reports/components/report-layout';
import { ReportSearch, isReport, sharedSearch } from '../../../../features/retail-media/reports/search';

export const Route = createFileRoute('/_private/retail-media/report')({
  validateSearch: ReportSearch,
  component: Reports,
});

function Reports() {
  const search = Route.useSearch();
  // Not Route.useNavigate(): filters change the search of the report on screen, not of this layout's path.
  const navigate = useNavigate();
  const segment = useLocation({ select: (l) => l.pathname.split('/').filter(Boolean).at(-1) });
  const onSearchChange = useCallback(
    (update: (prev: ReportSearch) => ReportSearch) => void navigate({ to: '.', search: (prev) => update(prev as ReportSearch) }),
    [navigate],
  );
  const onReportChange = useCallback(
    (report: RmReportKind) => void navigate({ to: `/retail-media/report/${report}`, search: (prev) => sharedSearch(prev as ReportSearch) }),
    [navigate],
  );
  if (!isReport(segment)) return <Outlet />;
  return (
    <ReportLayout report={segment} search={search} onSearchChange={onSearchChange} onReportChange={onReportChange}>
      <Outlet />
    </ReportLayout>
  );
}
