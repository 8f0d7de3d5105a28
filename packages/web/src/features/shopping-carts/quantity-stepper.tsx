import { ActionIcon, Group, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { t } from '../../i18n';

const MAX_QUANTITY = 999;

/** − quantity +; at 1 the minus is off (removing is its own action). */
export function QuantityStepper({ value, label, disabled, onChange }: { value: number; label: string; disabled?: boolean; onChange: (quantity: number) => void }) {
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t('shoppingCarts.review.quantityOf', { name: label })}>
      <ActionIcon variant="default" size="md" aria-label={t('shoppingCarts.review.decrease', { name: label })} disabled={disabled || value <= 1} onClick={() => onChange(value - 1)}>
        <IconMinus size={14} />
      </ActionIcon>
      <Text size="sm" fw={600} w={32} ta="center" data-testid="item-quantity">
        {value}
      </Text>
      <ActionIcon variant="default" size="md" aria-label={t('shoppingCarts.review.increase', { name: label })} disabled={disabled || value >= MAX_QUANTITY} onClick={() => onChange(value + 1)}>
        <IconPlus size={14} />
      </ActionIcon>
    </Group>
  );
}
