import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { OrderDiscountBody } from '@backoffice/contracts';
import { formatMoney } from '../../shared/ui/format';
import type { OrderDiscountBody as DiscountBody } from './api';
import type { Order } from './types';
import { t } from '../../i18n';

interface DiscountValues {
  mode: 'amount' | 'percent';
  value: number | '';
  reason: string;
}

const checkBody = schemaResolver(OrderDiscountBody, { sync: true });

export const discountBody = (orderId: number, v: DiscountValues): DiscountBody => ({
  order_id: orderId,
  ...(v.mode === 'amount' ? { amount: v.value === '' ? undefined : v.value } : { percent: v.value === '' ? undefined : v.value }),
  reason: v.reason,
});

/** The manual discount form (an amount in reais or a percent of the items, with its reason); the caller confirms and sends it. */
export function DiscountModal({ order, opened, onClose, onSubmit }: { order: Order; opened: boolean; onClose: () => void; onSubmit: (body: DiscountBody) => void }) {
  const form = useForm<DiscountValues>({
    initialValues: { mode: 'amount', value: order.manual_discount || '', reason: '' },
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(checkBody(discountBody(order.id, values)))) errors[path === 'amount' || path === 'percent' ? 'value' : path] ??= String(message);
      if (values.value === '') errors.value = t('orders.discount.valueRequired');
      return errors;
    },
  });
  const items = order.sub_total - order.discount;
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{t('orders.discount.title', { number: order.number })}</Text>} centered>
      <form onSubmit={form.onSubmit((values) => onSubmit(discountBody(order.id, values)))} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('orders.discount.itemsTotal', { total: formatMoney(items) })}
          </Text>
          <SegmentedControl
            data={[
              { value: 'amount', label: t('orders.discount.amount') },
              { value: 'percent', label: t('orders.discount.percent') },
            ]}
            {...form.getInputProps('mode')}
          />
          <NumberInput
            label={form.values.mode === 'amount' ? t('orders.discount.amountLabel') : t('orders.discount.percentLabel')}
            prefix={form.values.mode === 'amount' ? 'R$ ' : undefined}
            suffix={form.values.mode === 'percent' ? ' %' : undefined}
            decimalSeparator=","
            thousandSeparator="."
            decimalScale={2}
            min={0}
            max={form.values.mode === 'percent' ? 100 : undefined}
            required
            {...form.getInputProps('value')}
          />
          <Textarea label={t('orders.discount.reason')} placeholder={t('orders.discount.reasonPlaceholder')} required autosize minRows={2} maxLength={300} {...form.getInputProps('reason')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit">{t('orders.discount.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
