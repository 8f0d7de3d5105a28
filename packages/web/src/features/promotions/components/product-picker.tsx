import { ActionIcon, Button, Card, Group, Input, Stack, Text } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { productsBySkuQuery, useAccountId } from '../api';
import { ProductPickerModal } from './product-picker-modal';
import { ProductRow } from './product-row';
import { t } from '../../../i18n';

interface Props {
  label: string;
  description?: string;
  value: string[];
  onChange: (skus: string[]) => void;
  error?: ReactNode;
}

/** Chosen products (by SKU) with their names and pictures, and a searchable picker to add more. */
export function ProductPicker({ label, description, value, onChange, error }: Props) {
  const [opened, setOpened] = useState(false);
  const products = useQuery(productsBySkuQuery(useAccountId(), value));
  const bySku = new Map((products.data ?? []).map((p) => [p.product_sku, p]));

  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Stack gap="xs" mt={4}>
        {value.length > 0 && (
          <Card withBorder padding="xs" radius="md">
            <Stack gap={6}>
              {value.map((sku) => (
                <ProductRow
                  key={sku}
                  sku={sku}
                  product={bySku.get(sku)}
                  right={
                    <ActionIcon variant="subtle" color="gray" onClick={() => onChange(value.filter((s) => s !== sku))} aria-label={`${t('common.remove')}: ${bySku.get(sku)?.name ?? sku}`}>
                      <IconX size={16} />
                    </ActionIcon>
                  }
                />
              ))}
            </Stack>
          </Card>
        )}
        <Group gap="sm">
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setOpened(true)} aria-label={`${t('promotions.products.add')}: ${label}`}>
            {t('promotions.products.add')}
          </Button>
          {value.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('promotions.products.selectedCount', { count: value.length })}
            </Text>
          )}
        </Group>
      </Stack>
      <ProductPickerModal opened={opened} onClose={() => setOpened(false)} value={value} onChange={onChange} />
    </Input.Wrapper>
  );
}
