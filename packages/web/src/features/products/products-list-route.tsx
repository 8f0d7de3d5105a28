import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ProductsListPage } from './products-list-page';
import type { ProductsSearch } from './products-search';

/**
 * /products/list/ and /products/list/{locationId}: the store is the path, the other filters and the
 * page the search; both routes render this.
 */
export function ProductsListRoute({ search, locationId }: { search: ProductsSearch; locationId: number | undefined }) {
  const navigate = useNavigate();
  const onNavigate = useCallback(
    (next: number | undefined, update: (prev: ProductsSearch) => ProductsSearch) => {
      const nextSearch = update(search);
      if (next === undefined) void navigate({ to: '/products/list/', search: nextSearch });
      else void navigate({ to: '/products/list/$locationId', params: { locationId: String(next) }, search: nextSearch });
    },
    [navigate, search],
  );
  return <ProductsListPage search={search} locationId={locationId} onNavigate={onNavigate} />;
}
