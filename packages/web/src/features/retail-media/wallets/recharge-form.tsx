import { Alert, Button, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCashPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_RECHARGE, RechargeWalletBody } from '@backoffice/contracts';
import { ApiError } from '../../../shared/api/client';
import { formatMoney } from '../../../shared/ui/format';
import { createRechargeAttempts } from './idempotency';
import type { RechargeBody } from './api';
import { t } from '../../../i18n';

export interface RechargeValues {
  amount: number | string;
  note: string;
}

/** The amount's rules in the person's words; the note follows the contract (at most 500 characters). */
export function validateRecharge(values: RechargeValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const amount = typeof values.amount === 'number' ? values.amount : Number(String(values.amount).replace(',', '.'));
  if (values.amount === '' || !Number.isFinite(amount)) errors.amount = t('rmWallets.recharge.amountRequired');
  else if (amount <= 0) errors.amount = t('rmWallets.recharge.amountPositive');
  else if (amount > MAX_RECHARGE) errors.amount = t('rmWallets.recharge.amountMax', { max: formatMoney(MAX_RECHARGE) });
  else if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) errors.amount = t('rmWallets.recharge.amountCents');
  const note = RechargeWalletBody.shape.note.safeParse(values.note);
  if (!note.success) errors.note = note.error.issues[0]?.message ?? t('errors.generic');
  return errors;
}

export const rechargeBody = (values: RechargeValues): RechargeBody => {
  const note = values.note.trim();
  return { amount: Number(values.amount), ...(note ? { note } : {}) };
};

interface Props {
  balance: number;
  /** Sends the recharge with its idempotency key; rejects with the API's error. */
  onSubmit: (body: RechargeBody, key: string) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Spec §2 recharge form. Each submission carries an Idempotency-Key; submitting the same values
 * again after a failure (or a lost answer) reuses it, so the wallet is credited once.
 */
export function RechargeForm({ balance, onSubmit, onCancel }: Props) {
  const form = useForm<RechargeValues>({ initialValues: { amount: '', note: '' }, validate: validateRecharge });
  // The unfinished attempt outlives renders; only the submit handler uses it.
  const [attempts] = useState(() => createRechargeAttempts());
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = form.onSubmit(async (values) => {
    const body = rechargeBody(values);
    const key = attempts.start(body);
    // A second click while the first is on its way is the same submission: nothing more to send.
    if (key === null) return;
    setSending(true);
    setServerError(null);
    let ok = false;
    try {
      await onSubmit(body, key);
      ok = true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details?.length) {
        for (const d of error.details) form.setFieldError(d.field === 'amount' || d.field === 'note' ? d.field : 'amount', d.message);
      } else setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
    } finally {
      attempts.finish(ok);
      setSending(false);
    }
  });

  const amount = Number(form.values.amount);
  const preview = form.values.amount !== '' && Number.isFinite(amount) && amount > 0 ? balance + amount : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errors.title')} data-testid="recharge-error">
            {serverError}
          </Alert>
        )}
        <NumberInput
          label={t('rmWallets.recharge.amount')}
          description={t('rmWallets.recharge.amountHint', { max: formatMoney(MAX_RECHARGE) })}
          placeholder="0,00"
          prefix="R$ "
          decimalSeparator=","
          thousandSeparator="."
          decimalScale={2}
          allowNegative={false}
          hideControls
          withAsterisk
          data-autofocus
          {...form.getInputProps('amount')}
        />
        <Textarea label={t('rmWallets.recharge.note')} placeholder={t('rmWallets.recharge.notePlaceholder')} autosize minRows={2} maxRows={6} maxLength={500} {...form.getInputProps('note')} />
        {preview !== null && (
          <Text size="sm" c="dimmed" data-testid="recharge-preview">
            {t('rmWallets.recharge.preview', { balance: formatMoney(preview) })}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={sending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={sending} leftSection={<IconCashPlus size={18} />}>
            {t('rmWallets.recharge.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
