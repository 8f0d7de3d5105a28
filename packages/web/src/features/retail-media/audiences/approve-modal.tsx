import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_AUDIENCE_PRICE, type AudiencePriceType } from '@backoffice/contracts';
import { notifyError } from '../../../shared/ui/notify';
import { formatMoney } from '../../../shared/ui/format';
import type { ApproveAudienceBody, Audience } from './api';
import { approvalPrice } from './price';
import { t } from '../../../i18n';

interface Props {
  audience: Audience;
  /** Approving an awaiting audience, or changing an approved one's price. */
  mode: 'approve' | 'price';
  currencyCents: boolean;
  opened: boolean;
  onClose: () => void;
  /** Sends the decision; rejects when the API refuses (its toast tells why). */
  onConfirm: (body: ApproveAudienceBody) => Promise<unknown>;
}

function ApproveBody({ audience, mode, currencyCents, onClose, onConfirm, onBusy }: Omit<Props, 'opened'> & { onBusy: (busy: boolean) => void }) {
  const [priceType, setPriceType] = useState<AudiencePriceType>(audience.price_type ?? 'free');
  const [price, setPrice] = useState<number | string>(audience.price_type === 'fixed' && audience.price !== null ? audience.price : '');
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  const confirm = async () => {
    const value = price === '' ? Number.NaN : Number(price);
    if (priceType === 'fixed') {
      // Spec §5: a fixed price is required; the toast and the field both say so.
      const problem = !Number.isFinite(value) || value <= 0 ? t('rmAudiences.approve.priceRequired') : value > MAX_AUDIENCE_PRICE ? t('rmAudiences.approve.priceMax', { max: formatMoney(MAX_AUDIENCE_PRICE) }) : null;
      if (problem) {
        setError(problem);
        notifyError(undefined, problem);
        return;
      }
    }
    const body: ApproveAudienceBody = { price_type: priceType, billing_type: 'up_front', ...(priceType === 'fixed' ? { price: approvalPrice(value, currencyCents) } : {}) };
    setRunning(true);
    onBusy(true);
    try {
      await onConfirm(body);
      onBusy(false);
      onClose();
    } catch {
      setRunning(false);
      onBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t(mode === 'approve' ? 'rmAudiences.approve.message' : 'rmAudiences.approve.priceMessage', { name: audience.name })}</Text>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('rmAudiences.approve.priceType')}
        </Text>
        <SegmentedControl
          fullWidth
          disabled={running}
          value={priceType}
          onChange={(v) => {
            setPriceType(v as AudiencePriceType);
            setError(null);
          }}
          data={[
            { value: 'free', label: t('rmAudiences.approve.free') },
            { value: 'fixed', label: t('rmAudiences.approve.fixed') },
          ]}
        />
      </Stack>
      {priceType === 'fixed' && (
        <NumberInput
          label={t('rmAudiences.approve.price')}
          withAsterisk
          prefix="R$ "
          decimalSeparator=","
          thousandSeparator="."
          decimalScale={2}
          allowNegative={false}
          hideControls
          placeholder="0,00"
          value={price}
          error={error}
          disabled={running}
          data-autofocus
          onChange={(v) => {
            setPrice(v);
            setError(null);
          }}
        />
      )}
      <TextInput label={t('rmAudiences.approve.billingType')} value={t('rmAudiences.billing.up_front')} readOnly disabled />
      {currencyCents && priceType === 'fixed' && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={16} />}>
          {t('rmAudiences.approve.centsHint')}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={running}>
          {t('common.cancel')}
        </Button>
        <Button color="teal" loading={running} onClick={() => void confirm()}>
          {mode === 'approve' ? t('rmAudiences.actions.approve') : t('rmAudiences.approve.savePrice')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Spec §4 approval: free or a fixed price (required), billed up front. */
export function ApproveAudienceModal({ opened, ...props }: Props) {
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) props.onClose();
  };
  const title = props.mode === 'approve' ? t('rmAudiences.approve.title') : t('rmAudiences.approve.priceTitle');
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={600}>{title}</Text>} centered closeOnClickOutside={!busy} closeOnEscape={!busy} withCloseButton={!busy}>
      <ApproveBody {...props} onBusy={setBusy} />
    </Modal>
  );
}
