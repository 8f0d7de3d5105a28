import { Button, Group, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { FLYER_STATUSES, type FlyerStatus } from '@backoffice/contracts';
import { SearchInput } from '../../shared/components/search-input';
import { PeriodFilter } from '../../shared/components/period-picker';
import { hasFlyersFilters, type FlyersFilters, type FlyersSearch } from './flyers-search';
import { t } from '../../i18n';

const isStatus = (v: string | null): v is FlyerStatus => (FLYER_STATUSES as readonly string[]).includes(v ?? '');

export function FlyersFiltersBar({ search, onChange }: { search: FlyersSearch; onChange: (patch: Partial<FlyersFilters>) => void }) {
  const statusOptions = FLYER_STATUSES.map((s) => ({ value: s, label: t(`flyers.status.${s}`) }));
  return (
    <Group align="flex-end" gap="sm">
      <SearchInput
        label={t('flyers.filters.search')}
        placeholder={t('flyers.filters.searchPlaceholder')}
        type="search"
        value={search.search}
        onChange={(text) => onChange({ search: text })}
      />
      <PeriodFilter
        label={t('flyers.filters.period')}
        placeholder={t('flyers.filters.periodPlaceholder')}
        start={search.start_date}
        end={search.end_date}
        onChange={(start_date, end_date) => onChange({ start_date, end_date })}
      />
      <Select
        label={t('flyers.filters.status')}
        placeholder={t('flyers.filters.statusPlaceholder')}
        data={statusOptions}
        value={search.status ?? null}
        onChange={(status) => onChange({ status: isStatus(status) ? status : undefined })}
        clearable
        w={{ base: '100%', xs: 180 }}
      />
      {hasFlyersFilters(search) && (
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={() => onChange({ search: undefined, status: undefined, start_date: undefined, end_date: undefined })}>
          {t('flyers.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
