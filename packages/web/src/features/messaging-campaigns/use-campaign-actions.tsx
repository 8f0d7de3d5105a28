import { useNavigate } from '@tanstack/react-router';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { useCancelCampaign, useDeleteCampaign, type MessagingCampaign } from './api';
import type { CampaignAction } from './status';
import { t } from '../../i18n';

/**
 * Runs a campaign's action: screens navigate; cancel and delete ask first (the modal keeps its
 * spinner until the API answers). Render `modal` once.
 */
export function useCampaignActions(options: { afterDelete?: () => void } = {}) {
  const navigate = useNavigate();
  const confirm = useConfirmModal();
  const cancel = useCancelCampaign();
  const remove = useDeleteCampaign();

  const run = (campaign: Pick<MessagingCampaign, 'id' | 'name' | 'status'>, action: CampaignAction) => {
    const id = String(campaign.id);
    if (action === 'view') return void navigate({ to: '/messaging-campaigns/view/$id', params: { id } });
    if (action === 'dashboard') return void navigate({ to: '/messaging-campaigns/view/dashboard/$id', params: { id } });
    if (action === 'edit') return void navigate({ to: '/messaging-campaigns/edit/$id', params: { id } });
    if (action === 'duplicate') return void navigate({ to: '/messaging-campaigns/duplicate/$id', params: { id } });
    const sending = campaign.status === 'sending';
    confirm.open({
      title: t(`messagingCampaigns.campaigns.confirm.${action}.title`),
      message: t(`messagingCampaigns.campaigns.confirm.${action}.${action === 'cancel' && sending ? 'messageSending' : 'message'}`, { name: campaign.name }),
      confirmLabel: t(`messagingCampaigns.campaigns.confirm.${action}.confirm`),
      cancelLabel: t('common.back'),
      confirmColor: 'red',
      onConfirm: () => (action === 'delete' ? remove.mutateAsync(campaign.id).then(() => options.afterDelete?.()) : cancel.mutateAsync(campaign.id)),
    });
  };

  return { run, modal: confirm.modal };
}
