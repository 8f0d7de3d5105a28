import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SubpublishersPage } from '../../../features/retail-media/config/subpublishers-page';
import { PARTNERS_SEARCH_DEFAULTS, PartnersSearch } from '../../../features/retail-media/config/partners-search';

export const Route = createFileRoute('/_private/retail-media/subpublishers')({
  validateSearch: PartnersSearch,
  search: { middlewares: [stripSearchParams(PARTNERS_SEARCH_DEFAULTS)] },
  component: Subpublishers,
});

function Subpublishers() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: PartnersSearch) => PartnersSearch) => void navigate({ search: update }), [navigate]);
  return <SubpublishersPage search={search} onSearchChange={onSearchChange} />;
}
