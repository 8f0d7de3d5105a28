import { Button, Group, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { SearchInput } from '../../shared/components/search-input';
import { useStores } from './api';
import { isOperatorRole, roleOptions } from './operator-labels';
import { hasOperatorsFilters, type OperatorsFilters, type OperatorsSearch } from './operators-search';
import { storeOptions } from './store-label';
import { t } from '../../i18n';

interface Props {
  search: OperatorsSearch;
  locationId: number | undefined;
  /** A filter change; the store (the path: /operators/list/{locationId}) is always named, changed or not. */
  onChange: (patch: Partial<OperatorsFilters>, locationId: number | undefined) => void;
}

export function OperatorsFiltersBar({ search, locationId, onChange: report }: Props) {
  const onChange = (patch: Partial<OperatorsFilters>) => report(patch, locationId);
  const stores = useStores();
  const activeOptions = [
    { value: 'true', label: t('operators.status.active') },
    { value: 'false', label: t('operators.status.inactive') },
  ];
  return (
    <Group align="flex-end" gap="sm">
      <SearchInput
        label={t('operators.filters.search')}
        placeholder={t('operators.filters.searchPlaceholder')}
        type="search"
        value={search.search}
        onChange={(text) => onChange({ search: text })}
      />
      <Select
        label={t('operators.filters.store')}
        placeholder={t('operators.filters.storePlaceholder')}
        data={storeOptions(stores.data, locationId ? [locationId] : [])}
        value={locationId ? String(locationId) : null}
        onChange={(value) => report({}, value ? Number(value) : undefined)}
        searchable
        clearable
        nothingFoundMessage={t('operators.form.storesEmpty')}
        w={{ base: '100%', xs: 240 }}
      />
      <Select
        label={t('operators.filters.role')}
        placeholder={t('operators.filters.rolePlaceholder')}
        data={roleOptions()}
        value={search.role ?? null}
        onChange={(role) => onChange({ role: isOperatorRole(role) ? role : undefined })}
        clearable
        w={{ base: '100%', xs: 180 }}
      />
      <Select
        label={t('operators.filters.active')}
        placeholder={t('operators.filters.activePlaceholder')}
        data={activeOptions}
        value={search.active === undefined ? null : String(search.active)}
        onChange={(value) => onChange({ active: value === null ? undefined : value === 'true' })}
        clearable
        w={{ base: '100%', xs: 150 }}
      />
      {hasOperatorsFilters(search, locationId) && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => report({ search: undefined, role: undefined, active: undefined }, undefined)}
        >
          {t('operators.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
