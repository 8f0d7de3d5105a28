import { Button, Group, Select, Stack } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SearchInput } from '../../shared/components/search-input';
import { productFacetsQuery, useAccountId, useStores } from './api';
import { brandOptions, categoryOptions } from './facet-options';
import { PRODUCT_SORTS, hasProductsFilters, type ProductSort, type ProductsFilters, type ProductsSearch } from './products-search';
import { storeOptions } from './store-label';
import { t } from '../../i18n';

interface Props {
  search: ProductsSearch;
  locationId: number | undefined;
  onChange: (patch: Partial<ProductsFilters>) => void;
  /** A store picked (its view: /products/list/{locationId}) or cleared (every store). */
  onStore: (locationId: number | undefined) => void;
}

const isSort = (value: string | null): value is ProductSort => PRODUCT_SORTS.includes(value as ProductSort);

/** Search, store, category, brand, availability and sort; each change lands in the URL. */
export function ProductsFiltersBar({ search, locationId, onChange, onStore }: Props) {
  const stores = useStores();
  const facets = useQuery(productFacetsQuery(useAccountId(), locationId));
  return (
    <Stack gap="sm" data-testid="products-filters">
      <Group align="flex-end" gap="sm">
        <SearchInput
          label={t('products.filters.search')}
          placeholder={t('products.filters.searchPlaceholder')}
          type="search"
          value={search.search}
          onChange={(text) => onChange({ search: text })}
          miw={260}
        />
        <Select
          label={t('products.filters.store')}
          placeholder={t('products.filters.storePlaceholder')}
          data={storeOptions(stores.data, locationId ? [locationId] : [])}
          value={locationId ? String(locationId) : null}
          onChange={(value) => onStore(value ? Number(value) : undefined)}
          searchable
          clearable
          nothingFoundMessage={t('products.filters.nothingFound')}
          w={{ base: '100%', xs: 320 }}
        />
      </Group>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('products.filters.category')}
          placeholder={t('products.filters.categoryPlaceholder')}
          data={categoryOptions(facets.data, search.category)}
          value={search.category ?? null}
          onChange={(value) => onChange({ category: value ?? undefined })}
          searchable
          clearable
          nothingFoundMessage={t('products.filters.nothingFound')}
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          label={t('products.filters.brand')}
          placeholder={t('products.filters.brandPlaceholder')}
          data={brandOptions(facets.data, search.brand)}
          value={search.brand ?? null}
          onChange={(value) => onChange({ brand: value ?? undefined })}
          searchable
          clearable
          nothingFoundMessage={t('products.filters.nothingFound')}
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          label={t('products.filters.available')}
          placeholder={t('products.filters.availablePlaceholder')}
          data={[
            { value: 'true', label: t('products.availability.available') },
            { value: 'false', label: t('products.availability.unavailable') },
          ]}
          value={search.available === undefined ? null : String(search.available)}
          onChange={(value) => onChange({ available: value === null ? undefined : value === 'true' })}
          clearable
          w={{ base: '100%', xs: 150 }}
        />
        <Select
          label={t('products.filters.sort')}
          data={PRODUCT_SORTS.map((value) => ({ value, label: t(`products.sort.${value}`) }))}
          value={search.sort ?? 'relevance'}
          onChange={(value) => onChange({ sort: isSort(value) && value !== 'relevance' ? value : undefined })}
          allowDeselect={false}
          w={{ base: '100%', xs: 170 }}
        />
        {hasProductsFilters(search) && (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconFilterOff size={16} />}
            onClick={() => onChange({ search: undefined, category: undefined, brand: undefined, available: undefined })}
          >
            {t('products.filters.clear')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
