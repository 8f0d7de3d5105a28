import { Button, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCalendar, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { FLYER_STATUSES, type FlyerStatus } from '@backoffice/contracts';
import { hasFlyersFilters, type FlyersFilters, type FlyersSearch } from './flyers-search';
import { t } from '../../i18n';

const TYPING_DEBOUNCE_MS = 500;
const isStatus = (v: string | null): v is FlyerStatus => (FLYER_STATUSES as readonly string[]).includes(v ?? '');

/** Name search that reports after typing pauses and follows the URL when it changes elsewhere. */
function SearchInput({ value, onChange }: { value: string | undefined; onChange: (v: string) => void }) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  const report = useDebouncedCallback(onChange, TYPING_DEBOUNCE_MS);
  return (
    <TextInput
      label={t('flyers.filters.search')}
      placeholder={t('flyers.filters.searchPlaceholder')}
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

/** A date range kept locally while the second day is picked; reports complete ranges and clearing. */
function PeriodInput({ start, end, onChange }: { start?: string; end?: string; onChange: (start?: string, end?: string) => void }) {
  const fromUrl: Range = [start ?? null, end ?? null];
  const [range, setRange] = useState<Range>(fromUrl);
  const [seen, setSeen] = useState(`${start}|${end}`);
  if (seen !== `${start}|${end}`) {
    setSeen(`${start}|${end}`);
    setRange(fromUrl);
  }
  return (
    <DatePickerInput
      type="range"
      label={t('flyers.filters.period')}
      placeholder={t('flyers.filters.periodPlaceholder')}
      valueFormat="DD/MM/YYYY"
      leftSection={<IconCalendar size={16} />}
      value={range}
      onChange={(next) => {
        setRange(next);
        const [from, to] = next;
        if (from && to) onChange(from, to);
        else if (!from && !to) onChange(undefined, undefined);
      }}
      allowSingleDateInRange
      clearable
      w={250}
    />
  );
}

export function FlyersFiltersBar({ search, onChange }: { search: FlyersSearch; onChange: (patch: Partial<FlyersFilters>) => void }) {
  const statusOptions = FLYER_STATUSES.map((s) => ({ value: s, label: t(`flyers.status.${s}`) }));
  return (
    <Group align="flex-end" gap="sm">
      <SearchInput value={search.search} onChange={(text) => onChange({ search: text })} />
      <PeriodInput start={search.start_date} end={search.end_date} onChange={(start_date, end_date) => onChange({ start_date, end_date })} />
      <Select
        label={t('flyers.filters.status')}
        placeholder={t('flyers.filters.statusPlaceholder')}
        data={statusOptions}
        value={search.status ?? null}
        onChange={(status) => onChange({ status: isStatus(status) ? status : undefined })}
        clearable
        w={180}
      />
      {hasFlyersFilters(search) && (
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={() => onChange({ search: undefined, status: undefined, start_date: undefined, end_date: undefined })}>
          {t('flyers.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
