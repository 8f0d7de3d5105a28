import type { StyleProp } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import type { Period } from '../ui/period';
import { t } from '../../i18n';

type Range = [string | null, string | null];

interface RangeProps {
  label: string;
  placeholder: string;
  start: string | undefined;
  end: string | undefined;
  /** Called with both ends, or with none when cleared; a half-picked range stays local. */
  onRange: (start?: string, end?: string) => void;
  clearable?: boolean;
  maxDate?: Date;
  size?: 'xs' | 'sm';
  w: StyleProp<number | string>;
  testId?: string;
}

/** A DD/MM/YYYY range that keeps the first click locally and follows start/end when they change from outside. */
function DateRangeInput({ start, end, onRange, testId, ...props }: RangeProps) {
  const key = `${start ?? ''}|${end ?? ''}`;
  const [range, setRange] = useState<Range>([start ?? null, end ?? null]);
  const [seen, setSeen] = useState(key);
  if (seen !== key) {
    setSeen(key);
    setRange([start ?? null, end ?? null]);
  }
  return (
    <DatePickerInput
      {...props}
      type="range"
      valueFormat="DD/MM/YYYY"
      leftSection={<IconCalendar size={16} />}
      value={range}
      allowSingleDateInRange
      onChange={(next) => {
        setRange(next);
        const [from, to] = next;
        if (from && to) onRange(from, to);
        else if (!from && !to) onRange(undefined, undefined);
      }}
      data-testid={testId}
    />
  );
}

/** A metrics period (up to today). Reports only complete ranges. */
export function PeriodPicker({ value, onChange, testId, size = 'sm', w = 260 }: { value: Period; onChange: (period: Period) => void; testId?: string; size?: 'xs' | 'sm'; w?: number }) {
  return (
    <DateRangeInput
      label={t('metrics.period')}
      placeholder={t('metrics.periodPlaceholder')}
      start={value.start_date}
      end={value.end_date}
      onRange={(start_date, end_date) => {
        if (start_date && end_date) onChange({ start_date, end_date });
      }}
      maxDate={new Date()}
      size={size}
      w={w}
      testId={testId}
    />
  );
}

/** A list's optional period filter: reports complete ranges and clearing. Full width on phones. */
export function PeriodFilter({ label, placeholder, start, end, onChange }: { label: string; placeholder: string; start?: string; end?: string; onChange: (start?: string, end?: string) => void }) {
  return <DateRangeInput label={label} placeholder={placeholder} start={start} end={end} onRange={onChange} clearable w={{ base: '100%', xs: 250 }} />;
}
