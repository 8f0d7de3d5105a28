import { Anchor, Badge, Divider, Drawer, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../shared/components/load-error';
import { formatInt } from '../../shared/ui/format';
import { productQuery, useAccountId, type ProductDetail } from './api';
import { AvailabilityBadge } from './product-controls';
import { formatCodes, formatPrice, formatUnit } from './product-format';
import { OfferPrice } from './offer-price';
import { ProductCost } from './product-cost';
import { ProductThumb } from './product-thumb';
import { t } from '../../i18n';

interface Props {
  productId: number | null;
  /** The store whose list is open: its offer comes first. */
  locationId: number | undefined;
  onClose: () => void;
  /** Opens a store's view of the list. */
  onStore: (locationId: number) => void;
  /** An admin or manager of the account: edits the cost. */
  editable: boolean;
}

/** A product's details and its offer at every store. */
export function ProductDrawer({ productId, locationId, onClose, onStore, editable }: Props) {
  const accountId = useAccountId();
  const detail = useQuery({ ...productQuery(accountId, productId ?? 0), enabled: productId !== null });
  return (
    <Drawer opened={productId !== null} onClose={onClose} position="right" size="xl" title={t('products.detail.title')} data-testid="product-drawer">
      {detail.isError ? (
        <LoadError error={detail.error} retrying={detail.isFetching} onRetry={() => void detail.refetch()} />
      ) : !detail.data ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={96} width={96} />
          <Skeleton height={16} width="70%" />
          <Skeleton height={12} width="40%" />
          <Skeleton height={120} />
        </Stack>
      ) : (
        <ProductDetailView product={detail.data} locationId={locationId} onStore={onStore} editable={editable} />
      )}
    </Drawer>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function ProductDetailView({
  product,
  locationId,
  onStore,
  editable,
}: {
  product: ProductDetail;
  locationId: number | undefined;
  onStore: (id: number) => void;
  editable: boolean;
}) {
  const offers = [...product.offers].sort((a, b) => Number(b.location_id === locationId) - Number(a.location_id === locationId));
  return (
    <Stack gap="md">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ProductThumb src={product.image_url} name={product.name} size={96} />
        <Stack gap={4} miw={0}>
          <Title order={4}>{product.name}</Title>
          <Text size="sm" c="dimmed">
            {product.brand ?? t('products.noBrand')}
          </Text>
          <AvailabilityBadge isAvailable={product.is_available} stock={product.available_stock} />
        </Stack>
      </Group>
      <Group gap="xl" align="flex-start">
        <Fact label={t('products.columns.codes')}>{formatCodes(product.product_sku, product.gtin).join(' · ')}</Fact>
        <Fact label={t('products.columns.unit')}>{formatUnit(product.unit_measurement, product.size_pack)}</Fact>
        <Fact label={t('products.detail.stock')}>{formatInt(product.available_stock)}</Fact>
      </Group>
      <Stack gap={4} data-testid="product-pricing">
        <Group gap="xl" align="flex-start">
          <Fact label={t('products.detail.basePrice')}>{formatPrice(product.price)}</Fact>
          <Fact label={t('products.cost.label')}>
            <ProductCost key={product.id} product={product} editable={editable} />
          </Fact>
        </Group>
        <Text size="xs" c="dimmed">
          {t('products.cost.hint')}
        </Text>
      </Stack>
      {product.categories.length > 0 && <Fact label={t('products.columns.category')}>{product.categories.join(' › ')}</Fact>}
      {product.tags.length > 0 && (
        <Group gap={6}>
          {product.tags.map((tag) => (
            <Badge key={tag} variant="outline" color="gray" size="sm">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
      <Divider label={t('products.detail.offers', { count: product.offers.length })} labelPosition="left" />
      {offers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('products.detail.noOffers')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480} type="native">
          <Table verticalSpacing="xs" data-testid="product-offers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('products.detail.store')}</Table.Th>
                <Table.Th ta="right">{t('products.columns.price')}</Table.Th>
                <Table.Th ta="right">{t('products.columns.stock')}</Table.Th>
                <Table.Th>{t('products.columns.available')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {offers.map((offer) => (
                <Table.Tr key={offer.location_id} bg={offer.location_id === locationId ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Table.Td>
                    <Anchor component="button" type="button" size="sm" onClick={() => onStore(offer.location_id)}>
                      {offer.location_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">
                    <OfferPrice offer={offer} align="flex-end" />
                  </Table.Td>
                  <Table.Td ta="right">{formatInt(offer.stock)}</Table.Td>
                  <Table.Td>
                    <AvailabilityBadge isAvailable={offer.is_available} stock={offer.stock} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
