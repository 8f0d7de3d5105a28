import { Alert, Card, Grid, Loader, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { BRAZILIAN_STATES, CreateLocationBody, DELIVERY_TYPES, type DeliveryType } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { deliveryTypesQuery, geocodeQuery, useAccountId } from './api';
import { bodyPathToField, valuesToBody, type LocationBody, type LocationFormValues, type OpeningDay } from './location-form-values';
import { LocationMapField } from './location-map-field';
import { OpeningHoursField } from './opening-hours-field';
import { maskCep, maskCnpj, maskPhone, isCompleteCep, onlyDigits } from '../../shared/ui/br-masks';
import { t } from '../../i18n';
import { FormActions } from '../../shared/components/form-actions';

const checkBody = schemaResolver(CreateLocationBody, { sync: true });

/** The contract's rules on the body, reported at the form's fields, plus the form-only ones. */
function validateLocationValues(values: LocationFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const day of values.opening_hours) {
    if (day.open && (!day.opens || !day.closes)) errors[`opening_hours_day.${day.weekday}`] = t('locations.form.hoursRequired');
  }
  if (values.latitude === null || values.longitude === null) errors.latitude = t('locations.form.pinRequired');
  const body = valuesToBody(values);
  for (const [path, message] of Object.entries(checkBody(body))) errors[bodyPathToField(path, body)] ??= String(message);
  return errors;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={4}>{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}

interface Props {
  initialValues: LocationFormValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: LocationBody) => Promise<unknown>;
  onCancel: () => void;
}

