import { Alert, Input, MultiSelect, Radio, Stack, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { storesQuery, useAccountId, type StoreOption } from './api';
import { t } from '../../i18n';

interface Props {
  all: boolean;
  ids: number[];
  onAllChange: (all: boolean) => void;
  onIdsChange: (ids: number[]) => void;
  error?: ReactNode;
}

const storeLabel = (s: StoreOption) => {
  const place = [s.city, s.state].filter(Boolean).join('/');
  const label = place ? `${s.name} (${place})` : s.name;
  return s.active ? label : `${label} · ${t('flyers.form.inactiveStore')}`;
};

/** "Todas as lojas" (sent as an empty list) or a choice among the account's stores. */
export function StorePicker({ all, ids, onAllChange, onIdsChange, error }: Props) {
  const stores = useQuery({ ...storesQuery(useAccountId()), enabled: !all || ids.length > 0 });
  const data = (stores.data ?? []).map((s) => ({ value: String(s.id), label: storeLabel(s) }));
  // Stores picked earlier that the list no longer has still show, by id, so they can be removed.
  for (const id of ids) if (stores.data && !stores.data.some((s) => s.id === id)) data.push({ value: String(id), label: `#${id}` });

  return (
    <Input.Wrapper label={t('flyers.form.stores')} error={all ? undefined : error}>
      <Stack gap="sm" mt={6}>
        <Radio.Group value={all ? 'all' : 'some'} onChange={(v) => onAllChange(v === 'all')}>
          <Group gap="lg">
            <Radio value="all" label={t('flyers.form.allStores')} />
            <Radio value="some" label={t('flyers.form.someStores')} />
          </Group>
        </Radio.Group>
        {!all && (
          <>
            <MultiSelect
              aria-label={t('flyers.form.storesPick')}
              placeholder={t('flyers.form.storesPlaceholder')}
              data={data}
              value={ids.map(String)}
              onChange={(values) => onIdsChange(values.map(Number))}
              searchable
              clearable
              nothingFoundMessage={t('flyers.form.storesEmpty')}
              disabled={stores.isPending}
              error={Boolean(error)}
              maxDropdownHeight={260}
              data-testid="flyer-store-select"
            />
            {stores.isError && (
              <Alert color="red" variant="light" p="xs">
                {t('flyers.form.storesLoadError')}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
