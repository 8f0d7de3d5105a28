import { createFileRoute } from '@tanstack/react-router';
import { overviewQuery } from '../../../../features/retail-media/reports/api';
import { OverviewReportView } from '../../../../features/retail-media/reports/components/overview-report';

export const Route = createFileRoute('/_private/retail-media/report/overview')({
  loaderDeps: ({ search }) => search,
  // Not awaited: the report shows its skeleton while it loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(overviewQuery(context.session.account.id, deps)),
  component: Report,
});

function Report() {
  return <OverviewReportView search={Route.useSearch()} />;
}
