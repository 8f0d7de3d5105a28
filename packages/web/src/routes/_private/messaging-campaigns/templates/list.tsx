import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { templatesListQuery, type TemplatesSearch } from '../../../../features/messaging-campaigns/templates-api';
import { TemplatesListPage } from '../../../../features/messaging-campaigns/templates-list-page';
import { TEMPLATES_SEARCH_DEFAULTS, TemplatesSearchSchema } from '../../../../features/messaging-campaigns/templates-search';

export const Route = createFileRoute('/_private/messaging-campaigns/templates/list')({
  validateSearch: TemplatesSearchSchema,
  search: { middlewares: [stripSearchParams(TEMPLATES_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(templatesListQuery(context.session.account.id, deps)),
  component: TemplatesList,
});

function TemplatesList() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: TemplatesSearch) => TemplatesSearch) => void navigate({ search: update }), [navigate]);
  return <TemplatesListPage search={search} onSearchChange={onSearchChange} />;
}
