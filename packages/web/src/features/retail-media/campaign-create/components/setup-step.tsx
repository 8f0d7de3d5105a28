import { SimpleGrid, Stack } from '@mantine/core';
import type { ObjectiveValues } from '../objective-steps';
import { BudgetInput, CampaignNameInput, ScheduleFields } from './campaign-fields';
import { t } from '../../../../i18n';

interface Props {
  values: ObjectiveValues;
  onChange: (patch: Partial<ObjectiveValues>) => void;
  today: string;
  errors: Partial<Record<keyof ObjectiveValues, string>>;
  currencyCents: boolean;
}

/** Step 3 "Configuração": name, daily budget, start day and "Sempre ativa" or the last day. */
export function SetupStep({ values, onChange, today, errors, currencyCents }: Props) {
  return (
    <Stack gap="md" maw={720}>
      <CampaignNameInput value={values.name} onChange={(name) => onChange({ name })} error={errors.name} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <BudgetInput
          value={values.daily_budget}
          onChange={(daily_budget) => onChange({ daily_budget })}
          description={currencyCents ? t('rmCreate.fields.centsHint') : t('rmCreate.fields.dailyBudgetHint')}
          error={errors.daily_budget}
        />
      </SimpleGrid>
      <ScheduleFields value={values} onChange={onChange} today={today} errors={{ start_at: errors.start_at, end_at: errors.end_at }} />
    </Stack>
  );
}
