import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowBackUp, IconCheck, IconCircleCheck, IconEdit, IconSend, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { formatDateTime } from '../../shared/ui/format';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { useCartStatus } from './api';
import { pendingCount } from './cart-format';
import { useSendLinkFlow } from './send-link';
import { actionsFor } from './status';
import type { Cart } from './types';
import { t } from '../../i18n';

/**
 * The review's state actions (spec §4, §8): approve, send the link (with its progress and outcome),
 * cancel and restore. A refused transition (409) shows the server's Portuguese message.
 */
export function CartActions({ cart }: { cart: Cart }) {
  const status = useCartStatus(cart.id);
  const link = useSendLinkFlow(cart);
  const confirm = useConfirmModal();
  const [error, setError] = useState<string | null>(null);
  const actions = actionsFor(cart.status);
  const unresolved = pendingCount(cart.groups);
  const empty = cart.groups.confirmed.length === 0;

  const change = (statusType: Cart['status']) => {
    setError(null);
    return status.mutateAsync(statusType).catch((e: unknown) => {
      setError(e instanceof ApiError ? e.message : t('errors.generic'));
      throw e;
    });
  };

  const askCancel = () =>
    confirm.open({
      title: t('shoppingCarts.cancelConfirm.title'),
      message: t('shoppingCarts.cancelConfirm.message', { name: cart.customer.name }),
      confirmLabel: t('shoppingCarts.cancelConfirm.confirm'),
      cancelLabel: t('shoppingCarts.cancelConfirm.keep'),
      confirmColor: 'red',
      onConfirm: () => change('deleted'),
    });

  const busy = status.isPending || link.state.phase === 'sending';
  return (
    <Stack gap="sm" data-testid="cart-actions">
      {actions.includes('approve') && (
        <>
          <Button size="md" color="green" leftSection={<IconCheck size={18} />} onClick={() => void change('approved').catch(() => undefined)} loading={status.isPending && status.variables === 'approved'} disabled={busy || unresolved > 0 || empty}>
            {t('shoppingCarts.actions.approve')}
          </Button>
          {(unresolved > 0 || empty) && (
            <Text size="xs" c="dimmed" ta="center">
              {unresolved > 0 ? t('shoppingCarts.actions.resolveFirst', { count: unresolved }) : t('shoppingCarts.actions.nothingConfirmed')}
            </Text>
          )}
        </>
      )}
      {actions.includes('sendLink') && (
        <Button size="md" leftSection={<IconSend size={18} />} onClick={link.start} loading={link.state.phase === 'sending'} disabled={busy}>
          {cart.link_delivery ? t('shoppingCarts.actions.resendLink') : t('shoppingCarts.actions.sendLink')}
        </Button>
      )}
      <SendLinkOutcome cart={cart} state={link.state} />
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="status-error" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Stack gap={6}>
        {actions.includes('reopen') && (
          <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => void change('in_review').catch(() => undefined)} loading={status.isPending && status.variables === 'in_review'} disabled={busy}>
            {t('shoppingCarts.actions.reopen')}
          </Button>
        )}
        {actions.includes('restore') && (
          <Button variant="default" leftSection={<IconArrowBackUp size={16} />} onClick={() => void change('in_review').catch(() => undefined)} loading={status.isPending && status.variables === 'in_review'} disabled={busy}>
            {t('shoppingCarts.actions.restore')}
          </Button>
        )}
        {actions.includes('cancel') && (
          <Button variant="subtle" color="red" leftSection={<IconX size={16} />} onClick={askCancel} disabled={busy}>
            {t('shoppingCarts.actions.cancel')}
          </Button>
        )}
      </Stack>
      {confirm.modal}
    </Stack>
  );
}

function SendLinkOutcome({ cart, state }: { cart: Cart; state: ReturnType<typeof useSendLinkFlow>['state'] }) {
  if (state.phase === 'sending')
    return (
      <Alert color="blue" variant="light" icon={<Loader size={16} />} data-testid="send-link-progress">
        {t('shoppingCarts.sendLink.sending', { name: cart.customer.name })}
      </Alert>
    );
  if (state.phase === 'failed')
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="send-link-error">
        {state.message}
      </Alert>
    );
  if (state.phase === 'sent')
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} data-testid="send-link-sent">
        <Stack gap={4}>
          <Text size="sm">{t('shoppingCarts.sendLink.sent', { name: cart.customer.name })}</Text>
          {cart.link_delivery?.sent_at && <Text size="xs" c="dimmed">{t('shoppingCarts.sendLink.sentAt', { when: formatDateTime(cart.link_delivery.sent_at) })}</Text>}
          {cart.link && (
            <Anchor href={cart.link} target="_blank" rel="noreferrer" size="xs" style={{ wordBreak: 'break-all' }} data-testid="cart-link">
              {cart.link}
            </Anchor>
          )}
        </Stack>
      </Alert>
    );
  return null;
}
