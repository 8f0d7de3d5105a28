import { ActionIcon, Badge, Button, Group, NumberInput, Popover, Stack, Switch, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { formatInt } from '../../shared/ui/format';
import { availabilityState } from './product-format';
import { t } from '../../i18n';

const COLORS = { available: 'green', out_of_stock: 'orange', unavailable: 'gray' } as const;

/** Disponível / Sem estoque / Indisponível. */
export function AvailabilityBadge({ isAvailable, stock }: { isAvailable: boolean; stock: number }) {
  const state = availabilityState(isAvailable, stock);
  return (
    <Badge color={COLORS[state]} variant="light" size="sm" data-testid="product-availability" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
      {t(`products.availability.${state === 'available' ? 'available' : state === 'out_of_stock' ? 'outOfStock' : 'unavailable'}`)}
    </Badge>
  );
}

/** A writer's availability switch beside the badge; a reader sees the badge only. */
export function AvailabilityCell({ name, isAvailable, stock, editable, onToggle }: { name: string; isAvailable: boolean; stock: number; editable: boolean; onToggle: (next: boolean) => void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {editable && (
        <Switch
          size="sm"
          checked={isAvailable}
          onChange={(e) => onToggle(e.currentTarget.checked)}
          aria-label={t('products.toggleAvailable', { name })}
          data-testid="product-available-switch"
        />
      )}
      <AvailabilityBadge isAvailable={isAvailable} stock={stock} />
    </Group>
  );
}

/** The stock, and for a writer a pencil opening a small editor (Enter saves). */
export function StockCell({ name, stock, editable, onSave }: { name: string; stock: number; editable: boolean; onSave: (stock: number) => void }) {
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<string | number>(stock);
  const number = (
    <Text size="sm" c={stock > 0 ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }} data-testid="product-stock">
      {formatInt(stock)}
    </Text>
  );
  if (!editable) return number;
  const valid = typeof value === 'number' && Number.isInteger(value) && value >= 0;
  const save = () => {
    if (!valid) return;
    setOpened(false);
    if (value !== stock) onSave(value);
  };
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom"
      withArrow
      trapFocus
      onOpen={() => setValue(stock)}
    >
      <Popover.Target>
        <Group gap={4} wrap="nowrap">
          {number}
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('products.editStock', { name })} onClick={() => setOpened((o) => !o)}>
            <IconPencil size={14} />
          </ActionIcon>
        </Group>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={180}>
          <NumberInput
            label={t('products.columns.stock')}
            value={value}
            onChange={setValue}
            min={0}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator="."
            decimalSeparator=","
            data-autofocus
            onKeyDown={(e) => {
              if (e.key === 'Enter') save();
            }}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" onClick={save} disabled={!valid}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
