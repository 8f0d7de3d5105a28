import { createFileRoute } from '@tanstack/react-router';
import { opportunityCostQuery } from '../../../../features/retail-media/reports/api';
import { OpportunityCostReportView } from '../../../../features/retail-media/reports/components/opportunity-cost-report';

export const Route = createFileRoute('/_private/retail-media/report/opportunity_cost')({
  loaderDeps: ({ search }) => search,
  // Not awaited: the report shows its skeleton while it loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(opportunityCostQuery(context.session.account.id, deps)),
  component: Report,
});

function Report() {
  return <OpportunityCostReportView search={Route.useSearch()} />;
}
