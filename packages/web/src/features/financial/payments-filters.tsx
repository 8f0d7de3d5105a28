import { Group, Input, SegmentedControl, Select } from '@mantine/core';
import { IconBuildingStore, IconCreditCard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PAYMENT_METHODS } from '@backoffice/contracts';
import { PeriodFilter } from '../../shared/components/period-picker';
import { storesQuery, useAccountId } from './api';
import { PERIOD_PRESETS, resolvePeriod, type PaymentsSearch, type PeriodPreset, type ResolvedPeriod } from './search';
import { methodLabel } from './status';
import { t } from '../../i18n';

const WIDTH = { base: '100%', xs: 220 };
const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: methodLabel(m) }));

interface Props {
  search: PaymentsSearch;
  onPeriod: (period: PeriodPreset, days?: ResolvedPeriod) => void;
  onStore: (locationId: number | undefined) => void;
  onMethod: (method: PaymentsSearch['method']) => void;
  /** The screen's own filters, after the shared ones. */
  children?: ReactNode;
}

/** Period (presets or custom days), store and method; every change goes to the URL. */
export function PaymentsFilters({ search, onPeriod, onStore, onMethod, children }: Props) {
  const stores = useQuery(storesQuery(useAccountId()));
  const storeOptions = (stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  // A store of the URL that the list does not have (yet) still shows as chosen.
  if (search.location_id && !storeOptions.some((o) => o.value === String(search.location_id)))
    storeOptions.push({ value: String(search.location_id), label: t('financial.filters.storeFallback', { id: search.location_id }) });
  const days = resolvePeriod(search);
  return (
    <Group align="flex-end" gap="sm" data-testid="financial-filters">
      <Input.Wrapper label={t('financial.filters.period')}>
        <div>
          <SegmentedControl
            value={search.period}
            onChange={(value) => onPeriod(value as PeriodPreset)}
            data={PERIOD_PRESETS.map((p) => ({ value: p, label: t(`financial.presets.${p}`) }))}
            data-testid="financial-period"
          />
        </div>
      </Input.Wrapper>
      {search.period === 'custom' && (
        <PeriodFilter
          label={t('financial.filters.days')}
          placeholder={t('financial.filters.daysPlaceholder')}
          start={days.from}
          end={days.to}
          onChange={(from, to) => {
            if (from && to) onPeriod('custom', { from, to });
          }}
        />
      )}
      <Select
        label={t('financial.filters.store')}
        placeholder={t('financial.filters.allStores')}
        data={storeOptions}
        value={search.location_id ? String(search.location_id) : null}
        onChange={(value) => onStore(value ? Number(value) : undefined)}
        leftSection={<IconBuildingStore size={16} />}
        searchable
        clearable
        nothingFoundMessage={t('financial.filters.noStore')}
        w={WIDTH}
      />
      <Select
        label={t('financial.filters.method')}
        placeholder={t('financial.filters.allMethods')}
        data={METHOD_OPTIONS}
        value={search.method ?? null}
        onChange={(value) => onMethod(PAYMENT_METHODS.find((m) => m === value))}
        leftSection={<IconCreditCard size={16} />}
        clearable
        w={WIDTH}
      />
      {children}
    </Group>
  );
}
