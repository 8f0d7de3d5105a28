import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { saoPauloToday } from '@backoffice/contracts';
import { ApiError } from '../../../../shared/api/client';
import { notifyError } from '../../../../shared/ui/notify';
import { CatalogPicker } from '../../ads/catalog-picker';
import { useCreateCampaign, type CampaignDetail, type Publisher } from '../api';
import { CREATIVE_AD_TYPES, defaultStandardValues, standardFieldOf, toStandardBody, validateStandard, type StandardValues } from '../standard-values';
import { AudienceCards } from './audience-cards';
import { ScheduleFields } from './campaign-fields';
import { BudgetSection, GeneralSection, Section, SubpublishersField, TargetingSection } from './standard-sections';
import { TagPicker } from './tag-picker';
import { t } from '../../../../i18n';

interface Props {
  publisher: Publisher;
  currencyCents: boolean;
  onCreated: (campaign: CampaignDetail) => void;
  onCancel: () => void;
}

/** After a failed validation the first field in error may be far up the form: bring it into view. */
function focusFirstError() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  });
}

/** The standard campaign form, offering only what the publisher's link allows; validated with the contracts' schema. */
export function StandardForm({ publisher, currencyCents, onCreated, onCancel }: Props) {
  const permissions = publisher.permissions;
  const [today] = useState(saoPauloToday);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateCampaign();
  const form = useForm<StandardValues>({
    initialValues: defaultStandardValues(permissions, today),
    validate: (values) => validateStandard(values, publisher.id, permissions, currencyCents),
  });
  const v = form.getValues();

  const submit = form.onSubmit((values) => {
    setServerError(null);
    create.mutateAsync(toStandardBody(values, publisher.id, permissions, currencyCents)).then(onCreated, (error: unknown) => {
      if (!(error instanceof ApiError)) return notifyError(error);
      const details = error.status === 400 ? (error.details ?? []) : [];
      const placed = details.filter((d) => standardFieldOf(d.field) !== 'root');
      for (const d of placed) form.setFieldError(standardFieldOf(d.field), d.message);
      if (placed.length === 0) setServerError(error.message);
      else focusFirstError();
    });
  }, focusFirstError);

  const creatives = CREATIVE_AD_TYPES.includes(v.ad_type);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {(serverError || form.errors.root) && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {serverError ?? form.errors.root}
          </Alert>
        )}
        <GeneralSection form={form} permissions={permissions} />
        {v.ad_type === 'product' && (
          <Section title={t('rmCreate.standard.products')}>
            <CatalogPicker
              label={t('rmCreate.fields.products')}
              description={t('rmCreate.fields.productsHint')}
              publisherId={publisher.id}
              multiple
              required
              value={v.products}
              onChange={(products) => {
                form.setFieldValue('products', products);
                form.clearFieldError('products');
              }}
              error={form.errors.products}
            />
          </Section>
        )}
        <TargetingSection form={form} publisherId={publisher.id} />
        <BudgetSection form={form} permissions={permissions} currencyCents={currencyCents} />
        <Section title={t('rmCreate.standard.period')}>
          <ScheduleFields
            value={v}
            onChange={(patch) => form.setValues(patch)}
            today={today}
            errors={{ start_at: form.errors.start_at as string | undefined, end_at: form.errors.end_at as string | undefined }}
          />
        </Section>
        {(permissions.enable_audience_campaign || permissions.allow_manage_subpublishers) && (
          <Section title={t('rmCreate.standard.audience')}>
            {permissions.enable_audience_campaign && (
              <AudienceCards publisherId={publisher.id} value={v.audience_ids} onChange={(ids) => form.setFieldValue('audience_ids', ids)} error={form.errors.audience_ids as string | undefined} />
            )}
            {permissions.allow_manage_subpublishers && <SubpublishersField form={form} publisherId={publisher.id} />}
          </Section>
        )}
        <Section title={t('rmCreate.standard.organization')}>
          <TagPicker value={v.tags} onChange={(tags) => form.setFieldValue('tags', tags)} error={form.errors.tags as string | undefined} />
        </Section>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} leftSection={<IconRocket size={16} />}>
            {t(creatives ? 'rmCreate.submitThenAds' : 'rmCreate.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
