import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../shared/ui/format';
import { ItemStatusBadge } from './cart-status-badge';
import { formatQuantity, formatUnitPrice, lineQuantity, productLabel } from './cart-format';
import { ProductThumb } from './product-thumb';
import type { PreviewItem } from './types';
import { t, tn } from '../../i18n';

/**
 * How each line of the list resolved: the line as written, what was understood (quantity, unit,
 * search), and its state: the product and price when confirmed, the candidates when pending, the
 * alternatives when out of stock.
 */
export function PreviewLines({ lines }: { lines: PreviewItem[] }) {
  return (
    <Stack gap="xs" data-testid="preview-lines">
      {lines.map((line, index) => (
        <Card key={`${index}-${line.detail}`} withBorder padding="sm" radius="md" data-testid="preview-line" data-status={line.status}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={600} truncate="end" title={line.detail}>
                {line.detail}
              </Text>
              <Group gap={6}>
                <Badge size="xs" variant="default" tt="none">
                  {formatQuantity(lineQuantity(line))}
                </Badge>
                <Text size="xs" c="dimmed" truncate="end">
                  {t('shoppingCarts.generate.searchedFor', { query: line.query })}
                </Text>
              </Group>
            </Stack>
            <ItemStatusBadge status={line.status} />
          </Group>
          <LineResolution line={line} />
        </Card>
      ))}
    </Stack>
  );
}

function LineResolution({ line }: { line: PreviewItem }) {
  const product = line.main_product;
  if (line.status === 'pending') {
    const count = new Set([product?.product_id, ...line.alternative_products.map((p) => p.product_id)].filter(Boolean)).size;
    return (
      <Text size="xs" c="yellow.8" mt={6}>
        {count ? tn('shoppingCarts.generate.candidates', count, { count }) : t('shoppingCarts.generate.noMatch')}
      </Text>
    );
  }
  return (
    <Group gap="sm" mt={8} wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {product && <ProductThumb src={product.asset} alt={product.name} size={36} />}
        <Stack gap={0} miw={0}>
          <Text size="sm" truncate="end" td={line.status === 'stock_out' ? 'line-through' : undefined} c={line.status === 'stock_out' ? 'dimmed' : undefined}>
            {product ? productLabel(product) : line.name}
          </Text>
          <Text size="xs" c="dimmed">
            {line.status === 'stock_out'
              ? tn('shoppingCarts.generate.alternatives', line.alternative_products.length, { count: line.alternative_products.length })
              : product && formatUnitPrice(product)}
          </Text>
        </Stack>
      </Group>
      {line.status === 'confirmed' && (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(line.sub_total)}
        </Text>
      )}
    </Group>
  );
}