/** The store form: data, address (CEP lookup), the pin on the map, and operation. */
export function LocationForm({ initialValues, submitLabel, pending, onSubmit, onCancel }: Props) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  const [serverError, setServerError] = useState<string | null>(null);
  // Where a looked-up CEP put the pin, so the map zooms to it (a drag or a click does not).
  const [pinFocus, setPinFocus] = useState<{ lat: number; lng: number } | null>(null);
  const [cepState, setCepState] = useState<'idle' | 'loading' | 'notFound' | 'failed'>('idle');
  const lastCep = useRef(onlyDigits(initialValues.zip_code));
  const form = useForm<LocationFormValues>({ initialValues, validate: validateLocationValues });
  const deliveryTypes = useQuery(deliveryTypesQuery(accountId));

  const lookUpCep = async (cep: string) => {
    lastCep.current = onlyDigits(cep);
    setCepState('loading');
    try {
      const results = await queryClient.fetchQuery(geocodeQuery(accountId, cep));
      if (onlyDigits(form.getValues().zip_code) !== lastCep.current) return;
      const found = results[0];
      if (!found) return setCepState('notFound');
      setCepState('idle');
      form.setValues({
        ...(found.street ? { street: found.street } : {}),
        ...(found.neighborhood ? { neighborhood: found.neighborhood } : {}),
        ...(found.city ? { city: found.city } : {}),
        ...(found.state ? { state: found.state } : {}),
        latitude: found.lat,
        longitude: found.lng,
      });
      for (const field of ['street', 'neighborhood', 'city', 'state', 'latitude']) form.clearFieldError(field);
      setPinFocus({ lat: found.lat, lng: found.lng });
    } catch {
      setCepState('failed');
    }
  };

  const onCepChange = (typed: string) => {
    const cep = maskCep(typed);
    form.setFieldValue('zip_code', cep);
    setCepState('idle');
    if (isCompleteCep(cep) && onlyDigits(cep) !== lastCep.current) void lookUpCep(cep);
    if (!isCompleteCep(cep)) lastCep.current = '';
  };

  const setDay = (weekday: number, patch: Partial<OpeningDay>) => {
    form.setFieldValue(
      'opening_hours',
      form.getValues().opening_hours.map((d) => (d.weekday === weekday ? { ...d, ...patch } : d)),
    );
    form.clearFieldError(`opening_hours_day.${weekday}`);
  };

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    const body = valuesToBody(values);
    try {
      await onSubmit(body);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details?.length) {
        for (const d of error.details) form.setFieldError(bodyPathToField(d.field, body), d.message);
      } else setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
    }
  });

  const cepHint = { loading: t('locations.form.cepLoading'), notFound: t('locations.form.cepNotFound'), failed: t('locations.form.cepFailed'), idle: t('locations.form.cepHint') }[cepState];
  const dayErrors = Object.fromEntries(Object.entries(form.errors).filter(([k]) => k.startsWith('opening_hours_day.')).map(([k, v]) => [Number(k.split('.')[1]), String(v)]));
  // The API names the types; until it answers, the same names from this app's texts.
  const typeOptions = (deliveryTypes.data ?? DELIVERY_TYPES.map((id) => ({ id, name: t(`locations.deliveryType.${id}`) }))).map((o) => ({ value: o.id, label: o.name }));
  const pin = form.values.latitude !== null && form.values.longitude !== null ? { lat: form.values.latitude, lng: form.values.longitude } : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errors.title')}>
            {serverError}
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              <Section title={t('locations.form.storeSection')}>
                <TextInput label={t('locations.form.name')} placeholder={t('locations.form.namePlaceholder')} withAsterisk maxLength={120} {...form.getInputProps('name')} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput label={t('locations.form.sellerId')} description={t('locations.form.sellerIdHint')} maxLength={60} {...form.getInputProps('seller_id')} />
                  <TextInput
                    label={t('locations.form.document')}
                    placeholder="00.000.000/0000-00"
                    inputMode="numeric"
                    withAsterisk
                    description={t('locations.form.documentHint')}
                    {...form.getInputProps('cnpj')}
                    onChange={(e) => form.setFieldValue('cnpj', maskCnpj(e.currentTarget.value))}
                  />
                </SimpleGrid>
                <TextInput
                  label={t('locations.form.phone')}
                  placeholder="(11) 3456-7890"
                  inputMode="tel"
                  withAsterisk
                  {...form.getInputProps('phone')}
                  onChange={(e) => form.setFieldValue('phone', maskPhone(e.currentTarget.value))}
                />
              </Section>
              <Section title={t('locations.form.addressSection')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label={t('locations.form.zipCode')}
                    placeholder="00000-000"
                    inputMode="numeric"
                    withAsterisk
                    description={cepHint}
                    rightSection={cepState === 'loading' ? <Loader size="xs" aria-label={t('locations.form.cepLoading')} /> : undefined}
                    {...form.getInputProps('zip_code')}
                    onChange={(e) => onCepChange(e.currentTarget.value)}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                  />
                  <div />
                </SimpleGrid>
                <TextInput label={t('locations.form.street')} withAsterisk maxLength={160} {...form.getInputProps('street')} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput label={t('locations.form.number')} withAsterisk maxLength={20} {...form.getInputProps('number')} />
                  <TextInput label={t('locations.form.complement')} maxLength={80} {...form.getInputProps('complement')} />
                </SimpleGrid>
                <TextInput label={t('locations.form.neighborhood')} withAsterisk maxLength={120} {...form.getInputProps('neighborhood')} />
                <Grid gap="sm">
                  <Grid.Col span={{ base: 12, sm: 8 }}>
                    <TextInput label={t('locations.form.city')} withAsterisk maxLength={120} {...form.getInputProps('city')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <Select label={t('locations.form.state')} withAsterisk data={[...BRAZILIAN_STATES].sort()} searchable placeholder="UF" {...form.getInputProps('state')} onChange={(v) => form.setFieldValue('state', v ?? '')} />
                  </Grid.Col>
                </Grid>
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              <Section title={t('locations.form.mapSection')}>
                <LocationMapField
                  value={pin}
                  focus={pinFocus}
                  onChange={({ lat, lng }) => {
                    form.setValues({ latitude: lat, longitude: lng });
                    form.clearFieldError('latitude');
                  }}
                  error={(form.errors.latitude ?? form.errors.longitude) as string | undefined}
                />
              </Section>
              <Section title={t('locations.form.operationSection')}>
                <Stack gap={4}>
                  <Text fw={500} size="sm">
                    {t('locations.form.deliveryType')}
                  </Text>
                  <SegmentedControl data={typeOptions} value={form.values.delivery_type} onChange={(v) => form.setFieldValue('delivery_type', v as DeliveryType)} aria-label={t('locations.form.deliveryType')} />
                  {form.errors.delivery_type && (
                    <Text size="xs" c="red">
                      {form.errors.delivery_type}
                    </Text>
                  )}
                </Stack>
                <OpeningHoursField value={form.values.opening_hours} onChange={setDay} errors={dayErrors} error={form.errors.opening_hours as string | undefined} />
                <NumberInput
                  label={t('locations.form.pickingCapacity')}
                  description={t('locations.form.pickingCapacityHint')}
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  thousandSeparator="."
                  decimalSeparator=","
                  {...form.getInputProps('picking_capacity')}
                />
                <Switch label={t('locations.form.active')} description={t('locations.form.activeHint')} {...form.getInputProps('active', { type: 'checkbox' })} />
              </Section>
            </Stack>
          </Grid.Col>
        </Grid>
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
