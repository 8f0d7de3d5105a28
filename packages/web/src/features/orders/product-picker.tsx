import { Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '../../shared/ui/format';
import { storeProductsQuery, useAccountId } from './api';
import type { PickProduct } from './picking-body';
import { t } from '../../i18n';

/** Searches the store's catalog (its offers) and hands the chosen product over. */
export function ProductPicker({ locationId, label, actionLabel, exclude = [], onChoose }: { locationId: number; label: string; actionLabel: string; exclude?: number[]; onChoose: (product: PickProduct) => void }) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), 300);
  const results = useQuery(storeProductsQuery(useAccountId(), locationId, query));
  const products = (results.data ?? []).filter((p) => !exclude.includes(p.id));
  const searching = query.length >= 2;
  return (
    <Stack gap={6} data-testid="product-picker">
      <TextInput
        size="xs"
        label={label}
        placeholder={t('orders.picking.searchPlaceholder')}
        leftSection={<IconSearch size={14} />}
        rightSection={results.isFetching ? <Loader size={14} /> : null}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {searching && results.isError && (
        <Text size="xs" c="red">
          {t('orders.picking.searchError')}
        </Text>
      )}
      {searching && results.isSuccess && products.length === 0 && !results.isFetching && (
        <Text size="xs" c="dimmed">
          {t('orders.picking.noProducts')}
        </Text>
      )}
      {searching &&
        products.map((p) => {
          const price = p.offer?.effective_price ?? null;
          return (
            <Paper key={p.id} withBorder radius="sm" p={6} data-testid="product-option">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} miw={0}>
                  <Text size="sm" lineClamp={1}>
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {p.product_sku}
                    {price !== null && ` · ${formatMoney(price)}${p.unit_measurement === 'kg' ? '/kg' : ''}`}
                    {p.offer && !p.offer.available && ` · ${t('orders.picking.unavailable')}`}
                  </Text>
                </Stack>
                <Button
                  size="compact-xs"
                  variant="light"
                  aria-label={`${actionLabel}: ${p.name}`}
                  onClick={() => {
                    onChoose({ id: p.id, sku: p.product_sku, name: p.name, unit_measurement: p.unit_measurement, price });
                    setText('');
                  }}
                >
                  {actionLabel}
                </Button>
              </Group>
            </Paper>
          );
        })}
    </Stack>
  );
}
