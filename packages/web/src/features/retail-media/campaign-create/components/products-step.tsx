import { ActionIcon, Card, Center, Checkbox, Group, Input, Loader, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../../shared/ui/format';
import { publisherCatalogQuery, useAccountId, type RecommendedProduct } from '../../ads/api';
import { CatalogProductRow } from '../../ads/catalog-product';
import { RECOMMENDED_PRODUCTS_DELAY_MS, type ObjectiveProduct } from '../objective-steps';
import { t } from '../../../../i18n';

const SEARCH_DEBOUNCE_MS = 400;

interface Props {
  publisherId: number;
  value: ObjectiveProduct[];
  onChange: (products: ObjectiveProduct[]) => void;
  error?: string;
}

const toProduct = (p: RecommendedProduct): ObjectiveProduct => ({ id: p.id, sku: p.sku, name: p.name, image_url: p.image_url });

/**
 * Step 2 "Produtos": the publisher's recommendations load by themselves 3 s after the step opens
 * (spec §9), or at once when already loaded; a search looks through the rest of its catalog.
 */
export function ProductsStep({ publisherId, value, onChange, error }: Props) {
  const accountId = useAccountId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const recommendations = publisherCatalogQuery(accountId, publisherId, '', page);
  const [ready, setReady] = useState(() => queryClient.getQueryData(recommendations.queryKey) !== undefined);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), RECOMMENDED_PRODUCTS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready]);

  const searching = q !== '';
  const results = useQuery({ ...publisherCatalogQuery(accountId, publisherId, q, page), enabled: searching || ready });
  const chosen = new Set(value.map((p) => p.sku));
  const toggle = (p: RecommendedProduct) => onChange(chosen.has(p.sku) ? value.filter((v) => v.sku !== p.sku) : [...value, toProduct(p)]);

  let list;
  if (!searching && !ready) {
    list = (
      <Center py="xl" data-testid="recommendations-waiting">
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('rmCreate.products.loadingRecommendations')}
          </Text>
        </Stack>
      </Center>
    );
  } else if (results.isPending) {
    list = (
      <Center py="xl">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (results.isError) {
    list = (
      <Text c="red" size="sm" role="alert">
        {results.error.message}
      </Text>
    );
  } else if (results.data.data.length === 0) {
    list = (
      <Text c="dimmed" size="sm" ta="center" py="lg">
        {t(searching ? 'rmCreate.products.noResults' : 'rmCreate.products.noRecommendations')}
      </Text>
    );
  } else {
    list = (
      <Stack gap={6}>
        {results.data.data.map((p) => (
          <Checkbox.Card key={p.sku} checked={chosen.has(p.sku)} onClick={() => toggle(p)} radius="md" p="xs" withBorder data-testid="recommended-product">
            <Group wrap="nowrap" gap="sm">
              <Checkbox.Indicator aria-label={p.name} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <CatalogProductRow product={p} extra={[formatMoney(p.price), searching ? null : p.recommended_reason].filter(Boolean).join(' · ')} />
              </div>
            </Group>
          </Checkbox.Card>
        ))}
      </Stack>
    );
  }
  const totalPages = results.data?.meta.total_pages ?? 1;

  return (
    <Stack gap="md">
      <Input.Wrapper label={t('rmCreate.products.chosen')} description={t('rmCreate.products.chosenHint')} error={error}>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed" mt={4}>
            {t('rmCreate.products.noneChosen')}
          </Text>
        ) : (
          <Card withBorder padding="xs" radius="md" mt={4} data-testid="chosen-products">
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
      </Input.Wrapper>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end">
          <Title order={5}>{t(searching ? 'rmCreate.products.searchResults' : 'rmCreate.products.recommended')}</Title>
          <TextInput
            placeholder={t('rmCreate.products.searchPlaceholder')}
            aria-label={t('rmCreate.products.search')}
            leftSection={<IconSearch size={16} />}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 300 }}
          />
        </Group>
        {list}
        {totalPages > 1 && (searching || ready) && <Pagination size="sm" total={totalPages} value={page} onChange={setPage} />}
      </Stack>
    </Stack>
  );
}
