import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { messagingDashboardQuery } from '../../../features/messaging-campaigns/api';
import { CampaignsDashboardPage } from '../../../features/messaging-campaigns/campaigns-dashboard-page';
import { MessagingDashboardSearch } from '../../../features/messaging-campaigns/dashboard-search';
import type { Period } from '../../../shared/ui/period';

export const Route = createFileRoute('/_private/messaging-campaigns/dashboard')({
  validateSearch: MessagingDashboardSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state, then the numbers or the error banner.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(messagingDashboardQuery(context.session.account.id, deps)),
  component: MessagingDashboard,
});

function MessagingDashboard() {
  const period = Route.useSearch();
  const navigate = Route.useNavigate();
  const onPeriodChange = useCallback((next: Period) => void navigate({ search: next }), [navigate]);
  return <CampaignsDashboardPage period={period} onPeriodChange={onPeriodChange} />;
}
