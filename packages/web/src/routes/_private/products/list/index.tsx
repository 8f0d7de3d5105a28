import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { ProductsListRoute } from '../../../../features/products/products-list-route';
import { PRODUCTS_SEARCH_DEFAULTS, ProductsSearch } from '../../../../features/products/products-search';
import { productsListQuery, toProductsQuery } from '../../../../features/products/api';

/** Spec §2: the account's catalog, 50 per page. */
export const Route = createFileRoute('/_private/products/list/')({
  validateSearch: ProductsSearch,
  search: { middlewares: [stripSearchParams(PRODUCTS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its skeleton while the first page loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(productsListQuery(context.session.account.id, toProductsQuery(deps, undefined))),
  component: function ProductsList() {
    return <ProductsListRoute search={Route.useSearch()} locationId={undefined} />;
  },
});
