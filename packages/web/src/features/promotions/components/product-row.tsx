import { Avatar, Group, Stack, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../shared/ui/format';
import type { CatalogProduct } from '../api';
import { t } from '../../../i18n';

/** A product's picture, name, SKU, brand and price; `sku` alone when the catalog no longer has it. */
export function ProductRow({ product, sku, right }: { product?: CatalogProduct; sku: string; right?: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Avatar src={product?.image_url ?? null} radius="sm" size={40} alt="">
          <IconPackage size={20} />
        </Avatar>
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={500} lineClamp={1}>
            {product?.name ?? t('promotions.products.unknown')}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {[`${t('promotions.products.sku')} ${sku}`, product?.brand, product ? formatMoney(product.price) : null].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      </Group>
      {right}
    </Group>
  );
}
