import { Button, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCalendar, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { PROMOTION_STATUSES, PROMOTION_TYPES, type PromotionStatus, type PromotionType } from '@backoffice/contracts';
import { hasPromotionsFilters, type PromotionsFilters, type PromotionsSearch } from '../search';
import { statusLabel, typeLabel } from '../describe';
import { t } from '../../../i18n';

const TYPING_DEBOUNCE_MS = 500;

/** Name-or-code search that reports after typing pauses, and follows the URL when it changes elsewhere. */
function SearchFilter({ value, onChange }: { value: string | undefined; onChange: (value: string) => void }) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  const report = useDebouncedCallback(onChange, TYPING_DEBOUNCE_MS);
  return (
    <TextInput
      label={t('promotions.filters.search')}
      placeholder={t('promotions.filters.searchPlaceholder')}
      type="search"
      value={text}
      leftSection={<IconSearch size={16} />}
      onChange={(e) => {
        setText(e.currentTarget.value);
        report(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') report.flush();
      }}
      miw={220}
      style={{ flex: 1 }}
    />
  );
}

type Range = [string | null, string | null];

/** The period filter: a half-picked range stays local; the URL changes once both ends are set (or cleared). */
function PeriodFilter({ start, end, onChange }: { start?: string; end?: string; onChange: (start?: string, end?: string) => void }) {
  const fromUrl: Range = [start ?? null, end ?? null];
  const [range, setRange] = useState<Range>(fromUrl);
  const [seen, setSeen] = useState(fromUrl.join());
  if (seen !== fromUrl.join()) {
    setSeen(fromUrl.join());
    setRange(fromUrl);
  }
  return (
    <DatePickerInput
      type="range"
      label={t('promotions.filters.period')}
      placeholder={t('promotions.filters.periodPlaceholder')}
      valueFormat="DD/MM/YYYY"
      leftSection={<IconCalendar size={16} />}
      value={range}
      onChange={(next) => {
        setRange(next);
        const [a, b] = next;
        if ((a && b) || (!a && !b)) onChange(a ?? undefined, b ?? undefined);
      }}
      allowSingleDateInRange
      clearable
      w={250}
    />
  );
}

const statusOptions = () => PROMOTION_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
const typeOptions = () => PROMOTION_TYPES.map((value) => ({ value, label: typeLabel(value) }));

export function PromotionsFiltersBar({ search, onChange }: { search: PromotionsSearch; onChange: (patch: Partial<PromotionsFilters>) => void }) {
  return (
    <Group align="flex-end" gap="sm">
      <SearchFilter value={search.search} onChange={(text) => onChange({ search: text })} />
      <PeriodFilter start={search.start_date} end={search.end_date} onChange={(start_date, end_date) => onChange({ start_date, end_date })} />
      <Select
        label={t('promotions.filters.status')}
        placeholder={t('promotions.filters.allStatuses')}
        data={statusOptions()}
        value={search.status ?? null}
        onChange={(v) => onChange({ status: (v as PromotionStatus | null) ?? undefined })}
        clearable
        w={170}
      />
      <Select
        label={t('promotions.filters.type')}
        placeholder={t('promotions.filters.allTypes')}
        data={typeOptions()}
        value={search.promotion_type ?? null}
        onChange={(v) => onChange({ promotion_type: (v as PromotionType | null) ?? undefined })}
        clearable
        w={200}
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
