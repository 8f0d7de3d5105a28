import { createFileRoute } from '@tanstack/react-router';
import { hourOverviewQuery } from '../../../../features/retail-media/reports/api';
import { HourOverviewReportView } from '../../../../features/retail-media/reports/components/hour-overview-report';

export const Route = createFileRoute('/_private/retail-media/report/hour_overview')({
  loaderDeps: ({ search }) => search,
  // Not awaited: the report shows its skeleton while it loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(hourOverviewQuery(context.session.account.id, deps)),
  component: Report,
});

function Report() {
  return <HourOverviewReportView search={Route.useSearch()} />;
}
