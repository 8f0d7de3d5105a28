import { Button } from '@mantine/core';
import { IconBan, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useConfirmModal } from '../../../../shared/components/confirm-modal';
import { useCancelCampaign, useToggleCampaign, type CampaignDetail } from '../api';
import { t } from '../../../../i18n';

const ENDED = new Set(['finished', 'canceled']);

/** Pause or reactivate (PATCH active) and cancel after confirmation, as `permissions` allow. */
export function CampaignActions({ campaign: c }: { campaign: CampaignDetail }) {
  const toggle = useToggleCampaign(c.id);
  const cancel = useCancelCampaign(c.id);
  const confirm = useConfirmModal();
  const open = !ENDED.has(c.status);

  const askCancel = () =>
    confirm.open({
      title: t('rmCampaigns.actions.cancelTitle'),
      message: t('rmCampaigns.actions.cancelMessage', { name: c.name }),
      confirmLabel: t('rmCampaigns.actions.cancel'),
      cancelLabel: t('rmCampaigns.actions.keep'),
      confirmColor: 'red',
      onConfirm: () => cancel.mutateAsync(),
    });

  return (
    <>
      {c.permissions.can_toggle && open && (
        <Button
          variant="light"
          color={c.active ? 'yellow' : 'green'}
          leftSection={c.active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
          loading={toggle.isPending}
          onClick={() => toggle.mutate(!c.active)}
        >
          {t(c.active ? 'rmCampaigns.actions.pause' : 'rmCampaigns.actions.reactivate')}
        </Button>
      )}
      {c.permissions.can_cancel && c.status !== 'canceled' && (
        <Button variant="light" color="red" leftSection={<IconBan size={16} />} onClick={askCancel}>
          {t('rmCampaigns.actions.cancel')}
        </Button>
      )}
      {confirm.modal}
    </>
  );
}
