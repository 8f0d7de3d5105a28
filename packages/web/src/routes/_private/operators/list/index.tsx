import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { OperatorsListRoute } from '../../../../features/operators/operators-list-route';
import { OPERATORS_SEARCH_DEFAULTS, OperatorsSearch, toOperatorsQuery } from '../../../../features/operators/operators-search';
import { operatorsListQuery } from '../../../../features/operators/api';

/** Spec §2: where creating, updating and deleting an operator, and a failed operator load, land. */
export const Route = createFileRoute('/_private/operators/list/')({
  validateSearch: OperatorsSearch,
  search: { middlewares: [stripSearchParams(OPERATORS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state while the first page loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(operatorsListQuery(context.session.account.id, toOperatorsQuery(deps, undefined))),
  component: function OperatorsList() {
    return <OperatorsListRoute search={Route.useSearch()} locationId={undefined} />;
  },
});
