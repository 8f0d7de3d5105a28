import { Button, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LoadError } from '../../shared/components/load-error';
import { customersSearchQuery, useAccountId } from './api';
import { maskPhone as formatPhone } from '../../shared/ui/br-masks';
import { t } from '../../i18n';

const TYPING_DEBOUNCE_MS = 300;

/** "Novo carrinho": pick the customer (search by name, CPF, phone or e-mail), then the list screen opens. */
export function NewCartModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{t('shoppingCarts.newCart.title')}</Text>} centered size="lg">
      <CustomerPicker />
    </Modal>
  );
}

function CustomerPicker() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), TYPING_DEBOUNCE_MS);
  const customers = useQuery(customersSearchQuery(useAccountId(), query));
  const rows = customers.data?.data ?? [];

  let body;
  if (customers.isError) body = <LoadError error={customers.error} retrying={customers.isFetching} onRetry={() => void customers.refetch()} />;
  else if (!customers.data) body = <Group justify="center" py="md"><Loader size="sm" /></Group>;
  else if (rows.length === 0)
    body = (
      <Text c="dimmed" size="sm" ta="center" py="md">
        {query ? t('shoppingCarts.newCart.noMatch') : t('shoppingCarts.newCart.noCustomers')}
      </Text>
    );
  else
    body = (
      <Stack gap={4} mah={360} style={{ overflowY: 'auto' }}>
        {rows.map((customer) => (
          <UnstyledButton
            key={customer.id}
            data-testid="customer-option"
            onClick={() => void navigate({ to: '/shopping-carts/generate/$customerId', params: { customerId: String(customer.id) } })}
            p="sm"
            style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-default-border)' }}
          >
            <Group gap="sm" wrap="nowrap">
              <IconUser size={18} />
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} truncate="end">
                  {customer.name}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {[customer.phone && formatPhone(customer.phone), customer.email, customer.store?.name].filter(Boolean).join(' · ') || t('shoppingCarts.newCart.noContact')}
                </Text>
              </Stack>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    );

  return (
    <Stack gap="md">
      <TextInput
        label={t('shoppingCarts.newCart.search')}
        placeholder={t('shoppingCarts.newCart.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        rightSection={customers.isFetching ? <Loader size="xs" /> : null}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        data-autofocus
      />
      {body}
      <Group justify="flex-end">
        <Button variant="default" renderRoot={(props) => <Link {...props} to="/customers/create" />}>
          {t('shoppingCarts.newCart.createCustomer')}
        </Button>
      </Group>
    </Stack>
  );
}
