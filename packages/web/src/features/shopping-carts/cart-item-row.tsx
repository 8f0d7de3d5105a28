import { ActionIcon, Anchor, Badge, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { formatMoney } from '../../shared/ui/format';
import { formatQuantity, formatUnitPrice, lineQuantity, onPromotion, productLabel } from './cart-format';
import { ProductChoice } from './product-choice';
import { ProductThumb } from './product-thumb';
import { QuantityStepper } from './quantity-stepper';
import type { CartChange } from './cart-changes';
import type { CartItem, CartProduct } from './types';
import { t } from '../../i18n';

interface Props {
  item: CartItem;
  /** Off once the cart left review: the row only shows. */
  editable: boolean;
  busy: boolean;
  onChange: (change: CartChange) => void;
  /** Opens the product search to pick another product for this line. */
  onSearch?: (item: CartItem) => void;
}

/** Pending: the product it may be (the best guess first), deduplicated. */
export function candidatesOf(item: CartItem): CartProduct[] {
  const all = item.main_product ? [item.main_product, ...item.alternative_products] : item.alternative_products;
  const seen = new Set<number>();
  return all.filter((p) => !seen.has(p.product_id) && seen.add(p.product_id));
}

/** One line of the cart: the product, the line as the customer wrote it, quantity, prices, and what the attendant may do with it. */
export function CartItemRow({ item, editable, busy, onChange, onSearch }: Props) {
  const product = item.main_product;
  const label = product ? productLabel(product) : item.name;
  const out = item.status === 'stock_out';
  return (
    <Stack gap="xs" py="sm" data-testid="cart-item" data-item-status={item.status} data-item-id={item.item_id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          <ProductThumb src={product?.asset} alt={label} />
          <Stack gap={2} miw={0}>
            <Text size="sm" fw={600} lineClamp={2} td={out ? 'line-through' : undefined} c={out ? 'dimmed' : undefined}>
              {item.status === 'pending' ? t('shoppingCarts.review.pendingTitle', { query: item.query }) : label}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1} title={item.detail}>
              {t('shoppingCarts.review.asWritten', { detail: item.detail })}
            </Text>
            <Group gap={6}>
              {product && item.status !== 'pending' && <Text size="xs">{formatUnitPrice(product)}</Text>}
              {product && onPromotion(product) && (
                <Badge size="xs" color="grape" variant="light">
                  {t('shoppingCarts.review.onPromotion')}
                </Badge>
              )}
              {!editable && <Text size="xs" c="dimmed">{formatQuantity(lineQuantity(item))}</Text>}
            </Group>
          </Stack>
        </Group>
        {item.status === 'confirmed' && (
          <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
            <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="item-subtotal">
              {formatMoney(item.sub_total)}
            </Text>
            {item.discount > 0 && (
              <Text size="xs" c="green.7" style={{ whiteSpace: 'nowrap' }}>
                −{formatMoney(item.discount)}
              </Text>
            )}
          </Stack>
        )}
      </Group>
      {editable && (
        <Group justify="space-between" gap="xs" pl={56}>
          <Group gap="xs">
            <QuantityStepper value={item.quantity} label={label} disabled={busy} onChange={(quantity) => onChange({ kind: 'quantity', itemId: item.item_id, quantity })} />
            {item.unit_measurement === 'kg' && <Text size="xs" c="dimmed">{formatQuantity(lineQuantity(item))}</Text>}
          </Group>
          <Group gap={4}>
            {item.status !== 'confirmed' && onSearch && (
              <Anchor component="button" type="button" size="xs" onClick={() => onSearch(item)} disabled={busy}>
                <Group gap={4}>
                  <IconSearch size={12} />
                  {t('shoppingCarts.review.searchOther')}
                </Group>
              </Anchor>
            )}
            <Tooltip label={t('shoppingCarts.review.remove')}>
              <ActionIcon variant="subtle" color="red" aria-label={t('shoppingCarts.review.removeOf', { name: label })} disabled={busy} onClick={() => onChange({ kind: 'remove', itemId: item.item_id })}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      )}
      {editable && item.status === 'pending' && <Choices products={candidatesOf(item)} title={t('shoppingCarts.review.candidates')} empty={t('shoppingCarts.review.noCandidates')} action={t('shoppingCarts.review.choose')} busy={busy} onChoose={(p) => onChange({ kind: 'choose', itemId: item.item_id, productId: p.product_id })} />}
      {editable && out && <Choices products={item.alternative_products} title={t('shoppingCarts.review.alternatives')} empty={t('shoppingCarts.review.noAlternatives')} action={t('shoppingCarts.review.replace')} busy={busy} onChoose={(p) => onChange({ kind: 'choose', itemId: item.item_id, productId: p.product_id })} />}
    </Stack>
  );
}

function Choices({ products, title, empty, action, busy, onChoose }: { products: CartProduct[]; title: string; empty: string; action: string; busy: boolean; onChoose: (product: CartProduct) => void }) {
  return (
    <Stack gap={6} pl={56}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {title}
      </Text>
      {products.length === 0 ? (
        <Text size="xs" c="dimmed">
          {empty}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xs">
          {products.map((p) => (
            <ProductChoice key={p.product_id} product={p} actionLabel={action} disabled={busy} onChoose={() => onChoose(p)} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
