import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { RefundBody as RefundSchema } from '@backoffice/contracts';
import { formatMoney } from '../../shared/ui/format';
import { useRefundOrder, type RefundBody } from './api';
import { createAttempts } from './idempotency';
import { ServerError, serverMessage } from './server-error';
import { t } from '../../i18n';

interface RefundValues {
  amount: number | '';
  reason: string;
}

const checkBody = schemaResolver(RefundSchema, { sync: true });

/** The amount always goes explicitly: if another refund happened meanwhile, the API refuses (422) instead of refunding a different sum. */
export const refundBody = (v: RefundValues): RefundBody => ({
  ...(v.amount === '' ? {} : { amount: v.amount }),
  reason: v.reason.trim() || null,
});

interface Props {
  order: { id: number; number: number };
  refundable: number;
  opened: boolean;
  onClose: () => void;
  /** The server's message of a successful action, shown by the card. */
  onDone: (message: string) => void;
}

/**
 * "Reembolsar": the amount (all that is refundable by default, less for a partial refund) and a
 * reason, then a confirmation. Each confirmation sends a fresh Idempotency-Key; confirming the same
 * values again after a failure reuses it, so the money goes back once.
 */
export function RefundModal({ order, refundable, opened, onClose, onDone }: Props) {
  const refund = useRefundOrder(order.id);
  const [attempts] = useState(() => createAttempts());
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RefundValues>({
    initialValues: { amount: refundable, reason: '' },
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(checkBody(refundBody(values)))) errors[path || 'amount'] ??= String(message);
      if (values.amount === '') errors.amount = t('financial.refund.amountRequired');
      else if (values.amount > refundable) errors.amount = t('financial.refund.amountTooHigh', { max: formatMoney(refundable) });
      return errors;
    },
  });
  const close = () => {
    if (refund.isPending) return;
    setStep('form');
    setError(null);
    form.setValues({ amount: refundable, reason: '' });
    onClose();
  };
  const send = async () => {
    const body = refundBody(form.values);
    const key = attempts.start(body);
    if (key === null) return;
    setError(null);
    let ok = false;
    try {
      const result = await refund.mutateAsync({ key, body });
      ok = true;
      onDone(result.message);
    } catch (e) {
      setError(serverMessage(e));
    } finally {
      attempts.finish(ok);
    }
    if (ok) close();
  };
  const amount = form.values.amount === '' ? refundable : form.values.amount;

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={600}>{t('financial.refund.title', { number: order.number })}</Text>} centered>
      {step === 'form' ? (
        <form onSubmit={form.onSubmit(() => setStep('confirm'))} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('financial.refund.refundable', { amount: formatMoney(refundable) })}
            </Text>
            <NumberInput
              label={t('financial.refund.amount')}
              description={t('financial.refund.amountHint')}
              prefix="R$ "
              decimalSeparator=","
              thousandSeparator="."
              decimalScale={2}
              fixedDecimalScale
              min={0.01}
              max={refundable}
              required
              {...form.getInputProps('amount')}
            />
            <Textarea label={t('financial.refund.reason')} placeholder={t('financial.refund.reasonPlaceholder')} autosize minRows={2} maxLength={300} {...form.getInputProps('reason')} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('confirm.cancel')}
              </Button>
              <Button type="submit" color="pink">
                {t('financial.refund.review')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="md" data-testid="refund-confirm">
          <ServerError message={error} testId="refund-error" />
          <Text size="sm">
            {amount === refundable
              ? t('financial.refund.confirmAll', { amount: formatMoney(amount), number: order.number })
              : t('financial.refund.confirmPartial', { amount: formatMoney(amount), number: order.number, left: formatMoney(refundable - amount) })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setStep('form')} disabled={refund.isPending}>
              {t('common.back')}
            </Button>
            <Button color="pink" loading={refund.isPending} onClick={() => void send()}>
              {t('financial.refund.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
