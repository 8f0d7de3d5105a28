import { Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { storesQuery, useAccountId } from '../../features/locations/api';
import { t } from '../../i18n';

/**
 * A dashboard's store filter: the account's stores (or those the user is limited to, by the API's
 * answer); a store of the URL that the list does not have yet still shows as chosen.
 */
export function StoreFilter({ value, onChange, testId }: { value: number | undefined; onChange: (id: number | undefined) => void; testId: string }) {
  const stores = useQuery(storesQuery(useAccountId()));
  const data = (stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  if (value && !data.some((d) => d.value === String(value))) data.push({ value: String(value), label: t('common.storeFilter.fallback', { id: value }) });
  return (
    <Select
      label={t('common.storeFilter.label')}
      placeholder={t('common.storeFilter.all')}
      data={data}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      leftSection={<IconBuildingStore size={16} />}
      clearable
      searchable
      nothingFoundMessage={t('common.storeFilter.none')}
      w={{ base: '100%', xs: 240 }}
      data-testid={testId}
    />
  );
}
