import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { OperatorsListPage } from './operators-list-page';
import type { OperatorsSearch } from './operators-search';

/**
 * /operators/list/ and /operators/list/{locationId}: the store filter is the path, the other filters
 * and the page the search; both routes render this.
 */
export function OperatorsListRoute({ search, locationId }: { search: OperatorsSearch; locationId: number | undefined }) {
  const navigate = useNavigate();
  const onNavigate = useCallback(
    (next: number | undefined, update: (prev: OperatorsSearch) => OperatorsSearch) => {
      const nextSearch = update(search);
      if (next === undefined) void navigate({ to: '/operators/list/', search: nextSearch });
      else void navigate({ to: '/operators/list/$locationId', params: { locationId: String(next) }, search: nextSearch });
    },
    [navigate, search],
  );
  return <OperatorsListPage search={search} locationId={locationId} onNavigate={onNavigate} />;
}
