import { ActionIcon, Alert, Button, Divider, Drawer, Group, NumberInput, Paper, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { formatMoney } from '../../shared/ui/format';
import { storeOperatorsQuery, useAccountId, usePickItems } from './api';
import { isWeighed, pickBody, pickCounts, readyToSend, type AddedLine, type PickDecision } from './picking-body';
import { PickingLine } from './picking-line';
import { ProductPicker } from './product-picker';
import type { FullOrder } from './types';
import { t } from '../../i18n';

function AddedRow({ line, onChange, onRemove }: { line: AddedLine; onChange: (l: AddedLine) => void; onRemove: () => void }) {
  const weighed = isWeighed(line.product.unit_measurement);
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="picking-added">
      <Group justify="space-between" wrap="nowrap" align="flex-end">
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} lineClamp={1}>
            {line.product.name}
          </Text>
          <Text size="xs" c="dimmed">
            {line.product.sku}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          {weighed ? (
            <NumberInput size="xs" w={120} label={t('orders.picking.weight')} decimalSeparator="," decimalScale={3} min={0.001} defaultValue={line.weight ?? ''} onChange={(v) => typeof v === 'number' && onChange({ ...line, weight: v })} />
          ) : (
            <NumberInput size="xs" w={100} label={t('orders.picking.quantity')} allowDecimal={false} min={1} max={999} defaultValue={line.quantity} onChange={(v) => typeof v === 'number' && v >= 1 && onChange({ ...line, quantity: v })} />
          )}
          <ActionIcon variant="subtle" color="red" aria-label={t('orders.picking.removeAdded', { name: line.product.name })} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The picking drawer: each line marked "Separado" (with its weight when sold by kg), substituted by
 * a product the customer accepted, or missing; lines added; the operator who picked. One request
 * after a confirmation; the answer's totals show at once (the page's cache holds the answer).
 */
export function PickingPanel({ full, opened, onClose }: { full: FullOrder; opened: boolean; onClose: () => void }) {
  const { order, items } = full;
  const [decisions, setDecisions] = useState<Map<number, PickDecision>>(new Map());
  const [added, setAdded] = useState<AddedLine[]>([]);
  const [operatorId, setOperatorId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const operators = useQuery({ ...storeOperatorsQuery(useAccountId(), order.location.id), enabled: opened });
  const pick = usePickItems();
  const confirm = useConfirmModal();

  const decide = (id: number, d: PickDecision | null) =>
    setDecisions((prev) => {
      const next = new Map(prev);
      if (d) next.set(id, d);
      else next.delete(id);
      return next;
    });
  const counts = pickCounts(decisions, added);
  const ready = readyToSend(decisions, added);
  const pending = [...decisions.values()].some((d) => d.status === 'substituted' && (!d.product || !d.accepted));

  const askSend = () =>
    confirm.open({
      title: t('orders.picking.confirmTitle', { number: order.number }),
      message: t('orders.picking.confirmMessage', counts),
      confirmLabel: t('orders.picking.confirm'),
      onConfirm: () => {
        setError(null);
        const body = pickBody(items, decisions, added, operatorId ? Number(operatorId) : null);
        return pick.mutateAsync({ id: order.id, body }).then(
          () => {
            setDecisions(new Map());
            setAdded([]);
          },
          (e: unknown) => {
            setError(e instanceof ApiError ? e.message : t('errors.generic'));
            throw e;
          },
        );
      },
    });

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={560} title={<Text fw={700}>{t('orders.picking.title', { number: order.number })}</Text>} scrollAreaComponent={ScrollArea.Autosize} data-testid="picking-panel">
      <Stack gap="md" data-testid="picking-panel-body">
        <Select
          size="xs"
          label={t('orders.picking.operator')}
          placeholder={operators.isLoading ? t('orders.picking.loadingOperators') : t('orders.picking.operatorPlaceholder')}
          data={(operators.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
          value={operatorId}
          onChange={setOperatorId}
          clearable
          searchable
          nothingFoundMessage={t('orders.picking.noOperators')}
          error={operators.isError ? t('orders.picking.operatorsError') : undefined}
        />
        <Stack gap="xs">
          {items.map((item) => (
            <PickingLine key={item.id} item={item} locationId={order.location.id} decision={decisions.get(item.id)} onChange={(d) => decide(item.id, d)} />
          ))}
        </Stack>
        <Divider label={t('orders.picking.addTitle')} labelPosition="left" />
        {added.map((line, i) => (
          <AddedRow key={line.product.id} line={line} onChange={(l) => setAdded((prev) => prev.map((x, j) => (j === i ? l : x)))} onRemove={() => setAdded((prev) => prev.filter((_, j) => j !== i))} />
        ))}
        <ProductPicker
          locationId={order.location.id}
          label={t('orders.picking.addSearch')}
          actionLabel={t('orders.picking.add')}
          exclude={[...items.flatMap((i) => (i.product_id !== null ? [i.product_id] : [])), ...added.map((a) => a.product.id)]}
          onChoose={(product) => setAdded((prev) => [...prev, { product, quantity: 1, weight: isWeighed(product.unit_measurement) ? 0.5 : null }])}
        />
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="picking-error" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-0)" pos="sticky" bottom={0} style={{ zIndex: 1 }}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('orders.picking.summary', counts)}
              </Text>
              <Text size="sm" fw={700} data-testid="picking-total">
                {t('orders.picking.total', { total: formatMoney(order.total) })}
              </Text>
              {pending && (
                <Text size="xs" c="orange">
                  {t('orders.picking.needsAcceptance')}
                </Text>
              )}
            </Stack>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('orders.picking.close')}
              </Button>
              <Button disabled={!ready} onClick={askSend}>
                {t('orders.picking.send')}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
      {confirm.modal}
    </Drawer>
  );
}
