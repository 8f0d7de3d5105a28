import { Anchor, Button, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { CARD_METHODS, ChargeBody as ChargeSchema, MAX_INSTALLMENTS, ONLINE_PAYMENT_METHODS, SIMULATOR_TEST_CARDS, type PaymentMethodCode } from '@backoffice/contracts';
import { formatMoney } from '../../shared/ui/format';
import { useChargeOrder, type ChargeBody } from './api';
import { ServerError, serverMessage } from './server-error';
import { methodLabel } from './status';
import { t } from '../../i18n';

interface ChargeValues {
  method: PaymentMethodCode;
  number: string;
  holder_name: string;
  expiry_month: string;
  expiry_year: string;
  cvv: string;
  installments: string;
}

const checkBody = schemaResolver(ChargeSchema, { sync: true });
const isCard = (method: PaymentMethodCode) => CARD_METHODS.includes(method);
const THIS_YEAR = new Date().getFullYear();
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
const YEARS = Array.from({ length: 12 }, (_, i) => String(THIS_YEAR + i));
const INSTALLMENTS = Array.from({ length: MAX_INSTALLMENTS }, (_, i) => String(i + 1));

export function chargeBody(v: ChargeValues): ChargeBody {
  const installments = v.method === 'credit_card' ? Number(v.installments) : 1;
  if (!isCard(v.method)) return { method: v.method, installments };
  return {
    method: v.method,
    card: { number: v.number, holder_name: v.holder_name, expiry_month: Number(v.expiry_month), expiry_year: Number(v.expiry_year), cvv: v.cvv },
    installments,
  };
}

/** The form's field for an error the schema names (`card.number` → `number`). */
const fieldOf = (path: string) => path.replace(/^card\./, '') || 'method';

/** The simulator's test cards: a click fills the number (spec §7: approvals, refusals, analysis). */
function TestCards({ onPick }: { onPick: (number: string) => void }) {
  return (
    <Stack gap={4} data-testid="charge-test-cards">
      <Text size="xs" fw={600} c="dimmed">
        {t('financial.charge.testCards')}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={6} fz="xs">
        <Table.Tbody>
          {SIMULATOR_TEST_CARDS.map((card) => (
            <Table.Tr key={card.number}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component="button" type="button" size="xs" ff="monospace" onClick={() => onPick(card.number)}>
                  {card.number}
                </Anchor>
              </Table.Td>
              <Table.Td c="dimmed">{card.outcome}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

interface Props {
  order: { id: number; number: number; total: number };
  /** The difference picking added after payment, charged on its own (the API charges what is owed). */
  difference?: number;
  opened: boolean;
  onClose: () => void;
  /** The server's message of a successful action, shown by the card. */
  onDone: (message: string) => void;
}

/** "Cobrar": the method (and card, installments), then a confirmation with the amount; the server's answer in its words. */
export function ChargeModal({ order, difference, opened, onClose, onDone }: Props) {
  const amount = difference ?? order.total;
  const charge = useChargeOrder(order.id);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChargeValues>({
    initialValues: { method: 'pix', number: '', holder_name: '', expiry_month: MONTHS[11]!, expiry_year: String(THIS_YEAR + 2), cvv: '', installments: '1' },
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(checkBody(chargeBody(values)))) errors[fieldOf(path)] ??= String(message);
      return errors;
    },
  });
  const close = () => {
    if (charge.isPending) return;
    setStep('form');
    setError(null);
    charge.reset();
    form.reset();
    onClose();
  };
  const send = async () => {
    setError(null);
    try {
      const result = await charge.mutateAsync(chargeBody(form.values));
      onDone(result.message);
      close();
    } catch (e) {
      setError(serverMessage(e));
    }
  };
  const values = form.values;
  const card = isCard(values.method);
  const summary = [
    methodLabel(values.method),
    card && values.number.length >= 4 ? t('financial.charge.cardEnding', { last4: values.number.replace(/\D/g, '').slice(-4) }) : null,
    values.method === 'credit_card' && values.installments !== '1' ? t('financial.charge.inInstallments', { count: values.installments }) : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<Text fw={600}>{t(difference === undefined ? 'financial.charge.title' : 'financial.charge.differenceTitle', { number: order.number })}</Text>}
      centered
      size="lg"
    >
      {step === 'form' ? (
        <form onSubmit={form.onSubmit(() => setStep('confirm'))} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t(difference === undefined ? 'financial.charge.amount' : 'financial.charge.differenceAmount', { total: formatMoney(amount) })}
            </Text>
            <Select
              label={t('financial.charge.method')}
              data={ONLINE_PAYMENT_METHODS.map((m) => ({ value: m, label: methodLabel(m) }))}
              allowDeselect={false}
              {...form.getInputProps('method')}
            />
            {card && (
              <>
                <TextInput label={t('financial.charge.number')} placeholder="0000 0000 0000 0000" inputMode="numeric" autoComplete="cc-number" required {...form.getInputProps('number')} />
                <TextInput label={t('financial.charge.holder')} placeholder={t('financial.charge.holderPlaceholder')} autoComplete="cc-name" required {...form.getInputProps('holder_name')} />
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                  <Select label={t('financial.charge.expiryMonth')} data={MONTHS} allowDeselect={false} {...form.getInputProps('expiry_month')} />
                  <Select label={t('financial.charge.expiryYear')} data={YEARS} allowDeselect={false} {...form.getInputProps('expiry_year')} />
                  <TextInput label={t('financial.charge.cvv')} placeholder="123" inputMode="numeric" autoComplete="cc-csc" maxLength={4} required {...form.getInputProps('cvv')} />
                </SimpleGrid>
                {values.method === 'credit_card' && (
                  <Select
                    label={t('financial.charge.installments')}
                    description={t('financial.charge.installmentsHint')}
                    data={INSTALLMENTS.map((n) => ({ value: n, label: n === '1' ? t('financial.charge.upfront') : t('financial.charge.installmentOption', { count: n, each: formatMoney(amount / Number(n)) }) }))}
                    allowDeselect={false}
                    {...form.getInputProps('installments')}
                  />
                )}
                <TestCards onPick={(number) => form.setFieldValue('number', number)} />
              </>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('confirm.cancel')}
              </Button>
              <Button type="submit">{t('financial.charge.review')}</Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="md" data-testid="charge-confirm">
          <ServerError message={error} testId="charge-error" />
          <Text size="sm">{t(difference === undefined ? 'financial.charge.confirm' : 'financial.charge.differenceConfirm', { total: formatMoney(amount), number: order.number, summary })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setStep('form')} disabled={charge.isPending}>
              {t('common.back')}
            </Button>
            <Button loading={charge.isPending} onClick={() => void send()}>
              {t('financial.charge.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
