import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconRotate, IconSend, IconX, IconFlag, IconBan, IconPencil } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { tradeActionsFor, type TradeAction } from '@backoffice/contracts';
import { useTradeAction, type TradeAgreementDetail } from '../api';
import { ACTION_COLORS } from '../status';
import { t } from '../../../i18n';

const ICONS: Record<TradeAction, typeof IconCheck> = {
  propose: IconSend,
  approve: IconCheck,
  reject: IconX,
  revise: IconRotate,
  start: IconPlayerPlay,
  finish: IconFlag,
  cancel: IconBan,
};

/**
 * The steps this side may take now (the contracts' flow), as buttons; each asks for confirmation
 * with a note, which rejecting requires (the reason). Editing shows while it is this side's draft.
 */
export function TradeActions({ agreement: a }: { agreement: TradeAgreementDetail }) {
  const run = useTradeAction();
  const [asking, setAsking] = useState<TradeAction | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const actions = tradeActionsFor(a.status, a.my_side, a.author_side);
  const editable = a.status === 'draft' && a.author_side === a.my_side;

  const close = () => {
    setAsking(null);
    setNote('');
    setError(null);
  };
  const confirm = () => {
    if (!asking) return;
    if (asking === 'reject' && !note.trim()) return setError(t('trade.actions.reasonRequired'));
    run.mutate({ id: a.id, action: asking, note: note.trim() || undefined }, { onSuccess: close, onError: (e) => setError(e.message) });
  };

  return (
    <>
      <Group gap="xs" data-testid="trade-actions">
        {editable && (
          <Button variant="default" leftSection={<IconPencil size={16} />} renderRoot={(props) => <Link {...props} to="/trade/edit/$id" params={{ id: String(a.id) }} />}>
            {t('trade.actions.edit')}
          </Button>
        )}
        {actions.map((action) => {
          const Icon = ICONS[action];
          return (
            <Button key={action} variant={action === 'propose' || action === 'approve' ? 'filled' : 'light'} color={ACTION_COLORS[action]} leftSection={<Icon size={16} />} onClick={() => setAsking(action)}>
              {t(`trade.actions.${action}.label`)}
            </Button>
          );
        })}
      </Group>
      <Modal opened={asking !== null} onClose={close} title={asking ? t(`trade.actions.${asking}.title`) : ''} centered>
        {asking && (
          <Stack gap="md">
            <Text size="sm">{t(`trade.actions.${asking}.text`)}</Text>
            <Textarea
              label={t(asking === 'reject' ? 'trade.actions.reason' : 'trade.actions.note')}
              placeholder={t(asking === 'reject' ? 'trade.actions.reasonPlaceholder' : 'trade.actions.notePlaceholder')}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              error={error}
              withAsterisk={asking === 'reject'}
              autosize
              minRows={2}
              maxLength={1000}
              data-autofocus
              data-testid="trade-action-note"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={run.isPending}>
                {t('common.cancel')}
              </Button>
              <Button color={ACTION_COLORS[asking]} loading={run.isPending} onClick={confirm} data-testid="trade-action-confirm">
                {t(`trade.actions.${asking}.label`)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
