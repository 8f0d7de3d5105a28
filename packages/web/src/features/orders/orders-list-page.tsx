import { Button, Stack } from '@mantine/core';
import { IconLayoutKanban, IconReceipt } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PageHeader } from '../../shared/components/page-header';
import { ListCard } from '../../shared/components/list-card';
import { useClampPage } from '../../shared/components/list-footer';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { PageLoader } from '../../shared/components/page-loader';
import { formatInt } from '../../shared/ui/format';
import { orderKeys, ordersListQuery, useAccountId } from './api';
import { OrdersFiltersBar } from './orders-filters';
import { OrdersTable } from './orders-table';
import { applyOrdersFilter, applyOrdersSort, hasOrdersFilters, type OrderSort, type OrdersFilters, type OrdersSearch } from './search';
import { useOrderChanges } from './use-order-changes';
import { t, tn } from '../../i18n';

interface Props {
  search: OrdersSearch;
  onNavigate: (update: (prev: OrdersSearch) => OrdersSearch) => void;
}

/** Spec §2 /orders/list: the account's orders, filtered, sorted and paged (50) from the URL; live as orders arrive and move. */
export function OrdersListPage({ search, onNavigate }: Props) {
  const accountId = useAccountId();
  const queryClient = useQueryClient();
  const list = useQuery(ordersListQuery(accountId, search));
  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onNavigate((prev) => ({ ...prev, page })), [onNavigate]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);
  const setFilter = (patch: Partial<OrdersFilters>) => onNavigate((prev) => applyOrdersFilter(prev, patch));
  const setSort = (by: OrderSort) => onNavigate((prev) => applyOrdersSort(prev, by));
  useOrderChanges(() => void queryClient.invalidateQueries({ queryKey: orderKeys.lists(accountId) }));

  let body;
  if (list.isError)
    body = <LoadError m="md" title={t('orders.loadError')} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} testId="orders-load-error" />;
  else if (!list.data) body = <PageLoader compact label={t('orders.loading')} />;
  else if (list.data.data.length === 0)
    body = hasOrdersFilters(search) ? (
      <EmptyState icon={<IconReceipt size={26} />} title={t('orders.emptySearch')} hint={t('orders.emptySearchHint')} />
    ) : (
      <EmptyState icon={<IconReceipt size={26} />} title={t('orders.empty')} hint={t('orders.emptyHint')} />
    );
  else body = <OrdersTable orders={list.data.data} search={search} onSort={setSort} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('orders.title')}
        description={t('orders.subtitle')}
        actions={
          <Button variant="default" leftSection={<IconLayoutKanban size={18} />} renderRoot={(props) => <Link {...props} to="/orders/board" />}>
            {t('orders.board.open')}
          </Button>
        }
      />
      <OrdersFiltersBar search={search} onChange={setFilter} />
      <ListCard failed={list.isError} meta={meta} totalLabel={(total) => tn('orders.total', total, { total: formatInt(total) })} page={search.page} fetching={list.isFetching} onPage={setPage}>
        {body}
      </ListCard>
    </Stack>
  );
}
