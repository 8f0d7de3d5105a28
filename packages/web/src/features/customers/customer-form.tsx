import { Alert, Button, Card, Grid, Group, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconMapPinPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { CreateCustomerBody, UpdateCustomerBody } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { FormActions } from '../../shared/components/form-actions';
import { maskCpf, maskPhone } from '../../shared/ui/br-masks';
import { CustomerAddressFields } from './customer-address-fields';
import {
  bodyPathToField,
  conflictField,
  emptyAddress,
  removeAddress,
  setDefaultAddress,
  valuesToBody,
  type AddressFormValues,
  type CustomerBody,
  type CustomerFormValues,
} from './customer-form-values';
import { t } from '../../i18n';

const checkCreate = schemaResolver(CreateCustomerBody, { sync: true });
const checkUpdate = schemaResolver(UpdateCustomerBody, { sync: true });

/**
 * The contract's rules on the body, reported at the form's fields (the first error of each): the
 * POST's for a new customer, the PUT's (saved addresses keep their ids) for the customer `customerId`.
 */
export function validateCustomerValues(values: CustomerFormValues, customerId?: number): Record<string, string> {
  const body = valuesToBody(values);
  const issues = customerId === undefined ? checkCreate(body) : checkUpdate({ ...body, id: customerId });
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(issues)) errors[bodyPathToField(path)] ??= String(message);
  return errors;
}

/**
 * Where a refused save is shown: 400 details and a 409 duplicate (CPF, phone) at their fields, in
 * the server's words; anything else in the banner. Returns the banner's text, or null.
 */
export function applyServerError(error: unknown, setFieldError: (field: string, message: string) => void): string | null {
  if (!(error instanceof ApiError)) return t('errors.generic');
  if (error.status === 400 && error.details?.length) {
    for (const d of error.details) setFieldError(bodyPathToField(d.field), d.message);
    return null;
  }
  if (error.status === 409) {
    const field = conflictField(error.code, error.message, error.details);
    if (field) {
      setFieldError(field, error.details?.find((d) => d.field === field)?.message ?? error.message);
      return null;
    }
  }
  return error.message;
}

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={4}>{title}</Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

interface Props {
  initialValues: CustomerFormValues;
  /** The customer being edited (its PUT's rules apply); none for a new one. */
  customerId?: number;
  submitLabel: string;
  pending: boolean;
  /** Admins only change the seller id (spec §5). */
  sellerIdEditable: boolean;
  /** An anonymised customer (or a member who may not change customers): every field shown, none changed. */
  readOnly?: boolean;
  onSubmit: (body: CustomerBody) => Promise<unknown>;
  onCancel: () => void;
}

