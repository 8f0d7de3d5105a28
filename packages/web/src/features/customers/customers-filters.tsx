import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconTag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchInput } from '../../shared/components/search-input';
import { storesQuery, useAccountId, type StoreOption } from './api';
import { hasCustomersFilters, type CustomersFilters, type CustomersSearch } from './customers-search';
import { t } from '../../i18n';

/** The account's stores as options: "Bom Preço Moema (São Paulo/SP)". */
export function storeOptions(stores: StoreOption[] | undefined) {
  return (stores ?? []).map((s) => {
    const place = [s.city, s.state].filter(Boolean).join('/');
    return { value: String(s.id), label: place ? `${s.name} (${place})` : s.name };
  });
}

/** The tag filter: typed freely, reported when typing pauses, following the URL when it changes elsewhere. */
function TagFilter({ value, onChange }: { value: string | undefined; onChange: (tag: string) => void }) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  const report = useDebouncedCallback(onChange, 500);
  return (
    <TextInput
      label={t('customers.filters.tag')}
      placeholder={t('customers.filters.tagPlaceholder')}
      leftSection={<IconTag size={16} />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        report(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') report.flush();
      }}
      w={{ base: '100%', xs: 170 }}
    />
  );
}

/** Search (name, CPF, phone or e-mail), tag, serving store and consent to messages. */
export function CustomersFiltersBar({ search, onChange }: { search: CustomersSearch; onChange: (patch: Partial<CustomersFilters>) => void }) {
  const stores = useQuery(storesQuery(useAccountId()));
  const optInOptions = [
    { value: 'true', label: t('customers.filters.optInYes') },
    { value: 'false', label: t('customers.filters.optInNo') },
  ];
  return (
    <Group align="flex-end" gap="sm">
      <SearchInput
        label={t('customers.filters.search')}
        placeholder={t('customers.filters.searchPlaceholder')}
        type="search"
        value={search.search}
        onChange={(text) => onChange({ search: text })}
        miw={260}
      />
      <TagFilter value={search.tag} onChange={(tag) => onChange({ tag })} />
      <Select
        label={t('customers.filters.store')}
        placeholder={t('customers.filters.storePlaceholder')}
        data={storeOptions(stores.data)}
        value={search.location_id ? String(search.location_id) : null}
        onChange={(value) => onChange({ location_id: value ? Number(value) : undefined })}
        searchable
        clearable
        nothingFoundMessage={t('customers.filters.storesEmpty')}
        w={{ base: '100%', xs: 240 }}
      />
      <Select
        label={t('customers.filters.optIn')}
        placeholder={t('customers.filters.optInPlaceholder')}
        data={optInOptions}
        value={search.opt_in === undefined ? null : String(search.opt_in)}
        onChange={(value) => onChange({ opt_in: value === null ? undefined : value === 'true' })}
        clearable
        w={{ base: '100%', xs: 170 }}
      />
      {hasCustomersFilters(search) && (
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={() => onChange({ search: undefined, tag: undefined, location_id: undefined, opt_in: undefined })}>
          {t('customers.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
