import { Button, Stack } from '@mantine/core';
import { IconFileImport, IconPackageOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { PageHeader } from '../../shared/components/page-header';
import { useClampPage } from '../../shared/components/list-footer';
import { ListCard } from '../../shared/components/list-card';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { useIsAccountWriter } from '../../shared/account/queries';
import { formatInt } from '../../shared/ui/format';
import { productsListQuery, toProductsQuery, useAccountId, useStores, useUpdateOffer, useUpdateProduct, type Product } from './api';
import { applyProductsFilter, hasProductsFilters, type ProductsFilters, type ProductsSearch } from './products-search';
import { ProductsFiltersBar } from './products-filters';
import { ProductsTable } from './products-table';
import { ProductsSkeleton } from './products-skeleton';
import { ProductDrawer } from './product-drawer';
import { OfferEditModal } from './offer-edit-modal';
import { t, tn } from '../../i18n';

interface Props {
  search: ProductsSearch;
  /** The store of /products/list/{locationId}. */
  locationId: number | undefined;
  /** Goes to the list of a store (or of all) with the search made from the latest one. */
  onNavigate: (locationId: number | undefined, update: (prev: ProductsSearch) => ProductsSearch) => void;
}

/** Spec §2 products list: the catalog, or one store's offers; URL-kept filters and page; quick edits for writers. */
export function ProductsListPage({ search, locationId, onNavigate }: Props) {
  const accountId = useAccountId();
  const canEdit = useIsAccountWriter();
  const stores = useStores();
  const list = useQuery(productsListQuery(accountId, toProductsQuery(search, locationId)));
  const updateProduct = useUpdateProduct();
  const updateOffer = useUpdateOffer();
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Product | null>(null);

  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onNavigate(locationId, (prev) => ({ ...prev, page })), [onNavigate, locationId]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);
  const setFilter = (patch: Partial<ProductsFilters>) => onNavigate(locationId, (prev) => applyProductsFilter(prev, patch));
  // Another store keeps the filters; the page starts again.
  const setStore = (next: number | undefined) => onNavigate(next, (prev) => applyProductsFilter(prev, {}));

  const onToggle = (product: Product, available: boolean) => {
    if (locationId === undefined) updateProduct.mutate({ id: product.id, body: { is_available: available } });
    else updateOffer.mutate({ locationId, productId: product.id, body: { is_available: available } });
  };
  const onStock = (product: Product, stock: number) => {
    if (locationId === undefined) updateProduct.mutate({ id: product.id, body: { available_stock: stock } });
    else updateOffer.mutate({ locationId, productId: product.id, body: { stock } });
  };

  let body;
  if (list.isError) body = <LoadError m="md" title={t('products.loadError')} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} testId="products-load-error" />;
  else if (!list.data) body = <ProductsSkeleton />;
  else if (list.data.data.length === 0) {
    const filtered = hasProductsFilters(search);
    body = (
      <EmptyState
        icon={<IconPackageOff size={26} />}
        title={filtered ? t('products.emptySearch') : locationId ? t('products.emptyStore') : t('products.empty')}
        hint={filtered ? t('products.emptySearchHint') : t('products.emptyHint')}
      />
    );
  } else
    body = (
      <ProductsTable
        products={list.data.data}
        locationId={locationId}
        editable={canEdit}
        onOpen={(p) => setOpenId(p.id)}
        onToggle={onToggle}
        onStock={onStock}
        onEditOffer={setEditing}
      />
    );

  const store = locationId ? stores.byId.get(locationId) : undefined;
  return (
    <Stack gap="lg">
      <PageHeader
        title={store ? t('products.titleStore', { store: store.name }) : t('products.title')}
        description={locationId ? t('products.subtitleStore') : t('products.subtitle')}
        actions={
          canEdit && (
            <Button variant="light" renderRoot={(props) => <Link {...props} to="/products/import" />} leftSection={<IconFileImport size={18} />}>
              {t('products.import.open')}
            </Button>
          )
        }
      />
      <ProductsFiltersBar search={search} locationId={locationId} onChange={setFilter} onStore={setStore} />
      <ListCard
        failed={list.isError}
        meta={meta}
        totalLabel={(total) => tn('products.total', total, { total: formatInt(total) })}
        page={search.page}
        fetching={list.isFetching}
        onPage={setPage}
      >
        {body}
      </ListCard>
      <ProductDrawer productId={openId} locationId={locationId} editable={canEdit} onClose={() => setOpenId(null)} onStore={(id) => {
        setOpenId(null);
        setStore(id);
      }} />
      {locationId !== undefined && editing && (
        <OfferEditModal
          product={editing}
          locationId={locationId}
          storeName={store?.name ?? `#${locationId}`}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
