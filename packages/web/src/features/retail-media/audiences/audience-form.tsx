import { Alert, Button, Group, MultiSelect, NumberInput, Radio, Select, Slider, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session';
import { advertiserOptionsQuery, audienceAttributesQuery, linkedPublishersQuery, useAccountId, type CreateAudienceBody } from './api';
import { validateAudienceValues, valuesToBody, type AudienceFormValues } from './audience-form-values';
import { RulesBuilder } from './rules-builder';
import { t } from '../../../i18n';

interface Props {
  initialValues: AudienceFormValues;
  /** Editing keeps the audience's publisher. */
  publisherLocked?: { id: number; name: string };
  submitLabel: string;
  onSubmit: (body: CreateAudienceBody) => Promise<unknown>;
  onCancel: () => void;
}

/** The publishers an audience may be created on: the account's own inventory, and linked publishers that allow audiences. */
function usePublisherOptions(locked?: { id: number; name: string }) {
  const session = useSession();
  const accountId = useAccountId();
  const role = session?.account.retail_media_role ?? 'none';
  const advertiser = role === 'advertiser' || role === 'both';
  const linked = useQuery({ ...linkedPublishersQuery(accountId), enabled: advertiser && !locked });
  if (locked) return { options: [{ value: String(locked.id), label: locked.name }], loading: false };
  const options = new Map<string, string>();
  if (session && (role === 'publisher' || role === 'both')) options.set(String(session.account.id), session.account.name);
  for (const p of linked.data ?? []) if (p.permissions.enable_audience_campaign && !options.has(String(p.id))) options.set(String(p.id), p.name);
  return { options: [...options].map(([value, label]) => ({ value, label })), loading: linked.isLoading };
}

/** Spec §3 audience form: name, description, estimated audience, reach 0–100, visibility and the rules. */
export function AudienceForm({ initialValues, publisherLocked, submitLabel, onSubmit, onCancel }: Props) {
  const accountId = useAccountId();
  const attributes = useQuery(audienceAttributesQuery(accountId));
  const publishers = usePublisherOptions(publisherLocked);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const attrs = attributes.data ?? [];

  const form = useForm<AudienceFormValues>({
    initialValues: { ...initialValues, publisher_id: initialValues.publisher_id ?? publishers.options[0]?.value ?? null },
    validate: (values) => validateAudienceValues(effective(values), attrs, ownAdvertiserId(values)),
  });
  const publisherId = form.values.publisher_id ?? publishers.options[0]?.value ?? null;
  // The account's own inventory is the publisher side; elsewhere it proposes as an advertiser.
  const publisherSide = publisherId === String(accountId);
  // Publisher options may arrive after the form: the select then shows (and sends) the first one.
  function effective(values: AudienceFormValues): AudienceFormValues {
    return { ...values, publisher_id: values.publisher_id ?? publisherId };
  }
  function ownAdvertiserId(values: AudienceFormValues) {
    return effective(values).publisher_id === String(accountId) ? null : accountId;
  }
  const advertisers = useQuery({ ...advertiserOptionsQuery(accountId, Number(publisherId)), enabled: publisherSide && form.values.visibility === 'private' });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    setSending(true);
    try {
      await onSubmit(valuesToBody(effective(values), attrs, ownAdvertiserId(values)));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details?.length) {
        for (const d of error.details) form.setFieldError(d.field, d.message);
      } else setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errors.title')}>
            {serverError}
          </Alert>
        )}
        <Select
          label={t('rmAudiences.form.publisher')}
          data={publishers.options}
          disabled={Boolean(publisherLocked) || publishers.options.length <= 1}
          withAsterisk
          nothingFoundMessage={t('rmAudiences.form.noPublishers')}
          value={publisherId}
          error={form.errors.publisher_id}
          onChange={(v) => form.setValues({ publisher_id: v, advertiser_ids: [] })}
        />
        <TextInput label={t('rmAudiences.form.name')} placeholder={t('rmAudiences.form.namePlaceholder')} withAsterisk maxLength={120} {...form.getInputProps('name')} />
        <Textarea label={t('rmAudiences.form.description')} autosize minRows={2} maxRows={5} maxLength={500} {...form.getInputProps('description')} />
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput
            label={t('rmAudiences.form.estimatedAudience')}
            description={t('rmAudiences.form.estimatedAudienceHint')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator="."
            decimalSeparator=","
            miw={200}
            {...form.getInputProps('estimated_audience')}
          />
          <Stack gap={6} miw={200} px="xs" pb="md">
            <Text size="sm" fw={500} id="reach-range-label">
              {t('rmAudiences.form.reachRange', { value: form.values.reach_range })}
            </Text>
            <Slider
              min={0}
              max={100}
              step={1}
              label={(v) => `${v}%`}
              marks={[{ value: 0, label: '0%' }, { value: 50, label: '50%' }, { value: 100, label: '100%' }]}
              thumbProps={{ 'aria-labelledby': 'reach-range-label' }}
              {...form.getInputProps('reach_range')}
            />
          </Stack>
        </Group>
        <Radio.Group label={t('rmAudiences.form.visibility')} withAsterisk {...form.getInputProps('visibility')} mt="md">
          <Group gap="lg" mt={6}>
            <Radio value="global" label={t('rmAudiences.visibility.global')} />
            <Radio value="private" label={t('rmAudiences.visibility.private')} />
          </Group>
        </Radio.Group>
        {form.values.visibility === 'private' &&
          (publisherSide ? (
            <MultiSelect
              label={t('rmAudiences.form.advertisers')}
              placeholder={t('rmAudiences.form.advertisersPlaceholder')}
              data={advertisers.data ?? []}
              searchable
              withAsterisk
              nothingFoundMessage={advertisers.isLoading ? t('common.loading') : t('rmAudiences.form.noAdvertisers')}
              {...form.getInputProps('advertiser_ids')}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('rmAudiences.form.privateForSelf')}
            </Text>
          ))}
        <RulesBuilder form={form} attributes={attrs} loading={attributes.isLoading} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={sending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={sending} leftSection={<IconDeviceFloppy size={18} />}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
