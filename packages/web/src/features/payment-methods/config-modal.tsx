import { Button, Group, Modal, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CreatePaymentMethodConfigBody, MAX_INSTALLMENTS } from '@backoffice/contracts';
import type { MethodRow } from './effective';
import { t } from '../../i18n';

export interface ConfigValues {
  active: boolean;
  min_order_value: number | '';
  max_installments: number | '';
}

const checkBody = schemaResolver(CreatePaymentMethodConfigBody, { sync: true });

export const valuesToSetting = (v: ConfigValues) => ({
  active: v.active,
  min_order_value: v.min_order_value === '' ? null : v.min_order_value,
  max_installments: v.max_installments === '' ? null : v.max_installments,
});

/** Edits what applies to a method in the screen's scope (active, minimum order, installments); saving creates or changes the own configuration. */
export function ConfigModal({ row, scopeLabel, locationId, onClose, onSave }: { row: MethodRow; scopeLabel: string; locationId: number | null; onClose: () => void; onSave: (values: ConfigValues) => Promise<unknown> }) {
  const { effective, method } = row;
  const form = useForm<ConfigValues>({
    initialValues: { active: effective.active, min_order_value: effective.min_order_value ?? '', max_installments: effective.max_installments ?? '' },
    validate: (values) => {
      const errors: Record<string, string> = {};
      const body = { location_id: locationId, method: method.method, ...valuesToSetting(values) };
      for (const [path, message] of Object.entries(checkBody(body))) errors[path] ??= String(message);
      return errors;
    },
  });
  return (
    <Modal opened onClose={onClose} centered title={<Text fw={600}>{t('paymentMethods.form.title', { method: method.label })}</Text>}>
      <form onSubmit={form.onSubmit((values) => void onSave(values).then(onClose, () => undefined))} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {scopeLabel}
          </Text>
          <Switch label={t('paymentMethods.form.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
          <NumberInput
            label={t('paymentMethods.form.minOrder')}
            description={t('paymentMethods.form.minOrderHint')}
            prefix="R$ "
            decimalSeparator=","
            thousandSeparator="."
            decimalScale={2}
            min={0}
            allowNegative={false}
            {...form.getInputProps('min_order_value')}
          />
          {method.installments && (
            <NumberInput
              label={t('paymentMethods.form.installments')}
              description={t('paymentMethods.form.installmentsHint', { max: MAX_INSTALLMENTS })}
              allowDecimal={false}
              min={1}
              max={MAX_INSTALLMENTS}
              {...form.getInputProps('max_installments')}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit">{t('paymentMethods.form.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
