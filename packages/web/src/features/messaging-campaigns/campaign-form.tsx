import { Alert, Button, Card, Grid, Group, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DateInput, TimePicker } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCalendar, IconClock, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { CreateMessagingCampaignBody } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import type { CampaignBody, MessagingCampaign } from './api';
import { AudienceField } from './audience-field';
import { bodyFieldToForm, campaignValuesToBody, type CampaignFormValues } from './campaign-form-values';
import { MediaField } from './media-field';
import { StorePicker } from './store-picker';
import { TemplatePicker, useTemplateChoices } from './template-picker';
import { WhatsAppPreview } from './whatsapp-preview';
import { t } from '../../i18n';

const checkBody = schemaResolver(CreateMessagingCampaignBody, { sync: true });

/** A date typed as DD/MM/YYYY (or YYYY-MM-DD) as YYYY-MM-DD; null when it is no real day. */
export function parseBrDate(text: string): string | null {
  const trimmed = text.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const [y, m, d] = br ? [br[3], br[2], br[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y || !m || !d) return null;
  const value = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const probe = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(probe.getTime()) && probe.toISOString().startsWith(value) ? value : null;
}

/** The contract's rules on the body, at the form's fields, plus the form-only ones. */
export function validateCampaignValues(values: CampaignFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(checkBody(campaignValuesToBody(values, false)))) errors[bodyFieldToForm(path)] ??= String(message);
  if (values.template_id === null) errors.template_id = t('messagingCampaigns.form.templateRequired');
  if (!values.start_date) errors.start_date = t('messagingCampaigns.form.startRequired');
  if (!values.end_date) errors.end_date = t('messagingCampaigns.form.endRequired');
  if (values.audience_type !== 'stores' && !values.all_locations && values.location_ids.length === 0) errors.location_ids = t('messagingCampaigns.form.storesRequired');
  return errors;
}

interface Props {
  initialValues: CampaignFormValues;
  /** The campaign's own template (edit, duplicate). */
  currentTemplate?: MessagingCampaign['template'];
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: CampaignBody) => Promise<unknown>;
  onCancel: () => void;
}

/** Spec §3/§5 campaign form: name, approved template with its preview, audience, São Paulo schedule (00:00–23:59 by default), stores and media. */
export function CampaignForm({ initialValues, currentTemplate, submitLabel, pending, onSubmit, onCancel }: Props) {
  const [uploading, setUploading] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<CampaignFormValues>({ initialValues, validate: validateCampaignValues });
  const { list } = useTemplateChoices(currentTemplate);
  const template = list.find((tpl) => tpl.id === form.values.template_id);

  const send = async (values: CampaignFormValues, draft: boolean) => {
    setServerError(null);
    try {
      await onSubmit(campaignValuesToBody(values, draft));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details?.length) {
        for (const d of error.details) form.setFieldError(bodyFieldToForm(d.field), d.message);
      } else setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
    }
  };
  const submit = form.onSubmit((values) => send(values, false));
  const saveDraft = form.onSubmit((values) => send(values, true));

  const timeProps = { format: '24h' as const, leftSection: <IconClock size={16} />, hoursInputLabel: t('messagingCampaigns.form.hours'), minutesInputLabel: t('messagingCampaigns.form.minutes') };
  const dateProps = { valueFormat: 'DD/MM/YYYY', dateParser: parseBrDate, placeholder: t('messagingCampaigns.form.datePlaceholder'), leftSection: <IconCalendar size={16} />, clearable: true, withAsterisk: true };
  const media = form.values.media_url
    ? { url: form.values.media_url, type: form.values.media_type, name: form.values.media_name }
    : template?.media_url
      ? { url: template.media_url, type: template.media_type ?? null, name: template.media_name ?? null }
      : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errors.title')} data-testid="campaign-form-error">
            {serverError}
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Card withBorder radius="md" padding="lg">
                <Stack gap="md">
                  <TextInput label={t('messagingCampaigns.form.name')} placeholder={t('messagingCampaigns.form.namePlaceholder')} withAsterisk maxLength={120} {...form.getInputProps('name')} />
                  <TemplatePicker value={form.values.template_id} onChange={(id) => form.setFieldValue('template_id', id)} current={currentTemplate} error={form.errors.template_id} />
                  <Textarea
                    label={t('messagingCampaigns.form.note')}
                    description={t('messagingCampaigns.form.noteHint')}
                    autosize
                    minRows={2}
                    maxRows={6}
                    maxLength={1000}
                    {...form.getInputProps('message')}
                  />
                </Stack>
              </Card>
              <Card withBorder radius="md" padding="lg">
                <AudienceField form={form} />
              </Card>
              <Card withBorder radius="md" padding="lg">
                <Stack gap="md">
                  <Stack gap={4}>
                    <Text fw={500} size="sm">
                      {t('messagingCampaigns.form.schedule')}
                    </Text>
                    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
                      <DateInput label={t('messagingCampaigns.form.startDate')} {...dateProps} {...form.getInputProps('start_date')} />
                      <TimePicker label={t('messagingCampaigns.form.startHour')} {...timeProps} {...form.getInputProps('start_hour')} />
                      <DateInput label={t('messagingCampaigns.form.endDate')} {...dateProps} minDate={form.values.start_date || undefined} {...form.getInputProps('end_date')} />
                      <TimePicker label={t('messagingCampaigns.form.endHour')} {...timeProps} {...form.getInputProps('end_hour')} />
                    </SimpleGrid>
                    <Text size="xs" c="dimmed">
                      {t('messagingCampaigns.form.scheduleHint')}
                    </Text>
                  </Stack>
                  {form.values.audience_type !== 'stores' && (
                    <StorePicker
                      all={form.values.all_locations}
                      ids={form.values.location_ids}
                      onAllChange={(all) => form.setFieldValue('all_locations', all)}
                      onIdsChange={(ids) => form.setFieldValue('location_ids', ids)}
                      error={form.errors.location_ids}
                    />
                  )}
                  <MediaField
                    label={t('messagingCampaigns.form.media')}
                    description={t('messagingCampaigns.form.mediaHint')}
                    value={{ media_url: form.values.media_url, media_type: form.values.media_type, media_name: form.values.media_name }}
                    onChange={(value) => form.setValues(value)}
                    onUploadingChange={setUploading}
                    error={form.errors.media_url}
                  />
                </Stack>
              </Card>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder radius="md" padding="lg" style={{ position: 'sticky', top: 80 }}>
              <Stack gap="sm">
                <Title order={5}>{t('messagingCampaigns.preview.title')}</Title>
                {template ? (
                  <WhatsAppPreview text={template.message} buttons={template.buttons} media={media} />
                ) : (
                  <Text size="sm" c="dimmed" data-testid="campaign-preview-empty">
                    {t('messagingCampaigns.preview.pickTemplate')}
                  </Text>
                )}
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={uploading || pending}
            onClick={() => saveDraft()}
          >
            {t('messagingCampaigns.form.saveDraft')}
          </Button>
          <Button
            type="submit"
            loading={pending}
            disabled={uploading}
            leftSection={<IconSend size={16} />}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
