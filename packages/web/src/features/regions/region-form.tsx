import { Alert, Button, Group, List, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { validateRegionValues, type RegionFormValues } from './region-values';
import { t } from '../../i18n';
import { FormActions } from '../../shared/components/form-actions';

interface Props {
  title: string;
  initialValues: RegionFormValues;
  /** What is wrong with the drawn polygon (checked in the browser with the API's rules). */
  geometryProblems: string[];
  pending: boolean;
  onSubmit: (values: RegionFormValues) => Promise<unknown>;
  onCancel: () => void;
  onDelete?: () => void;
}

const money = { decimalScale: 2, fixedDecimalScale: true, decimalSeparator: ',', thousandSeparator: '.', prefix: 'R$ ', min: 0, allowNegative: false } as const;

/** The fields of a region beside the map; the polygon itself is edited on the map. */
export function RegionForm({ title, initialValues, geometryProblems, pending, onSubmit, onCancel, onDelete }: Props) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverGeometry, setServerGeometry] = useState<string[]>([]);
  const form = useForm<RegionFormValues>({ initialValues, validate: validateRegionValues });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    setServerGeometry([]);
    if (geometryProblems.length) return;
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details?.length) {
        const geometry: string[] = [];
        for (const d of error.details) {
          const field = d.field.split('.')[0] ?? d.field;
          if (field === 'geometry') geometry.push(d.message);
          else if (field in values) form.setFieldError(field, d.message);
          else setServerError(d.message);
        }
        setServerGeometry([...new Set(geometry)]);
      } else setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
    }
  });

  const problems = geometryProblems.length ? geometryProblems : serverGeometry;
  return (
    <form onSubmit={submit} noValidate data-testid="region-form">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={4}>{title}</Title>
          <Text size="xs" c="dimmed">
            {t('regions.form.editHint')}
          </Text>
        </Stack>
        {problems.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('regions.geometry.title')} data-testid="region-geometry-problems">
            <List size="sm" spacing={2}>
              {problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errors.title')}>
            {serverError}
          </Alert>
        )}
        <TextInput label={t('regions.form.name')} placeholder={t('regions.form.namePlaceholder')} withAsterisk maxLength={120} data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput label={t('regions.form.fee')} {...money} withAsterisk {...form.getInputProps('delivery_fee')} />
          <NumberInput label={t('regions.form.minimum')} {...money} placeholder="R$ 0,00" {...form.getInputProps('min_order_value')} />
        </SimpleGrid>
        <NumberInput label={t('regions.form.eta')} suffix=" min" min={1} max={1440} allowDecimal={false} allowNegative={false} withAsterisk {...form.getInputProps('estimated_delivery_minutes')} />
        <Switch label={t('regions.form.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="space-between" gap="sm">
          {onDelete ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete} disabled={pending}>
              {t('regions.delete')}
            </Button>
          ) : (
            <span />
          )}
          <FormActions submitLabel={t('regions.form.save')} pending={pending} onCancel={onCancel} submitDisabled={geometryProblems.length > 0} />
        </Group>
      </Stack>
    </form>
  );
}
