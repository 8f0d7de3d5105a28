import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { ProductsListRoute } from '../../../../features/products/products-list-route';
import { PRODUCTS_SEARCH_DEFAULTS, ProductsSearch, parseLocationId } from '../../../../features/products/products-search';
import { productsListQuery, toProductsQuery } from '../../../../features/products/api';

/** Spec §2: one store's offers (a malformed id lists the whole catalog). */
export const Route = createFileRoute('/_private/products/list/$locationId')({
  validateSearch: ProductsSearch,
  search: { middlewares: [stripSearchParams(PRODUCTS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, params }) =>
    void context.queryClient.prefetchQuery(productsListQuery(context.session.account.id, toProductsQuery(deps, parseLocationId(params.locationId)))),
  component: function StoreProductsList() {
    const { locationId } = Route.useParams();
    return <ProductsListRoute search={Route.useSearch()} locationId={parseLocationId(locationId)} />;
  },
});
