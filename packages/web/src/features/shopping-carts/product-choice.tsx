import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatUnitPrice, productLabel } from './cart-format';
import { ProductThumb } from './product-thumb';
import type { CartProduct } from './types';

/** A product the attendant may pick for a line (a pending line's candidate, a stock_out line's alternative). */
export function ProductChoice({ product, actionLabel, disabled, onChoose }: { product: CartProduct; actionLabel: string; disabled?: boolean; onChoose: () => void }) {
  const name = productLabel(product);
  return (
    <Paper withBorder radius="md" p="xs" data-testid="product-choice">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ProductThumb src={product.asset} alt={product.name} size={40} />
          <Stack gap={0} miw={0}>
            <Text size="sm" lineClamp={2}>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatUnitPrice(product)}
            </Text>
          </Stack>
        </Group>
        <Button size="xs" variant="light" onClick={onChoose} disabled={disabled} aria-label={`${actionLabel}: ${name}`} style={{ flexShrink: 0 }}>
          {actionLabel}
        </Button>
      </Group>
    </Paper>
  );
}
