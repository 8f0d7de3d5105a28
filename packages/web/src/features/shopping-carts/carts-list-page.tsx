import { Button, Stack } from '@mantine/core';
import { IconPlus, IconShoppingCart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { PageHeader } from '../../shared/components/page-header';
import { ListCard } from '../../shared/components/list-card';
import { useClampPage } from '../../shared/components/list-footer';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { PageLoader } from '../../shared/components/page-loader';
import { formatInt } from '../../shared/ui/format';
import { cartsListQuery, useAccountId } from './api';
import { CartsFiltersBar } from './carts-filters';
import { CartsTable } from './carts-table';
import { NewCartModal } from './new-cart-modal';
import { applyCartsFilter, hasCartsFilters, type CartsFilters, type CartsSearch } from './search';
import { t, tn } from '../../i18n';

interface Props {
  search: CartsSearch;
  onNavigate: (update: (prev: CartsSearch) => CartsSearch) => void;
}

/** Spec §2 /shopping-carts: the carts by status chip, search and store (all in the URL), and "Novo carrinho". */
export function CartsListPage({ search, onNavigate }: Props) {
  const list = useQuery(cartsListQuery(useAccountId(), search));
  const [creating, setCreating] = useState(false);
  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onNavigate((prev) => ({ ...prev, page })), [onNavigate]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);
  const setFilter = (patch: Partial<CartsFilters>) => onNavigate((prev) => applyCartsFilter(prev, patch));

  let body;
  if (list.isError)
    body = <LoadError m="md" title={t('shoppingCarts.loadError')} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} testId="carts-load-error" />;
  else if (!list.data) body = <PageLoader compact label={t('shoppingCarts.loading')} />;
  else if (list.data.data.length === 0)
    body = hasCartsFilters(search) ? (
      <EmptyState icon={<IconShoppingCart size={26} />} title={t('shoppingCarts.emptySearch')} hint={t('shoppingCarts.emptySearchHint')} />
    ) : (
      <EmptyState icon={<IconShoppingCart size={26} />} title={t('shoppingCarts.empty')} hint={t('shoppingCarts.emptyHint')} />
    );
  else body = <CartsTable carts={list.data.data} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('shoppingCarts.title')}
        description={t('shoppingCarts.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
            {t('shoppingCarts.newCart.button')}
          </Button>
        }
      />
      <CartsFiltersBar search={search} onChange={setFilter} />
      <ListCard
        failed={list.isError}
        meta={meta}
        totalLabel={(total) => tn('shoppingCarts.total', total, { total: formatInt(total) })}
        page={search.page}
        fetching={list.isFetching}
        onPage={setPage}
      >
        {body}
      </ListCard>
      <NewCartModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
