import { ActionIcon, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import type { Product } from './api';
import { AvailabilityCell, StockCell } from './product-controls';
import { formatCategories, formatCodes, formatPrice, formatUnit } from './product-format';
import { OfferPrice } from './offer-price';
import { ProductThumb } from './product-thumb';
import { t } from '../../i18n';

interface Props {
  products: Product[];
  /** The store whose offers the rows show (/products/list/{locationId}); the catalog otherwise. */
  locationId: number | undefined;
  editable: boolean;
  onOpen: (product: Product) => void;
  onToggle: (product: Product, available: boolean) => void;
  onStock: (product: Product, stock: number) => void;
  onEditOffer: (product: Product) => void;
}

// Clicks on a row's controls stay there: the rest of the row opens the product.
const stop = (e: MouseEvent) => e.stopPropagation();

/** The catalog (or one store's offers): picture, name, codes, categories, size, price, stock, availability. */
export function ProductsTable({ products, locationId, editable, onOpen, onToggle, onStock, onEditOffer }: Props) {
  const storeView = locationId !== undefined;
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="xs" highlightOnHover miw={{ sm: 820 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('products.columns.product')}</Table.Th>
            <Table.Th visibleFrom="md">{t('products.columns.category')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('products.columns.unit')}</Table.Th>
            <Table.Th ta="right">{t('products.columns.price')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('products.columns.stock')}</Table.Th>
            <Table.Th>{t('products.columns.available')}</Table.Th>
            {storeView && editable && <Table.Th w={48} aria-label={t('common.actions')} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => {
            const offer = product.offer;
            const stock = storeView ? (offer?.stock ?? 0) : product.available_stock;
            const isAvailable = storeView ? (offer?.is_available ?? false) : product.is_available;
            const categories = formatCategories(product.categories);
            const codes = formatCodes(product.product_sku, product.gtin);
            return (
              <Table.Tr key={product.id} data-testid="product-row" onClick={() => onOpen(product)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap" miw={240}>
                    <ProductThumb src={product.image_url} name={product.name} />
                    <Stack gap={0} miw={0}>
                      <Text size="sm" fw={600} lineClamp={2} title={product.name} data-testid="product-name">
                        {product.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate="end">
                        {product.brand ?? t('products.noBrand')}
                      </Text>
                      <Text size="xs" c="dimmed" data-testid="product-codes">
                        {codes.join(' · ')}
                      </Text>
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        {formatUnit(product.unit_measurement, product.size_pack)}
                      </Text>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Tooltip label={categories.path} disabled={product.categories.length < 2} withinPortal>
                    <Text size="sm" lineClamp={2} maw={180} c={categories.last ? undefined : 'dimmed'}>
                      {categories.last ?? '—'}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatUnit(product.unit_measurement, product.size_pack)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {storeView ? (
                    <OfferPrice offer={offer} align="flex-end" />
                  ) : (
                    <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                      {formatPrice(product.price)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm" onClick={stop}>
                  <StockCell name={product.name} stock={stock} editable={editable && (!storeView || !!offer)} onSave={(next) => onStock(product, next)} />
                </Table.Td>
                <Table.Td onClick={stop}>
                  <AvailabilityCell
                    name={product.name}
                    isAvailable={isAvailable}
                    stock={stock}
                    editable={editable && (!storeView || !!offer)}
                    onToggle={(next) => onToggle(product, next)}
                  />
                </Table.Td>
                {storeView && editable && (
                  <Table.Td onClick={stop}>
                    <ActionIcon variant="subtle" aria-label={t('products.offer.edit', { name: product.name })} onClick={() => onEditOffer(product)} disabled={!offer}>
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
