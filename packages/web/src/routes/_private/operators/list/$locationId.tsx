import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { OperatorsListRoute } from '../../../../features/operators/operators-list-route';
import { OPERATORS_SEARCH_DEFAULTS, OperatorsSearch, parseLocationId, toOperatorsQuery } from '../../../../features/operators/operators-search';
import { operatorsListQuery } from '../../../../features/operators/api';

/** The operators of one store: the store filter preselected (a malformed id lists every store). */
export const Route = createFileRoute('/_private/operators/list/$locationId')({
  validateSearch: OperatorsSearch,
  search: { middlewares: [stripSearchParams(OPERATORS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, params }) =>
    void context.queryClient.prefetchQuery(operatorsListQuery(context.session.account.id, toOperatorsQuery(deps, parseLocationId(params.locationId)))),
  component: function StoreOperatorsList() {
    const { locationId } = Route.useParams();
    return <OperatorsListRoute search={Route.useSearch()} locationId={parseLocationId(locationId)} />;
  },
});
