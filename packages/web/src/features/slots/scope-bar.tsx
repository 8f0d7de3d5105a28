import { Alert, Group, Input, SegmentedControl, Select, Stack } from '@mantine/core';
import { IconBuildingStore, IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { regionsQuery, storesQuery, useAccountId, type SlotMode, type StoreOption } from './api';
import { t } from '../../i18n';

export interface ScopeChoice {
  mode: SlotMode | null;
  locationId: number | null;
  regionId: number | null;
}

interface Props {
  value: ScopeChoice;
  onChange: (next: ScopeChoice) => void;
}

export const storeLabel = (s: StoreOption) => {
  const place = [s.city, s.state].filter(Boolean).join('/');
  const label = place ? `${s.name} (${place})` : s.name;
  return s.active ? label : `${label} · ${t('slots.scope.inactive')}`;
};

/** Mode (Entrega / Retirada), store and, for deliveries, an optional region. */
export function ScopeBar({ value, onChange }: Props) {
  const accountId = useAccountId();
  const stores = useQuery(storesQuery(accountId));
  const delivery = value.mode === 'delivery';
  const regions = useQuery({ ...regionsQuery(accountId, value.locationId ?? 0), enabled: delivery && value.locationId !== null });
  const regionData = [{ value: '', label: t('slots.scope.allRegions') }, ...(regions.data ?? []).map((r) => ({ value: String(r.id), label: r.active ? r.name : `${r.name} · ${t('slots.scope.inactive')}` }))];

  return (
    <Stack gap="sm">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Input.Label id="slots-mode-label">{t('slots.scope.mode')}</Input.Label>
          <SegmentedControl
            aria-labelledby="slots-mode-label"
            value={value.mode ?? ''}
            onChange={(mode) => onChange({ mode: mode as SlotMode, locationId: value.locationId, regionId: null })}
            data={[
              { value: 'delivery', label: t('slots.mode.delivery') },
              { value: 'pickup', label: t('slots.mode.pickup') },
            ]}
            data-testid="slots-mode"
          />
        </Stack>
        <Select
          label={t('slots.scope.store')}
          placeholder={stores.isPending ? t('slots.scope.storesLoading') : t('slots.scope.storePlaceholder')}
          leftSection={<IconBuildingStore size={16} />}
          data={(stores.data ?? []).map((s) => ({ value: String(s.id), label: storeLabel(s) }))}
          value={value.locationId === null ? null : String(value.locationId)}
          onChange={(id) => onChange({ mode: value.mode, locationId: id ? Number(id) : null, regionId: null })}
          searchable
          nothingFoundMessage={t('slots.scope.storesEmpty')}
          disabled={stores.isPending}
          w={{ base: '100%', xs: 320 }}
          maxDropdownHeight={280}
          allowDeselect={false}
        />
        {delivery && value.locationId !== null && (
          <Select
            label={t('slots.scope.region')}
            leftSection={<IconMapPin size={16} />}
            data={regionData}
            value={value.regionId === null ? '' : String(value.regionId)}
            onChange={(id) => onChange({ ...value, regionId: id ? Number(id) : null })}
            disabled={regions.isPending}
            w={{ base: '100%', xs: 260 }}
            allowDeselect={false}
          />
        )}
      </Group>
      {stores.isError && (
        <Alert color="red" variant="light" p="xs">
          {t('slots.scope.storesLoadError')}
        </Alert>
      )}
      {regions.isError && (
        <Alert color="red" variant="light" p="xs">
          {t('slots.scope.regionsLoadError')}
        </Alert>
      )}
    </Stack>
  );
}
