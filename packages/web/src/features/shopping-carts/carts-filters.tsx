import { Button, Chip, Group, Select, Stack } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SearchInput } from '../../shared/components/search-input';
import { storesQuery, useAccountId } from './api';
import { hasCartsFilters, type CartsFilters, type CartsSearch } from './search';
import { CART_STATUSES, isCartStatus, statusLabel } from './status';
import { t } from '../../i18n';

const ALL = 'all';

/** Status chips (one at a time, or all), the text search and the store; every change goes to the URL. */
export function CartsFiltersBar({ search, onChange }: { search: CartsSearch; onChange: (patch: Partial<CartsFilters>) => void }) {
  const stores = useQuery(storesQuery(useAccountId()));
  const storeOptions = (stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  return (
    <Stack gap="sm">
      <Chip.Group multiple={false} value={search.status ?? ALL} onChange={(value) => onChange({ status: isCartStatus(value) ? value : undefined })}>
        <Group gap="xs" role="group" aria-label={t('shoppingCarts.filters.status')}>
          <Chip value={ALL} size="sm">
            {t('shoppingCarts.filters.allStatuses')}
          </Chip>
          {CART_STATUSES.map((status) => (
            <Chip key={status} value={status} size="sm">
              {statusLabel(status)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group align="flex-end" gap="sm">
        <SearchInput
          label={t('shoppingCarts.filters.search')}
          placeholder={t('shoppingCarts.filters.searchPlaceholder')}
          type="search"
          value={search.query}
          onChange={(query) => onChange({ query })}
        />
        <Select
          label={t('shoppingCarts.filters.store')}
          placeholder={t('shoppingCarts.filters.allStores')}
          data={storeOptions}
          value={search.location_id ? String(search.location_id) : null}
          onChange={(value) => onChange({ location_id: value ? Number(value) : undefined })}
          searchable
          clearable
          nothingFoundMessage={t('shoppingCarts.filters.noStore')}
          w={{ base: '100%', xs: 260 }}
        />
        {hasCartsFilters(search) && (
          <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={() => onChange({ query: undefined, status: undefined, location_id: undefined })}>
            {t('shoppingCarts.filters.clear')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
