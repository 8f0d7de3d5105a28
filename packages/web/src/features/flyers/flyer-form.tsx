import { Alert, Card, Grid, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { DateInput, TimePicker } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCalendar, IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import { CreateFlyerBody } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { BODY_FIELD_TO_FORM, parseBrDate, valuesToBody, type FlyerBody, type FlyerFormValues } from './flyer-form-values';
import { FlyerMediaField } from './flyer-media-field';
import { StorePicker } from './store-picker';
import { t } from '../../i18n';
import { FormActions } from '../../shared/components/form-actions';

const checkBody = schemaResolver(CreateFlyerBody, { sync: true });

/** The contract's rules on the body, reported at the form's fields, plus the form-only ones. */
export function validateFlyerValues(values: FlyerFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(checkBody(valuesToBody(values)))) {
    const field = BODY_FIELD_TO_FORM[path.split('.')[0] ?? ''] ?? path.split('.')[0] ?? path;
    errors[field] ??= String(message);
  }
  if (!values.start_date) errors.start_date = t('flyers.form.startRequired');
  if (!values.end_date) errors.end_date = t('flyers.form.endRequired');
  if (!values.all_locations && values.location_ids.length === 0) errors.location_ids = t('flyers.form.storesRequired');
  return errors;
}

interface Props {
  initialValues: FlyerFormValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: FlyerBody) => Promise<unknown>;
  onCancel: () => void;
}

/** Spec §3/§5 flyer form: name, message, period in São Paulo time, active, stores and media. */
export function FlyerForm({ initialValues, submitLabel, pending, onSubmit, onCancel }: Props) {
  const [uploading, setUploading] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FlyerFormValues>({ initialValues, validate: validateFlyerValues });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      await onSubmit(valuesToBody(values));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details?.length) {
        for (const d of error.details) form.setFieldError(BODY_FIELD_TO_FORM[d.field] ?? d.field, d.message);
      } else setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
    }
  });

  const timeProps = { format: '24h' as const, leftSection: <IconClock size={16} />, hoursInputLabel: t('flyers.form.hours'), minutesInputLabel: t('flyers.form.minutes') };
  const dateProps = { valueFormat: 'DD/MM/YYYY', dateParser: parseBrDate, placeholder: t('flyers.form.datePlaceholder'), leftSection: <IconCalendar size={16} />, clearable: true, withAsterisk: true };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errors.title')}>
            {serverError}
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Card withBorder radius="md" padding="lg">
              <Stack gap="md">
                <TextInput label={t('flyers.form.name')} placeholder={t('flyers.form.namePlaceholder')} withAsterisk maxLength={120} {...form.getInputProps('name')} />
                <Textarea label={t('flyers.form.message')} placeholder={t('flyers.form.messagePlaceholder')} autosize minRows={3} maxRows={8} maxLength={4000} {...form.getInputProps('message')} />
                <Stack gap={4}>
                  <Text fw={500} size="sm">
                    {t('flyers.form.period')}
                  </Text>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
                    <DateInput label={t('flyers.form.startDate')} {...dateProps} {...form.getInputProps('start_date')} />
                    <TimePicker label={t('flyers.form.startHour')} {...timeProps} {...form.getInputProps('start_hour')} />
                    <DateInput label={t('flyers.form.endDate')} {...dateProps} minDate={form.values.start_date || undefined} {...form.getInputProps('end_date')} />
                    <TimePicker label={t('flyers.form.endHour')} {...timeProps} {...form.getInputProps('end_hour')} />
                  </SimpleGrid>
                  <Text size="xs" c="dimmed">
                    {t('flyers.form.timezoneHint')}
                  </Text>
                </Stack>
                <Switch label={t('flyers.form.active')} description={t('flyers.form.activeHint')} {...form.getInputProps('active', { type: 'checkbox' })} />
                <StorePicker
                  all={form.values.all_locations}
                  ids={form.values.location_ids}
                  onAllChange={(all) => form.setFieldValue('all_locations', all)}
                  onIdsChange={(ids) => form.setFieldValue('location_ids', ids)}
                  error={form.errors.location_ids}
                />
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Card withBorder radius="md" padding="lg">
              <FlyerMediaField
                value={{ media_url: form.values.media_url, media_type: form.values.media_type, media_name: form.values.media_name }}
                onChange={(media) => form.setValues(media)}
                onUploadingChange={setUploading}
                error={form.errors.media_url}
              />
            </Card>
          </Grid.Col>
        </Grid>
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} cancelLabel={t('flyers.form.cancel')} submitDisabled={uploading} />
      </Stack>
    </form>
  );
}
