import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { storesQuery, useAccountId } from '../api';
import { t } from '../../../i18n';

interface Props {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: React.ReactNode;
}

/** Picks stores of the account (GET /api/location/minified) by name, city or state. */
export function StorePicker({ value, onChange, error }: Props) {
  const stores = useQuery(storesQuery(useAccountId()));
  const data = (stores.data ?? []).map((s) => ({
    value: String(s.id),
    label: [s.name, [s.city, s.state].filter(Boolean).join('/')].filter(Boolean).join(' — ') + (s.active ? '' : ` (${t('promotions.form.storeInactive')})`),
  }));
  return (
    <MultiSelect
      label={t('promotions.form.stores')}
      placeholder={value.length ? undefined : t('promotions.form.storesPlaceholder')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={t('promotions.form.noStores')}
      error={error ?? (stores.isError ? t('promotions.loadError', { message: stores.error.message }) : undefined)}
      disabled={stores.isPending}
    />
  );
}
