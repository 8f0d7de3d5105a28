import { Button, Center, Checkbox, Group, Loader, Modal, Pagination, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '../../../shared/ui/format';
import { publisherCatalogQuery, useAccountId, type RecommendedProduct } from './api';
import { CatalogProductRow, type ChosenProduct } from './catalog-product';
import { t } from '../../../i18n';

const SEARCH_DEBOUNCE_MS = 400;

interface Props {
  opened: boolean;
  onClose: () => void;
  publisherId: number;
  /** Several products (a campaign) or exactly one (a product ad). */
  multiple: boolean;
  value: ChosenProduct[];
  onChange: (products: ChosenProduct[]) => void;
}

export const toChosen = (p: RecommendedProduct): ChosenProduct => ({ id: p.id, sku: p.sku, name: p.name, image_url: p.image_url });

/** Searches the publisher's catalog (GET /recommended-products/{publisherId}?q=) and picks products by SKU. */
export function CatalogPickerModal({ opened, onClose, publisherId, multiple, value, onChange }: Props) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery({ ...publisherCatalogQuery(useAccountId(), publisherId, q, page), enabled: opened });
  const chosen = new Set(value.map((p) => p.sku));
  const toggle = (p: RecommendedProduct) => {
    if (!multiple) {
      onChange([toChosen(p)]);
      onClose();
      return;
    }
    onChange(chosen.has(p.sku) ? value.filter((v) => v.sku !== p.sku) : [...value, toChosen(p)]);
  };
  const totalPages = results.data?.meta.total_pages ?? 1;

  let body;
  if (results.isPending) {
    body = (
      <Center py="lg">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (results.isError) {
    body = (
      <Text c="red" size="sm">
        {results.error.message}
      </Text>
    );
  } else if (results.data.data.length === 0) {
    body = (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        {t('rmAds.product.none')}
      </Text>
    );
  } else {
    const Card = multiple ? Checkbox.Card : Radio.Card;
    const Indicator = multiple ? Checkbox.Indicator : Radio.Indicator;
    body = (
      <Stack gap={6}>
        {results.data.data.map((p) => (
          <Card key={p.sku} checked={chosen.has(p.sku)} onClick={() => toggle(p)} radius="md" p="xs" withBorder data-testid="catalog-option">
            <Group wrap="nowrap" gap="sm">
              <Indicator aria-label={p.name} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <CatalogProductRow product={p} extra={[p.brand, formatMoney(p.price)].filter(Boolean).join(' · ')} />
              </div>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{t(multiple ? 'rmAds.product.pickerTitleMany' : 'rmAds.product.pickerTitle')}</Text>} size="lg" centered>
      <Stack gap="sm">
        <TextInput
          placeholder={t('rmAds.product.searchPlaceholder')}
          aria-label={t('rmAds.product.search')}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
          data-autofocus
        />
        <ScrollArea.Autosize mah="55vh" type="auto">
          {body}
        </ScrollArea.Autosize>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {multiple ? t('rmAds.product.selectedCount', { count: value.length }) : ''}
          </Text>
          {totalPages > 1 && <Pagination size="sm" total={totalPages} value={page} onChange={setPage} />}
          <Button onClick={onClose}>{t('rmAds.product.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
