import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import type { Period } from '../ui/period';
import { t } from '../../i18n';

type Range = [string | null, string | null];

/**
 * A metrics period (DD/MM/YYYY, up to today). Reports only complete ranges, keeping the first
 * click locally, and follows `value` when it changes from outside.
 */
export function PeriodPicker({ value, onChange, testId, size = 'sm', w = 260 }: { value: Period; onChange: (period: Period) => void; testId?: string; size?: 'xs' | 'sm'; w?: number }) {
  const [range, setRange] = useState<Range>([value.start_date, value.end_date]);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setRange([value.start_date, value.end_date]);
  }
  return (
    <DatePickerInput
      type="range"
      label={t('metrics.period')}
      placeholder={t('metrics.periodPlaceholder')}
      valueFormat="DD/MM/YYYY"
      leftSection={<IconCalendar size={16} />}
      value={range}
      maxDate={new Date()}
      allowSingleDateInRange
      size={size}
      onChange={(next) => {
        setRange(next);
        if (next[0] && next[1]) onChange({ start_date: next[0], end_date: next[1] });
      }}
      w={w}
      data-testid={testId}
    />
  );
}
