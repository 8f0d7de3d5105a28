import { Avatar, Group, Stack, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { t } from '../../../i18n';

/** A product of a publisher's catalog as a campaign or a product ad refers to it. */
export interface ChosenProduct {
  id: number;
  sku: string;
  name: string;
  image_url: string | null;
}

/** A product's picture, name and SKU (and an optional line under them), with something on the right. */
export function CatalogProductRow({ product, extra, right }: { product: { sku: string; name: string | null; image_url: string | null }; extra?: string | null; right?: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Avatar src={product.image_url} radius="sm" size={40} alt="">
          <IconPackage size={20} />
        </Avatar>
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={500} lineClamp={1}>
            {product.name ?? t('rmAds.product.unknown')}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {[t('rmAds.product.sku', { sku: product.sku }), extra].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      </Group>
      {right}
    </Group>
  );
}
