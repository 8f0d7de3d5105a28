import { Button, Center, Checkbox, Group, Loader, Modal, Pagination, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { productSearchQuery, useAccountId } from '../api';
import { ProductRow } from './product-row';
import { t } from '../../../i18n';

const SEARCH_DEBOUNCE_MS = 400;

interface Props {
  opened: boolean;
  onClose: () => void;
  value: string[];
  onChange: (skus: string[]) => void;
}

/** Searches the catalog (GET /search/products, 50 a page) and toggles products by SKU. */
export function ProductPickerModal({ opened, onClose, value, onChange }: Props) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [query] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery({ ...productSearchQuery(useAccountId(), query, page), enabled: opened });
  const selected = new Set(value);
  const toggle = (sku: string) => onChange(selected.has(sku) ? value.filter((s) => s !== sku) : [...value, sku]);
  const totalPages = results.data?.meta.total_pages ?? 1;

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{t('promotions.products.pickerTitle')}</Text>} size="lg" centered>
      <Stack gap="sm">
        <TextInput
          placeholder={t('promotions.products.searchPlaceholder')}
          aria-label={t('promotions.products.search')}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
          data-autofocus
        />
        <ScrollArea.Autosize mah="55vh" type="auto">
          {results.isPending ? (
            <Center py="lg">
              <Loader size="sm" />
            </Center>
          ) : results.isError ? (
            <Text c="red" size="sm">
              {t('promotions.loadError', { message: results.error.message })}
            </Text>
          ) : results.data.data.length === 0 ? (
            <Text c="dimmed" size="sm" ta="center" py="lg">
              {t('promotions.products.none')}
            </Text>
          ) : (
            <Stack gap={6}>
              {results.data.data.map((p) => (
                <Checkbox.Card key={p.product_sku} checked={selected.has(p.product_sku)} onClick={() => toggle(p.product_sku)} radius="md" p="xs" withBorder data-testid="product-option">
                  <Group wrap="nowrap" gap="sm">
                    <Checkbox.Indicator aria-label={p.name} />
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <ProductRow product={p} sku={p.product_sku} />
                    </div>
                  </Group>
                </Checkbox.Card>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('promotions.products.selectedCount', { count: value.length })}
          </Text>
          {totalPages > 1 && <Pagination size="sm" total={totalPages} value={page} onChange={setPage} />}
          <Button onClick={onClose}>{t('promotions.products.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
