import { ActionIcon, Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api/client';
import { notifySuccess } from '../../shared/ui/notify';
import { useUpdateProduct, type ProductDetail } from './api';
import { formatMargin, formatPrice, productMargin } from './product-format';
import { t } from '../../i18n';

/** The highest cost the API takes (reais). */
const MAX_COST = 1_000_000;

/**
 * The cost an input holds: null when blank (no cost), undefined when it is not a cost the API takes.
 * The input gives a number, or its unformatted text ("3.50": shown with trailing zeros, "3.": being typed).
 */
export function costOf(value: number | string): number | null | undefined {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
    value = Number(text);
  }
  if (!Number.isFinite(value) || value < 0 || value > MAX_COST) return undefined;
  return Math.round(value * 100) / 100;
}

const money = { decimalScale: 2, fixedDecimalScale: true, thousandSeparator: '.', decimalSeparator: ',', prefix: 'R$ ', min: 0, max: MAX_COST, allowNegative: false } as const;

/** "Margem 34,7%" when both the price and the cost are known (red when the cost is above the price). */
export function MarginText({ price, cost }: { price: number; cost: number | null | undefined }) {
  const rate = productMargin(price, cost);
  if (rate === null) return null;
  return (
    <Text size="xs" c={rate < 0 ? 'red' : 'dimmed'} data-testid="product-margin" style={{ whiteSpace: 'nowrap' }}>
      {t('products.cost.margin', { rate: formatMargin(rate) })}
    </Text>
  );
}

/**
 * The product's cost (what a unit, or a kg, costs the retailer) and the margin it gives at the base
 * price; for a writer, a pencil opening a small editor (Enter saves, blank clears the cost).
 */
export function ProductCost({ product, editable }: { product: ProductDetail; editable: boolean }) {
  const update = useUpdateProduct();
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<number | string>(product.cost ?? '');
  const [error, setError] = useState<string | null>(null);
  const typed = costOf(value);

  const shown = (
    <Stack gap={0}>
      <Text size="sm" c={product.cost === null ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }} data-testid="product-cost">
        {product.cost === null ? t('products.cost.none') : formatPrice(product.cost)}
      </Text>
      <MarginText price={product.price} cost={product.cost} />
    </Stack>
  );
  if (!editable) return shown;

  const save = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (typed === undefined) {
      setError(t('products.cost.errors.range'));
      return;
    }
    if (typed === product.cost) {
      setOpened(false);
      return;
    }
    setError(null);
    update.mutate(
      { id: product.id, body: { cost: typed } },
      {
        onSuccess: () => {
          setOpened(false);
          notifySuccess(t('products.cost.saved'));
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : t('errors.generic')),
      },
    );
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      withArrow
      trapFocus
      onOpen={() => {
        setValue(product.cost ?? '');
        setError(null);
      }}
    >
      <Popover.Target>
        <Group gap={4} wrap="nowrap" align="flex-start">
          {shown}
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('products.cost.edit', { name: product.name })} onClick={() => setOpened((o) => !o)}>
            <IconPencil size={14} />
          </ActionIcon>
        </Group>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={save} noValidate data-testid="product-cost-form">
          <Stack gap="xs" w={240}>
            <NumberInput
              label={t('products.cost.label')}
              description={t('products.cost.hint')}
              placeholder={t('products.cost.placeholder')}
              {...money}
              value={value}
              onChange={(v) => {
                setValue(v);
                setError(null);
              }}
              error={error}
              data-autofocus
            />
            <MarginText price={product.price} cost={typed} />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                {t('common.cancel')}
              </Button>
              <Button size="xs" type="submit" loading={update.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
