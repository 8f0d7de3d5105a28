import { createFileRoute } from '@tanstack/react-router';
import { dailyConsolidationQuery } from '../../../../features/retail-media/reports/api';
import { DailyConsolidationReportView } from '../../../../features/retail-media/reports/components/daily-consolidation-report';

export const Route = createFileRoute('/_private/retail-media/report/daily_consolidation')({
  loaderDeps: ({ search }) => search,
  // Not awaited: the report shows its skeleton while it loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(dailyConsolidationQuery(context.session.account.id, deps)),
  component: Report,
});

function Report() {
  return <DailyConsolidationReportView search={Route.useSearch()} />;
}
