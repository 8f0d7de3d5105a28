import { createFileRoute } from '@tanstack/react-router';
import { AdvertiserStateReportView } from '../../../../features/retail-media/reports/components/advertiser-state-report';

// No loader: the report waits for an advertiser to be chosen (spec §2).
export const Route = createFileRoute('/_private/retail-media/report/advertisers_state')({
  component: Report,
});

function Report() {
  return <AdvertiserStateReportView search={Route.useSearch()} />;
}
