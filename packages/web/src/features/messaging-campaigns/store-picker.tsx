import { Alert, Group, Input, MultiSelect, Radio, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { storesQuery, useAccountId, type StoreOption } from './api';
import { t } from '../../i18n';

interface Props {
  all: boolean;
  ids: number[];
  onAllChange: (all: boolean) => void;
  onIdsChange: (ids: number[]) => void;
  /** The audience "by stores" needs stores picked: no "all" choice then. */
  required?: boolean;
  error?: ReactNode;
}

const storeLabel = (s: StoreOption) => {
  const place = [s.city, s.state].filter(Boolean).join('/');
  return place ? `${s.name} (${place})` : s.name;
};

/** The campaign's stores: "Todas as lojas" (sent as an empty list) or a choice among the account's stores. */
export function StorePicker({ all, ids, onAllChange, onIdsChange, required = false, error }: Props) {
  const picking = required || !all;
  const stores = useQuery({ ...storesQuery(useAccountId()), enabled: picking || ids.length > 0 });
  const data = (stores.data ?? []).map((s) => ({ value: String(s.id), label: storeLabel(s) }));
  for (const id of ids) if (stores.data && !stores.data.some((s) => s.id === id)) data.push({ value: String(id), label: `#${id}` });

  return (
    <Input.Wrapper label={t('messagingCampaigns.form.stores')} description={t('messagingCampaigns.form.storesHint')} error={picking ? error : undefined} withAsterisk={required}>
      <Stack gap="sm" mt={6}>
        {!required && (
          <Radio.Group value={all ? 'all' : 'some'} onChange={(v) => onAllChange(v === 'all')}>
            <Group gap="lg">
              <Radio value="all" label={t('messagingCampaigns.allStores')} />
              <Radio value="some" label={t('messagingCampaigns.form.someStores')} />
            </Group>
          </Radio.Group>
        )}
        {picking && (
          <>
            <MultiSelect
              aria-label={t('messagingCampaigns.form.storesPick')}
              placeholder={t('messagingCampaigns.form.storesPlaceholder')}
              data={data}
              value={ids.map(String)}
              onChange={(values) => onIdsChange(values.map(Number))}
              searchable
              clearable
              nothingFoundMessage={t('common.storeFilter.none')}
              disabled={stores.isPending}
              error={Boolean(error)}
              maxDropdownHeight={260}
              data-testid="messaging-store-select"
            />
            {stores.isError && (
              <Alert color="red" variant="light" p="xs">
                {t('messagingCampaigns.form.storesLoadError')}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
