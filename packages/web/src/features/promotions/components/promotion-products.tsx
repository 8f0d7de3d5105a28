import { Card, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { productsBySkuQuery, useAccountId, type Promotion } from '../api';
import { ProductRow } from './product-row';
import { t } from '../../../i18n';

/** The selected products, with names and pictures from the catalog search. */
export function PromotionProducts({ promotion }: { promotion: Promotion }) {
  const skus = promotion.selected_offers;
  const products = useQuery(productsBySkuQuery(useAccountId(), skus));
  const bySku = new Map((products.data ?? []).map((p) => [p.product_sku, p]));
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={4}>{t('promotions.view.products', { count: skus.length })}</Title>
        {skus.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('promotions.view.allProducts')}
          </Text>
        ) : products.isPending ? (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" data-testid="selected-products">
            {skus.map((sku) => (
              <ProductRow key={sku} sku={sku} product={bySku.get(sku)} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
