import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertCircle, IconCalendar, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { CAMPAIGN_NAME_MAX, saoPauloToday } from '@backoffice/contracts';
import { ApiError } from '../../../../shared/api/client';
import { useSession } from '../../../../shared/session/session';
import { notifyError } from '../../../../shared/ui/notify';
import { useUpdateCampaign, type CampaignDetail } from '../api';
import { parseBrDate } from '../describe';
import { editBody, editValuesOf, validateEdit, type CampaignEditValues } from '../edit-values';
import { t } from '../../../../i18n';

/** Spec §5: the name's feedback waits 1000 ms after typing stops. */
export const NAME_DEBOUNCE_MS = 1000;

/** The edit mode of "Informações gerais": name, daily budget and end date (or "Sempre ativa"). */
export function CampaignEditForm({ campaign, onDone }: { campaign: CampaignDetail; onDone: () => void }) {
  const currencyCents = useSession()?.account.currency_cents ?? false;
  const update = useUpdateCampaign(campaign.id);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<CampaignEditValues>({
    initialValues: editValuesOf(campaign),
    validate: (values) => validateEdit(values, campaign.start_at),
  });
  const checkName = useDebouncedCallback(() => form.validateField('name'), NAME_DEBOUNCE_MS);

  const submit = form.onSubmit(async (values) => {
    checkName.cancel();
    setServerError(null);
    try {
      await update.mutateAsync(editBody(values, currencyCents));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details?.length) {
        for (const d of error.details) form.setFieldError(d.field, d.message);
      } else if (error instanceof ApiError) setServerError(error.message);
      else notifyError(error);
    }
  });

  const today = saoPauloToday();
  const minEnd = campaign.start_at > today ? campaign.start_at : today;
  const nameProps = form.getInputProps('name');

  return (
    <form onSubmit={submit} noValidate data-testid="campaign-edit-form">
      <Stack gap="md">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errors.title')}>
            {serverError}
          </Alert>
        )}
        <TextInput
          label={t('rmCampaigns.edit.name')}
          withAsterisk
          maxLength={CAMPAIGN_NAME_MAX}
          {...nameProps}
          onChange={(e) => {
            nameProps.onChange(e);
            checkName();
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t('rmCampaigns.edit.dailyBudget')}
            description={t('rmCampaigns.edit.dailyBudgetHint')}
            withAsterisk
            prefix="R$ "
            decimalSeparator=","
            thousandSeparator="."
            decimalScale={2}
            fixedDecimalScale
            min={0}
            allowNegative={false}
            {...form.getInputProps('daily_budget')}
          />
          <Stack gap="xs">
            <Switch label={t('rmCampaigns.period.alwaysOn')} {...form.getInputProps('always_on', { type: 'checkbox' })} mt={{ sm: 'xl' }} />
            {!form.values.always_on && (
              <DateInput
                label={t('rmCampaigns.edit.endDate')}
                valueFormat="DD/MM/YYYY"
                dateParser={parseBrDate}
                placeholder={t('rmCampaigns.edit.datePlaceholder')}
                leftSection={<IconCalendar size={16} />}
                minDate={minEnd}
                withAsterisk
                clearable
                {...form.getInputProps('end_at')}
              />
            )}
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} leftSection={<IconDeviceFloppy size={16} />}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
