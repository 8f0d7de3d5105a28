import { createFileRoute } from '@tanstack/react-router';
import { advertisersReportQuery } from '../../../../features/retail-media/reports/api';
import { AdvertisersReportView } from '../../../../features/retail-media/reports/components/advertisers-report';

export const Route = createFileRoute('/_private/retail-media/report/advertisers')({
  loaderDeps: ({ search }) => search,
  // Not awaited: the report shows its skeleton while it loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(advertisersReportQuery(context.session.account.id, deps)),
  component: Report,
});

function Report() {
  return <AdvertisersReportView search={Route.useSearch()} />;
}
