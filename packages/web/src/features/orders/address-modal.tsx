import { Button, Grid, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { BRAZILIAN_STATES, OrderAddressBody } from '@backoffice/contracts';
import { maskCep } from '../../shared/ui/br-masks';
import type { OrderAddressBody as AddressBody } from './api';
import type { Order } from './types';
import { t } from '../../i18n';

type State = (typeof BRAZILIAN_STATES)[number];
interface AddressValues {
  zip_code: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: State | '';
}

const checkBody = schemaResolver(OrderAddressBody, { sync: true });

const toBody = (v: AddressValues): AddressBody => ({
  zip_code: v.zip_code,
  street: v.street,
  number: v.number,
  complement: v.complement || null,
  neighborhood: v.neighborhood || null,
  city: v.city,
  state: v.state as State,
});

const valuesOf = (order: Order): AddressValues => {
  const a = order.address;
  return {
    zip_code: a?.zip_code ?? '',
    street: a?.street ?? '',
    number: a?.number ?? '',
    complement: a?.complement ?? '',
    neighborhood: a?.neighborhood ?? '',
    city: a?.city ?? '',
    state: (BRAZILIAN_STATES as readonly string[]).includes(a?.state ?? '') ? (a!.state as State) : '',
  };
};

/** The delivery address form (the API geocodes it, finds the serving region and its fee); the caller confirms and sends it. */
export function AddressModal({ order, opened, onClose, onSubmit }: { order: Order; opened: boolean; onClose: () => void; onSubmit: (body: AddressBody) => void }) {
  const form = useForm<AddressValues>({
    initialValues: valuesOf(order),
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(checkBody(toBody(values)))) errors[path] ??= String(message);
      return errors;
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={<Text fw={600}>{t('orders.address.title', { number: order.number })}</Text>} centered>
      <form onSubmit={form.onSubmit((values) => onSubmit(toBody(values)))} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('orders.address.hint')}
          </Text>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('orders.address.zip')} required {...form.getInputProps('zip_code')} onChange={(e) => form.setFieldValue('zip_code', maskCep(e.currentTarget.value))} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput label={t('orders.address.street')} required maxLength={160} {...form.getInputProps('street')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <TextInput label={t('orders.address.number')} required maxLength={20} {...form.getInputProps('number')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <TextInput label={t('orders.address.complement')} maxLength={120} {...form.getInputProps('complement')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label={t('orders.address.neighborhood')} maxLength={120} {...form.getInputProps('neighborhood')} />
            </Grid.Col>
            <Grid.Col span={{ base: 8, sm: 9 }}>
              <TextInput label={t('orders.address.city')} required maxLength={120} {...form.getInputProps('city')} />
            </Grid.Col>
            <Grid.Col span={{ base: 4, sm: 3 }}>
              <Select label={t('orders.address.state')} required searchable data={[...BRAZILIAN_STATES]} {...form.getInputProps('state')} />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit">{t('orders.address.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
