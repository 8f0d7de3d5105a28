import { Alert, Card, Grid, MultiSelect, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { CreateOperatorBody } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { useStores } from './api';
import { isOperatorRole, isVehicleType, roleOptions, vehicleOptions } from './operator-labels';
import { normalizePlate } from './operator-masks';
import { maskCpf, maskPhone } from '../../shared/ui/br-masks';
import { bodyPathToField, takesPlate, valuesToBody, type OperatorBody, type OperatorFormValues } from './operator-form-values';
import { storeOptions } from './store-label';
import { t } from '../../i18n';
import { FormActions } from '../../shared/components/form-actions';

const checkBody = schemaResolver(CreateOperatorBody, { sync: true });

/** The contract's rules on the body, reported at the form's fields (the first error of each). */
export function validateOperatorValues(values: OperatorFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(checkBody(valuesToBody(values)))) {
    errors[bodyPathToField(path)] ??= String(message);
  }
  // Choices not made yet: said plainly rather than as the enum's "invalid option".
  if (values.role === '') errors.role = t('operators.form.roleRequired');
  if (values.role === 'deliverer' && values.vehicle_type === '') errors.vehicle_type = t('operators.form.vehicleTypeRequired');
  if (values.cpf.trim() === '') errors.cpf = t('operators.form.cpfRequired');
  return errors;
}

interface Props {
  initialValues: OperatorFormValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: OperatorBody) => Promise<unknown>;
  onCancel: () => void;
}

/** The operator form: who they are, what they do and where, and a vehicle for deliverers. */
export function OperatorForm({ initialValues, submitLabel, pending, onSubmit, onCancel }: Props) {
  const [serverError, setServerError] = useState<string | null>(null);
  const stores = useStores();
  const form = useForm<OperatorFormValues>({ initialValues, validate: validateOperatorValues });
  const deliverer = form.values.role === 'deliverer';

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      await onSubmit(valuesToBody(values));
    } catch (error) {
      // Field errors (400) at their fields; anything else (409 duplicate CPF, 404, 5xx) in the banner, in the server's words.
      if (error instanceof ApiError && error.status === 400 && error.details?.length) {
        for (const d of error.details) form.setFieldError(bodyPathToField(d.field), d.message);
      } else setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
    }
  });

  const masked = (field: 'cpf' | 'phone', mask: (text: string) => string) => ({
    ...form.getInputProps(field),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(field, mask(e.currentTarget.value)),
  });

  return (
    <form onSubmit={submit} noValidate data-testid="operator-form">
      <Stack gap="lg">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errors.title')} withCloseButton onClose={() => setServerError(null)} data-testid="operator-form-error">
            {serverError}
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Card withBorder radius="md" padding="lg" h="100%">
              <Stack gap="md">
                <Title order={4}>{t('operators.form.personal')}</Title>
                <TextInput label={t('operators.form.name')} placeholder={t('operators.form.namePlaceholder')} withAsterisk maxLength={120} autoComplete="off" {...form.getInputProps('name')} />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
                  <TextInput label={t('operators.form.cpf')} withAsterisk placeholder={t('operators.form.cpfPlaceholder')} inputMode="numeric" autoComplete="off" {...masked('cpf', maskCpf)} />
                  <TextInput label={t('operators.form.phone')} placeholder={t('operators.form.phonePlaceholder')} inputMode="tel" type="tel" autoComplete="off" {...masked('phone', maskPhone)} />
                </SimpleGrid>
                <TextInput label={t('operators.form.email')} placeholder={t('operators.form.emailPlaceholder')} type="email" autoComplete="off" maxLength={254} {...form.getInputProps('email')} />
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Card withBorder radius="md" padding="lg" h="100%">
              <Stack gap="md">
                <Title order={4}>{t('operators.form.work')}</Title>
                <Select
                  label={t('operators.form.role')}
                  placeholder={t('operators.form.rolePlaceholder')}
                  data={roleOptions()}
                  withAsterisk
                  allowDeselect={false}
                  {...form.getInputProps('role')}
                  onChange={(value) => form.setFieldValue('role', isOperatorRole(value) ? value : '')}
                />
                <MultiSelect
                  label={t('operators.form.stores')}
                  placeholder={form.values.location_ids.length ? undefined : t('operators.form.storesPlaceholder')}
                  data={storeOptions(stores.data, form.values.location_ids)}
                  withAsterisk
                  searchable
                  clearable
                  hidePickedOptions
                  nothingFoundMessage={t('operators.form.storesEmpty')}
                  disabled={stores.isPending}
                  maxDropdownHeight={260}
                  {...form.getInputProps('location_ids')}
                  value={form.values.location_ids.map(String)}
                  onChange={(values) => form.setFieldValue('location_ids', values.map(Number))}
                />
                {stores.isError && (
                  <Alert color="red" variant="light" p="xs">
                    {t('operators.form.storesLoadError')}
                  </Alert>
                )}
                {deliverer && (
                  <Stack gap={6} data-testid="operator-vehicle">
                    <div>
                      <Text fw={600} size="sm">
                        {t('operators.form.vehicle')}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('operators.form.vehicleHint')}
                      </Text>
                    </div>
                    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
                      <Select
                        label={t('operators.form.vehicleType')}
                        placeholder={t('operators.form.vehicleTypePlaceholder')}
                        data={vehicleOptions()}
                        withAsterisk
                        allowDeselect={false}
                        {...form.getInputProps('vehicle_type')}
                        onChange={(value) => form.setFieldValue('vehicle_type', isVehicleType(value) ? value : '')}
                      />
                      {takesPlate(form.values.vehicle_type) && (
                        <TextInput
                          label={t('operators.form.plate')}
                          placeholder={t('operators.form.platePlaceholder')}
                          autoComplete="off"
                          withAsterisk
                          {...form.getInputProps('vehicle_plate')}
                          onChange={(e) => form.setFieldValue('vehicle_plate', normalizePlate(e.currentTarget.value))}
                        />
                      )}
                    </SimpleGrid>
                  </Stack>
                )}
                <Switch label={t('operators.form.active')} description={t('operators.form.activeHint')} {...form.getInputProps('active', { type: 'checkbox' })} />
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} cancelLabel={t('operators.form.cancel')} />
      </Stack>
    </form>
  );
}
