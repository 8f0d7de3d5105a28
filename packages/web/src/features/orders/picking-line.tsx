import { ActionIcon, Button, Checkbox, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconCheck, IconX } from '@tabler/icons-react';
import { formatMoney } from '../../shared/ui/format';
import { PickStatusBadge } from './order-status-badge';
import { isWeighed, type PickDecision } from './picking-body';
import { ProductPicker } from './product-picker';
import type { OrderItem } from './types';
import { t } from '../../i18n';

const kg = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

export const orderedAmount = (item: OrderItem) =>
  item.weight !== null ? t('orders.items.weight', { kg: kg.format(item.weight) }) : t('orders.items.units', { count: item.quantity });

// Uncontrolled inputs: while "0," is being typed the value is not a number yet, and must stay on screen.
const asNumber = (v: string | number) => (typeof v === 'number' ? v : v === '' ? null : undefined);

/** The weight (kg lines) or the quantity (counted lines) of what was picked or substituted. */
function AmountInput({ weighed, quantity, weight, onChange, label }: { weighed: boolean; quantity: number | null; weight: number | null; onChange: (v: { quantity: number | null; weight: number | null }) => void; label: string }) {
  return weighed ? (
    <NumberInput
      size="xs"
      w={150}
      label={t('orders.picking.weight')}
      aria-label={`${t('orders.picking.weight')}: ${label}`}
      decimalSeparator=","
      decimalScale={3}
      min={0.001}
      max={1000}
      defaultValue={weight ?? ''}
      onChange={(v) => {
        const n = asNumber(v);
        if (n !== undefined) onChange({ quantity, weight: n });
      }}
    />
  ) : (
    <NumberInput
      size="xs"
      w={120}
      label={t('orders.picking.quantity')}
      aria-label={`${t('orders.picking.quantity')}: ${label}`}
      allowDecimal={false}
      min={1}
      max={999}
      defaultValue={quantity ?? ''}
      onChange={(v) => {
        const n = asNumber(v);
        if (n !== undefined) onChange({ quantity: n, weight });
      }}
    />
  );
}

/** One line of the picking panel: "Separado", "Substituir…" or "Em falta", with its weight or quantity. */
export function PickingLine({ item, locationId, decision, onChange }: { item: OrderItem; locationId: number; decision: PickDecision | undefined; onChange: (d: PickDecision | null) => void }) {
  const status = decision?.status;
  const toggle = (next: PickDecision) => onChange(status === next.status ? null : next);
  const weighed = isWeighed(item.unit_measurement);
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="picking-line" data-item-id={item.id} data-choice={status ?? ''}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} lineClamp={2}>
            {item.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('orders.picking.ordered', { amount: orderedAmount(item), price: formatMoney(item.unit_price) })}
          </Text>
          {item.substitute && (
            <Text size="xs" c="blue">
              {t('orders.items.substitute', { name: item.substitute.name })}
            </Text>
          )}
        </Stack>
        <PickStatusBadge status={item.pick_status} />
      </Group>
      <Group gap={6} mt="xs">
        <Button size="compact-sm" leftSection={<IconCheck size={14} />} color="green" variant={status === 'picked' ? 'filled' : 'default'} onClick={() => toggle({ status: 'picked', quantity: item.quantity, weight: item.weight })}>
          {t('orders.picking.picked')}
        </Button>
        <Button size="compact-sm" leftSection={<IconArrowsExchange size={14} />} color="blue" variant={status === 'substituted' ? 'filled' : 'default'} onClick={() => toggle({ status: 'substituted', product: null, accepted: false, quantity: null, weight: null })}>
          {t('orders.picking.substitute')}
        </Button>
        <Button size="compact-sm" leftSection={<IconX size={14} />} color="red" variant={status === 'missing' ? 'filled' : 'default'} onClick={() => toggle({ status: 'missing' })}>
          {t('orders.picking.missing')}
        </Button>
      </Group>
      {decision?.status === 'picked' && (
        <Group mt="xs">
          <AmountInput weighed={weighed} quantity={decision.quantity} weight={decision.weight} label={item.name} onChange={(v) => onChange({ ...decision, ...v })} />
        </Group>
      )}
      {decision?.status === 'substituted' && !decision.product && (
        <Stack mt="xs">
          <ProductPicker
            locationId={locationId}
            label={t('orders.picking.substituteSearch')}
            actionLabel={t('orders.picking.choose')}
            exclude={item.product_id !== null ? [item.product_id] : []}
            onChoose={(product) => onChange({ ...decision, product, quantity: isWeighed(product.unit_measurement) ? null : item.quantity, weight: isWeighed(product.unit_measurement) ? (item.weight ?? null) : null })}
          />
        </Stack>
      )}
      {decision?.status === 'substituted' && decision.product && (
        <Stack mt="xs" gap={6} data-testid="picking-substitute">
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="blue" lineClamp={1}>
              {t('orders.picking.substituteBy', { name: decision.product.name })}
            </Text>
            <ActionIcon size="sm" variant="subtle" color="gray" aria-label={t('orders.picking.changeSubstitute')} onClick={() => onChange({ ...decision, product: null })}>
              <IconX size={14} />
            </ActionIcon>
          </Group>
          <Group align="flex-end" gap="md">
            <AmountInput weighed={isWeighed(decision.product.unit_measurement)} quantity={decision.quantity} weight={decision.weight} label={decision.product.name} onChange={(v) => onChange({ ...decision, ...v })} />
            <Checkbox size="xs" mb={6} label={t('orders.picking.accepted')} checked={decision.accepted} onChange={(e) => onChange({ ...decision, accepted: e.currentTarget.checked })} />
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
