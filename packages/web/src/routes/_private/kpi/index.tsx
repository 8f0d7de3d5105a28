import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { prefetchPage } from '../../../features/industry-analytics/api';
import { KpiSearch } from '../../../features/industry-analytics/industry-search';
import { KpiPage } from '../../../features/industry-analytics/kpi-page';

export const Route = createFileRoute('/_private/kpi/')({
  validateSearch: KpiSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state, then the numbers or the error banner.
  loader: ({ context, deps }) => prefetchPage.kpi(context.queryClient, context.session.account.id, deps),
  component: Kpi,
});

function Kpi() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: KpiSearch) => void navigate({ search: next }), [navigate]);
  return <KpiPage search={search} onSearchChange={onSearchChange} />;
}
