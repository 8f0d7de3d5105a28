import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../../shared/api/client';
import { notifyError } from '../../../shared/ui/notify';
import { formFieldOf, toPromotionBody, validatePromotionForm, type PromotionFormValues } from '../form-values';
import type { PromotionBody } from '../api';
import { FormGeneral } from './form-general';
import { FormBenefit, FormConditions } from './form-benefit';
import { FormLimits, FormScope } from './form-scope';
import { t } from '../../../i18n';

interface Props {
  initialValues: PromotionFormValues;
  submitLabel: string;
  pending: boolean;
  /** Saves the body; rejects with the API's error, which the form places beside its field. */
  onSubmit: (body: PromotionBody) => Promise<unknown>;
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={4}>{title}</Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

/** After a failed validation the first field in error may be far up a long form: bring it into view. */
function focusFirstError() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  });
}

/** The one promotion form of create, duplicate and edit, validated with the contracts' schema. */
export function PromotionForm({ initialValues, submitLabel, pending, onSubmit }: Props) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<PromotionFormValues>({ initialValues, validate: validatePromotionForm });
  const root = form.errors.root;

  const submit = form.onSubmit((values) => {
    setServerError(null);
    onSubmit(toPromotionBody(values)).catch((error: unknown) => {
      if (!(error instanceof ApiError)) return notifyError(error);
      if (error.status === 409) form.setFieldError('code', error.message);
      else if (error.status === 400 && error.details?.length) {
        let placed = false;
        for (const d of error.details) {
          const field = formFieldOf(d.field, values.promotion_type);
          if (field) {
            form.setFieldError(field, d.message);
            placed = true;
          }
        }
        if (!placed) setServerError(error.message);
      } else setServerError(error.message);
    });
  }, focusFirstError);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {(serverError || root) && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {serverError ?? root}
          </Alert>
        )}
        <Section title={t('promotions.form.sections.general')}>
          <FormGeneral form={form} />
        </Section>
        <Section title={t('promotions.form.sections.benefit')}>
          <FormBenefit form={form} />
        </Section>
        <Section title={t('promotions.form.sections.conditions')} description={t('promotions.form.sections.conditionsHint')}>
          <FormConditions form={form} />
        </Section>
        <Section title={t('promotions.form.sections.limits')}>
          <FormLimits form={form} />
        </Section>
        <Section title={t('promotions.form.sections.scope')}>
          <FormScope form={form} />
        </Section>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to="/promotional/list/">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} leftSection={<IconDeviceFloppy size={16} />}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
