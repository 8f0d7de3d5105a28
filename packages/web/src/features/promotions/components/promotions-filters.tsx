import { Button, Group, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { PROMOTION_STATUSES, PROMOTION_TYPES, type PromotionStatus, type PromotionType } from '@backoffice/contracts';
import { SearchInput } from '../../../shared/components/search-input';
import { PeriodFilter } from '../../../shared/components/period-picker';
import { hasPromotionsFilters, type PromotionsFilters, type PromotionsSearch } from '../search';
import { statusLabel, typeLabel } from '../describe';
import { t } from '../../../i18n';

const statusOptions = () => PROMOTION_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
const typeOptions = () => PROMOTION_TYPES.map((value) => ({ value, label: typeLabel(value) }));

export function PromotionsFiltersBar({ search, onChange }: { search: PromotionsSearch; onChange: (patch: Partial<PromotionsFilters>) => void }) {
  return (
    <Group align="flex-end" gap="sm">
      <SearchInput
        label={t('promotions.filters.search')}
        placeholder={t('promotions.filters.searchPlaceholder')}
        type="search"
        value={search.search}
        onChange={(text) => onChange({ search: text })}
      />
      <PeriodFilter
        label={t('promotions.filters.period')}
        placeholder={t('promotions.filters.periodPlaceholder')}
        start={search.start_date}
        end={search.end_date}
        onChange={(start_date, end_date) => onChange({ start_date, end_date })}
      />
      <Select
        label={t('promotions.filters.status')}
        placeholder={t('promotions.filters.allStatuses')}
        data={statusOptions()}
        value={search.status ?? null}
        onChange={(v) => onChange({ status: (v as PromotionStatus | null) ?? undefined })}
        clearable
        w={{ base: '100%', xs: 170 }}
      />
      <Select
        label={t('promotions.filters.type')}
        placeholder={t('promotions.filters.allTypes')}
        data={typeOptions()}
        value={search.promotion_type ?? null}
        onChange={(v) => onChange({ promotion_type: (v as PromotionType | null) ?? undefined })}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      {hasPromotionsFilters(search) && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => onChange({ search: undefined, status: undefined, promotion_type: undefined, start_date: undefined, end_date: undefined })}
        >
          {t('promotions.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
