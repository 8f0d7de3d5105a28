import { NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { CAMPAIGN_NAME_MAX } from '@backoffice/contracts';
import { CAMPAIGN_NAME_DEBOUNCE_MS, nameError } from '../objective-steps';
import { t } from '../../../../i18n';

interface NameProps {
  value: string;
  onChange: (value: string) => void;
  /** An error from submitting (the schema or the API), shown at once. */
  error?: string;
}

/** The campaign name: its own rule is checked 1 s after typing stops (spec §5), not on every key. */
export function CampaignNameInput({ value, onChange, error }: NameProps) {
  // The name as it was when typing last stopped; null while typing.
  const [settled, setSettled] = useState<string | null>(null);
  const settle = useDebouncedCallback(setSettled, CAMPAIGN_NAME_DEBOUNCE_MS);
  const typingError = settled === null ? null : nameError(settled);
  return (
    <TextInput
      label={t('rmCreate.fields.name')}
      placeholder={t('rmCreate.fields.namePlaceholder')}
      required
      maxLength={CAMPAIGN_NAME_MAX}
      value={value}
      onChange={(e) => {
        setSettled(null);
        settle(e.currentTarget.value);
        onChange(e.currentTarget.value);
      }}
      error={typingError ?? error}
    />
  );
}

interface BudgetProps {
  label?: string;
  description?: string;
  value: number | '';
  onChange: (value: number | '') => void;
  error?: string;
  required?: boolean;
}

/** A budget in reais (R$ 1.234,56), whatever the currency the API receives. */
export function BudgetInput({ label = t('rmCreate.fields.dailyBudget'), description, value, onChange, error, required = true }: BudgetProps) {
  return (
    <NumberInput
      label={label}
      description={description}
      required={required}
      prefix="R$ "
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={2}
      min={0}
      value={value}
      onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? '' : Number(v.replace(/\./g, '').replace(',', '.')))}
      error={error}
    />
  );
}

export interface ScheduleValue {
  start_at: string | null;
  always_on: boolean;
  end_at: string | null;
}

interface ScheduleProps {
  value: ScheduleValue;
  onChange: (patch: Partial<ScheduleValue>) => void;
  today: string;
  errors?: { start_at?: string; end_at?: string };
}

/** Start day (today by default), "Sempre ativa" (on by default, no end date) or the last day. */
export function ScheduleFields({ value, onChange, today, errors = {} }: ScheduleProps) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DatePickerInput
          label={t('rmCreate.fields.startAt')}
          valueFormat="DD/MM/YYYY"
          leftSection={<IconCalendar size={16} />}
          required
          minDate={today}
          value={value.start_at}
          onChange={(v) => onChange({ start_at: v })}
          error={errors.start_at}
        />
        {!value.always_on && (
          <DatePickerInput
            label={t('rmCreate.fields.endAt')}
            valueFormat="DD/MM/YYYY"
            leftSection={<IconCalendar size={16} />}
            required
            minDate={value.start_at ?? today}
            value={value.end_at}
            onChange={(v) => onChange({ end_at: v })}
            error={errors.end_at}
          />
        )}
      </SimpleGrid>
      <Switch
        label={t('rmCreate.fields.alwaysOn')}
        description={t('rmCreate.fields.alwaysOnHint')}
        checked={value.always_on}
        onChange={(e) => onChange(e.currentTarget.checked ? { always_on: true, end_at: null } : { always_on: false })}
      />
    </Stack>
  );
}