/** The customer form: who they are and how to reach them, consent, and the delivery addresses. */
export function CustomerForm({ initialValues, customerId, submitLabel, pending, sellerIdEditable, readOnly = false, onSubmit, onCancel }: Props) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<CustomerFormValues>({ initialValues, validate: (values) => validateCustomerValues(values, customerId) });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      await onSubmit(valuesToBody(values));
    } catch (error) {
      setServerError(applyServerError(error, form.setFieldError));
    }
  });

  const masked = (field: 'cpf' | 'phone', mask: (text: string) => string) => ({
    ...form.getInputProps(field),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(field, mask(e.currentTarget.value)),
  });

  const addresses = form.values.addresses;
  const setAddresses = (next: AddressFormValues[]) => form.setFieldValue('addresses', next);
  // From the latest values, not this render's: a CEP lookup answers after the CEP itself was set.
  const patchAddress = (index: number, patch: Partial<AddressFormValues>) => {
    setAddresses(form.getValues().addresses.map((a, i) => (i === index ? { ...a, ...patch } : a)));
    for (const field of Object.keys(patch)) form.clearFieldError(`addresses.${index}.${field}`);
  };
  const addressErrors = (index: number) =>
    Object.fromEntries(
      Object.entries(form.errors)
        .filter(([key]) => key.startsWith(`addresses.${index}.`))
        .map(([key, message]) => [key.split('.')[2], message ? String(message) : undefined]),
    );

  return (
    <form onSubmit={submit} noValidate data-testid="customer-form">
      <Stack gap="lg">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errors.title')} withCloseButton onClose={() => setServerError(null)} data-testid="customer-form-error">
            {serverError}
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Stack gap="lg">
              <Section title={t('customers.form.personal')}>
                <TextInput label={t('customers.form.name')} placeholder={t('customers.form.namePlaceholder')} withAsterisk maxLength={120} autoComplete="off" readOnly={readOnly} {...form.getInputProps('name')} />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
                  <TextInput label={t('customers.form.cpf')} placeholder="000.000.000-00" inputMode="numeric" autoComplete="off" readOnly={readOnly} {...masked('cpf', maskCpf)} />
                  <TextInput label={t('customers.form.phone')} placeholder="(11) 98765-4321" inputMode="tel" type="tel" autoComplete="off" readOnly={readOnly} {...masked('phone', maskPhone)} />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
                  <TextInput label={t('customers.form.email')} placeholder={t('customers.form.emailPlaceholder')} type="email" autoComplete="off" maxLength={254} readOnly={readOnly} {...form.getInputProps('email')} />
                  <DateInput
                    label={t('customers.form.birthDate')}
                    placeholder="DD/MM/AAAA"
                    valueFormat="DD/MM/YYYY"
                    clearable={!readOnly}
                    readOnly={readOnly}
                    maxDate={new Date()}
                    defaultLevel={form.values.birth_date ? 'month' : 'decade'}
                    {...form.getInputProps('birth_date')}
                    value={form.values.birth_date || null}
                    onChange={(value) => form.setFieldValue('birth_date', value ?? '')}
                  />
                </SimpleGrid>
                <Textarea label={t('customers.form.description')} placeholder={t('customers.form.descriptionPlaceholder')} autosize minRows={2} maxRows={6} maxLength={1000} readOnly={readOnly} {...form.getInputProps('description')} />
              </Section>
              <Section title={t('customers.form.relationship')}>
                <TagsInput
                  label={t('customers.form.tags')}
                  description={t('customers.form.tagsHint')}
                  placeholder={readOnly ? undefined : t('customers.form.tagsPlaceholder')}
                  clearable={!readOnly}
                  readOnly={readOnly}
                  maxTags={20}
                  {...form.getInputProps('tags')}
                />
                <TextInput
                  label={t('customers.form.sellerId')}
                  description={sellerIdEditable ? t('customers.form.sellerIdHint') : t('customers.form.sellerIdLocked')}
                  maxLength={60}
                  disabled={!sellerIdEditable}
                  readOnly={readOnly}
                  {...form.getInputProps('seller_id')}
                />
                <Switch label={t('customers.form.optIn')} description={t('customers.form.optInHint')} disabled={readOnly} {...form.getInputProps('opt_in', { type: 'checkbox' })} />
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Section
              title={t('customers.form.addresses')}
              actions={
                !readOnly && (
                  <Button variant="light" size="xs" leftSection={<IconMapPinPlus size={16} />} onClick={() => setAddresses([...addresses, emptyAddress(addresses.length === 0)])}>
                    {t('customers.address.add')}
                  </Button>
                )
              }
            >
              {addresses.length === 0 ? (
                <Text size="sm" c="dimmed" data-testid="customer-no-addresses">
                  {t('customers.address.none')}
                </Text>
              ) : (
                addresses.map((address, index) => (
                  <CustomerAddressFields
                    key={address.key}
                    index={index}
                    value={address}
                    errors={addressErrors(index)}
                    readOnly={readOnly}
                    onChange={(patch) => patchAddress(index, patch)}
                    onDefault={() => setAddresses(setDefaultAddress(addresses, address.key))}
                    onRemove={() => {
                      form.clearErrors();
                      setAddresses(removeAddress(addresses, address.key));
                    }}
                  />
                ))
              )}
              {typeof form.errors.addresses === 'string' && (
                <Text size="xs" c="red">
                  {form.errors.addresses}
                </Text>
              )}
            </Section>
          </Grid.Col>
        </Grid>
        {!readOnly && <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} cancelLabel={t('customers.form.cancel')} />}
      </Stack>
    </form>
  );
}
