import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { adsReportQueryOptions } from '../../../../features/retail-media/reports/api';
import { AdsReportView } from '../../../../features/retail-media/reports/components/ads-report';
import { ADS_SEARCH_DEFAULTS, AdsReportSearch, type ReportSearch } from '../../../../features/retail-media/reports/search';

export const Route = createFileRoute('/_private/retail-media/report/ads')({
  validateSearch: AdsReportSearch,
  search: { middlewares: [stripSearchParams(ADS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the table shows its skeleton rows while the first page loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(adsReportQueryOptions(context.session.account.id, deps)),
  component: Report,
});

type Search = ReportSearch & AdsReportSearch;

function Report() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: Search) => Search) => void navigate({ search: update }), [navigate]);
  return <AdsReportView search={search} onSearchChange={onSearchChange} />;
}
