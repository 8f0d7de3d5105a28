import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { audiencesListQuery } from '../../../features/retail-media/audiences/api';
import { AudiencesListPage } from '../../../features/retail-media/audiences/audiences-list-page';
import { AUDIENCES_SEARCH_DEFAULTS, AudiencesSearch } from '../../../features/retail-media/audiences/audiences-search';

export const Route = createFileRoute('/_private/retail-media/audiences')({
  validateSearch: AudiencesSearch,
  search: { middlewares: [stripSearchParams(AUDIENCES_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(audiencesListQuery(context.session.account.id, deps)),
  component: Audiences,
});

function Audiences() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: AudiencesSearch) => AudiencesSearch) => void navigate({ search: update }), [navigate]);
  return <AudiencesListPage search={search} onSearchChange={onSearchChange} />;
}
