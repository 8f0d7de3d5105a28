import { Alert, Button, Card, Grid, Group, Loader, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconListCheck, IconShoppingCartPlus, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { CART_LIST_MAX } from '@backoffice/contracts';
import { BackLink } from '../../shared/components/back-link';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { ApiError } from '../../shared/api/client';
import { formatMoney } from '../../shared/ui/format';
import { maskPhone } from '../../shared/ui/br-masks';
import { customerQuery, previewQuery, storesQuery, useAccountId, useGenerateCart } from './api';
import { PreviewLines } from './preview-lines';
import { countByStatus } from './cart-format';
import { t, tn } from '../../i18n';
const PREVIEW_DEBOUNCE_MS = 600;
/** The list's size limit (the API refuses longer ones). */
const LIST_MAX_LENGTH = CART_LIST_MAX;


/**
 * Spec §2 /shopping-carts/generate/{customerId}: the customer, the store (the customer's serving
 * store first), the list pasted or typed, each line resolving live, and "Gerar carrinho".
 */
export function GenerateCartPage({ customerId }: { customerId: number }) {
  const accountId = useAccountId();
  const navigate = useNavigate();
  const customer = useQuery(customerQuery(accountId, customerId));
  const stores = useQuery(storesQuery(accountId));
  const [chosenStore, setChosenStore] = useState<number | null>(null);
  const [list, setList] = useState('');
  const [coupon, setCoupon] = useState('');
  const generate = useGenerateCart();

  const servingStore = customer.data ? servingLocationId(customer.data) : null;
  const firstStore = stores.data?.find((s) => s.active)?.id ?? stores.data?.[0]?.id ?? null;
  const locationId = chosenStore ?? servingStore ?? firstStore;

  const [debounced] = useDebouncedValue(list.trim(), PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    ...previewQuery(accountId, { customer_id: customerId, location_id: locationId ?? 0, list: debounced }),
    enabled: Boolean(locationId && debounced),
  });
  const lines = (debounced && preview.data?.items) || [];

  if (customer.isError) return <LoadError title={t('shoppingCarts.generate.customerError')} error={customer.error} retrying={customer.isFetching} onRetry={() => void customer.refetch()} />;

  const submit = () => {
    if (!locationId || !list.trim()) return;
    generate.mutate(
      { customer_id: customerId, location_id: locationId, list: list.trim(), coupon_code: coupon.trim() || undefined },
      { onSuccess: (cart) => void navigate({ to: '/shopping-carts/review-bar/$cart_id', params: { cart_id: String(cart.id) } }) },
    );
  };

  const storeOptions = (stores.data ?? []).map((s) => ({ value: String(s.id), label: s.id === servingStore ? t('shoppingCarts.generate.servingStore', { name: s.name }) : s.name }));
  const counts = countByStatus(lines);

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <BackLink to="/shopping-carts" label={t('shoppingCarts.backToList')} />
        <Title order={2}>{t('shoppingCarts.generate.title')}</Title>
      </Stack>
      <Card withBorder radius="md" padding="md" data-testid="customer-header">
        <Group justify="space-between" align="flex-end" gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconUser size={28} />
            <Stack gap={0}>
              <Text fw={700} size="lg">
                {customer.data?.name ?? <Loader size="xs" />}
              </Text>
              <Text size="sm" c="dimmed">
                {customer.data ? [customer.data.phone && maskPhone(customer.data.phone), customer.data.email].filter(Boolean).join(' · ') : ' '}
              </Text>
            </Stack>
          </Group>
          <Select
            label={t('shoppingCarts.generate.store')}
            data={storeOptions}
            value={locationId ? String(locationId) : null}
            onChange={(value) => setChosenStore(value ? Number(value) : null)}
            allowDeselect={false}
            searchable
            w={{ base: '100%', xs: 320 }}
          />
        </Group>
      </Card>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm">
            <Textarea
              label={t('shoppingCarts.generate.list')}
              description={t('shoppingCarts.generate.listHint')}
              placeholder={t('shoppingCarts.generate.listPlaceholder')}
              autosize
              minRows={12}
              maxRows={24}
              maxLength={LIST_MAX_LENGTH}
              value={list}
              onChange={(e) => setList(e.currentTarget.value)}
              styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 14 } }}
            />
            <TextInput label={t('shoppingCarts.coupon.label')} placeholder={t('shoppingCarts.coupon.placeholder')} value={coupon} onChange={(e) => setCoupon(e.currentTarget.value.toUpperCase())} maw={320} />
            {generate.isError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
                {generate.error instanceof ApiError ? generate.error.message : t('shoppingCarts.generate.error')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button size="md" leftSection={<IconShoppingCartPlus size={18} />} onClick={submit} loading={generate.isPending} disabled={!locationId || !list.trim()}>
                {t('shoppingCarts.generate.submit')}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>{t('shoppingCarts.generate.previewTitle')}</Text>
              <Group gap="xs">
                {preview.isFetching && <Loader size="xs" aria-label={t('shoppingCarts.generate.resolving')} />}
                {lines.length > 0 && (
                  <Text size="sm" c="dimmed" data-testid="preview-summary">
                    {(['confirmed', 'pending', 'stock_out'] as const).map((status) => tn(`shoppingCarts.generate.summary.${status}`, counts[status], { count: counts[status] })).join(' · ')}
                  </Text>
                )}
              </Group>
            </Group>
            {preview.isError && debounced ? (
              <LoadError error={preview.error} retrying={preview.isFetching} onRetry={() => void preview.refetch()} inline />
            ) : lines.length === 0 ? (
              <Card withBorder radius="md" padding={0}>
                <EmptyState icon={<IconListCheck size={26} />} title={t('shoppingCarts.generate.previewEmpty')} hint={t('shoppingCarts.generate.previewEmptyHint')} />
              </Card>
            ) : (
              <>
                <PreviewLines lines={lines} />
                {preview.data && (
                  <Group justify="space-between" px="xs">
                    <Text size="sm" c="dimmed">
                      {tn('shoppingCarts.itemsCount', lines.length, { count: lines.length })}
                    </Text>
                    <Text fw={700} data-testid="preview-total">
                      {t('shoppingCarts.generate.estimatedTotal', { total: formatMoney(preview.data.total) })}
                    </Text>
                  </Group>
                )}
              </>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The store that serves the customer's main address, when resolved. */
function servingLocationId(customer: { addresses: Array<{ location_id: number | null; is_default: boolean }> }): number | null {
  const main = customer.addresses.find((a) => a.is_default) ?? customer.addresses[0];
  return main?.location_id ?? customer.addresses.find((a) => a.location_id)?.location_id ?? null;
}
