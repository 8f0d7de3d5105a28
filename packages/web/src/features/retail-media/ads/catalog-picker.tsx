import { ActionIcon, Button, Card, Group, Input, Stack, Text } from '@mantine/core';
import { IconPlus, IconReplace, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { CatalogPickerModal } from './catalog-picker-modal';
import { CatalogProductRow, type ChosenProduct } from './catalog-product';
import { t } from '../../../i18n';

interface Props {
  label: string;
  description?: string;
  publisherId: number;
  multiple: boolean;
  value: ChosenProduct[];
  onChange: (products: ChosenProduct[]) => void;
  error?: ReactNode;
  required?: boolean;
}

/** The chosen products of a publisher's catalog, each removable, and the picker to add (or change) them. */
export function CatalogPicker({ label, description, publisherId, multiple, value, onChange, error, required }: Props) {
  const [opened, setOpened] = useState(false);
  const addLabel = t(multiple ? 'rmAds.product.addMany' : value.length === 0 ? 'rmAds.product.addOne' : 'rmAds.product.change');
  return (
    <Input.Wrapper label={label} description={description} error={error} required={required}>
      <Stack gap="xs" mt={4}>
        {value.length > 0 && (
          <Card withBorder padding="xs" radius="md">
            <Stack gap={6}>
              {value.map((p) => (
                <CatalogProductRow
                  key={p.sku}
                  product={p}
                  right={
                    <ActionIcon variant="subtle" color="gray" onClick={() => onChange(value.filter((v) => v.sku !== p.sku))} aria-label={t('rmAds.product.remove', { name: p.name })}>
                      <IconX size={16} />
                    </ActionIcon>
                  }
                />
              ))}
            </Stack>
          </Card>
        )}
        <Group gap="sm">
          <Button variant="light" size="xs" leftSection={multiple || value.length === 0 ? <IconPlus size={14} /> : <IconReplace size={14} />} onClick={() => setOpened(true)}>
            {addLabel}
          </Button>
          {multiple && value.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('rmAds.product.selectedCount', { count: value.length })}
            </Text>
          )}
        </Group>
      </Stack>
      <CatalogPickerModal opened={opened} onClose={() => setOpened(false)} publisherId={publisherId} multiple={multiple} value={value} onChange={onChange} />
    </Input.Wrapper>
  );
}
