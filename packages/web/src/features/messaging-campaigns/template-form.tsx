import { Alert, Card, Checkbox, Grid, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CreateMessagingTemplateBody, MESSAGING_NAME_PLACEHOLDER, MESSAGING_OPT_OUT_BUTTON, MESSAGING_TEMPLATE_BUTTONS } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { FormActions } from '../../shared/components/form-actions';
import { useAccountId } from './api';
import { MediaField } from './media-field';
import { templateNameTakenQuery, type TemplateBody } from './templates-api';
import { isSampleMessage, templateValuesToBody, type TemplateFormValues } from './template-form-values';
import { WhatsAppPreview } from './whatsapp-preview';
import { t } from '../../i18n';

const checkBody = schemaResolver(CreateMessagingTemplateBody, { sync: true });

/** The contract's rules on the body, at the form's fields (checked as the person types, spec §5). */
export function validateTemplateValues(values: TemplateFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(checkBody(templateValuesToBody(values)))) {
    const field = path.split('.')[0] ?? path;
    errors[field === 'media_type' || field === 'media_name' ? 'media_url' : field] ??= String(message);
  }
  return errors;
}

const NAME_CHECK_DEBOUNCE_MS = 400;

interface Props {
  initialValues: TemplateFormValues;
  submitLabel: string;
  pending: boolean;
  /** The template's current name when editing: not a clash with itself. */
  ownName?: string;
  onSubmit: (body: TemplateBody) => Promise<unknown> | void;
  onCancel: () => void;
}

/** Spec §5 template form: name, description, message, buttons and media, with the message's WhatsApp preview beside. */
export function TemplateForm({ initialValues, submitLabel, pending, ownName, onSubmit, onCancel }: Props) {
  const [uploading, setUploading] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TemplateFormValues>({ initialValues, validate: validateTemplateValues, validateInputOnChange: true });

  // Unique in the account: asked of the API once typing pauses, for a name that is otherwise valid.
  const [typedName] = useDebouncedValue(form.values.name.trim(), NAME_CHECK_DEBOUNCE_MS);
  const nameShapeOk = /^[a-z0-9_]+$/.test(typedName) && typedName !== ownName;
  const taken = useQuery({ ...templateNameTakenQuery(useAccountId(), typedName), enabled: nameShapeOk });
  const nameTaken = nameShapeOk && taken.data === true;
  const nameError = form.errors.name ?? (nameTaken ? t('messagingCampaigns.templates.form.nameTaken') : undefined);

  const sample = isSampleMessage(form.values.message);
  const submit = form.onSubmit(async (values) => {
    if (nameTaken) return;
    setServerError(null);
    try {
      await onSubmit(templateValuesToBody(values));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details?.length) {
        for (const d of error.details) form.setFieldError(d.field.split('.')[0] ?? d.field, d.message);
      } else setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
    }
  });

  // Kept in the contract's order, whatever the order of the clicks.
  const setButtons = (picked: string[]) => form.setFieldValue('buttons', MESSAGING_TEMPLATE_BUTTONS.filter((b) => picked.includes(b)));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errors.title')}>
            {serverError}
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder radius="md" padding="lg">
              <Stack gap="md">
                <TextInput
                  label={t('messagingCampaigns.templates.form.name')}
                  description={t('messagingCampaigns.templates.form.nameHint')}
                  placeholder={t('messagingCampaigns.templates.form.namePlaceholder')}
                  withAsterisk
                  maxLength={512}
                  autoComplete="off"
                  {...form.getInputProps('name')}
                  error={nameError}
                />
                <TextInput
                  label={t('messagingCampaigns.templates.form.description')}
                  placeholder={t('messagingCampaigns.templates.form.descriptionPlaceholder')}
                  maxLength={500}
                  {...form.getInputProps('description')}
                />
                <Textarea
                  label={t('messagingCampaigns.templates.form.message')}
                  description={t('messagingCampaigns.templates.form.messageHint', { placeholder: MESSAGING_NAME_PLACEHOLDER })}
                  withAsterisk
                  autosize
                  minRows={4}
                  maxRows={12}
                  maxLength={1024}
                  {...form.getInputProps('message')}
                />
                {sample && (
                  <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} p="xs" data-testid="template-sample-warning">
                    <Text size="sm">{t('messagingCampaigns.templates.form.sampleWarning')}</Text>
                  </Alert>
                )}
                <Checkbox.Group
                  label={t('messagingCampaigns.templates.form.buttons')}
                  description={t('messagingCampaigns.templates.form.buttonsHint')}
                  withAsterisk
                  value={form.values.buttons}
                  onChange={setButtons}
                  error={form.errors.buttons}
                >
                  <Group gap="lg" mt={8}>
                    {MESSAGING_TEMPLATE_BUTTONS.map((button) => (
                      <Checkbox
                        key={button}
                        value={button}
                        label={button}
                        description={button === MESSAGING_OPT_OUT_BUTTON ? t('messagingCampaigns.templates.form.optOutHint') : t('messagingCampaigns.templates.form.defaultHint')}
                      />
                    ))}
                  </Group>
                </Checkbox.Group>
                <MediaField
                  label={t('messagingCampaigns.templates.form.media')}
                  description={t('messagingCampaigns.media.hint')}
                  value={{ media_url: form.values.media_url, media_type: form.values.media_type, media_name: form.values.media_name }}
                  onChange={(media) => form.setValues(media)}
                  onUploadingChange={setUploading}
                  error={form.errors.media_url}
                />
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder radius="md" padding="lg">
              <Stack gap="sm">
                <Title order={5}>{t('messagingCampaigns.preview.title')}</Title>
                <WhatsAppPreview
                  text={form.values.message}
                  buttons={form.values.buttons}
                  media={{ url: form.values.media_url, type: form.values.media_type, name: form.values.media_name }}
                />
                <Text size="xs" c="dimmed">
                  {t('messagingCampaigns.preview.hint')}
                </Text>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} submitDisabled={uploading || sample || nameTaken} />
      </Stack>
    </form>
  );
}
