import { useNavigate } from '@tanstack/react-router';
import type { PromotionAction } from '@backoffice/contracts';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { useDeletePromotion, usePromotionAction, type Promotion } from '../api';
import { ACTION_COLORS } from '../status';
import { t } from '../../../i18n';

/**
 * The confirmations behind every state action and delete, shared by the list's row menu and the
 * view page. Render `modal` once; `onDeleted` runs after a delete succeeds.
 */
export function usePromotionActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const confirm = useConfirmModal();
  const action = usePromotionAction();
  const remove = useDeletePromotion();
  const navigate = useNavigate();

  const run = (promotion: Promotion, kind: PromotionAction) =>
    confirm.open({
      title: t(`promotions.actions.${kind}.title`),
      message: t(`promotions.actions.${kind}.message`, { name: promotion.name }),
      confirmLabel: t(`promotions.actions.${kind}.confirm`),
      confirmColor: ACTION_COLORS[kind],
      onConfirm: () => action.mutateAsync({ id: promotion.id, action: kind }),
    });

  const askDelete = (promotion: Promotion) =>
    confirm.open({
      title: t('promotions.actions.delete.title'),
      message: t('promotions.actions.delete.message', { name: promotion.name }),
      confirmLabel: t('promotions.actions.delete.confirm'),
      confirmColor: 'red',
      onConfirm: async () => {
        await remove.mutateAsync(promotion.id);
        onDeleted?.();
      },
    });

  const duplicate = (promotion: Promotion) => void navigate({ to: '/promotional/create', search: { duplicate: promotion.id } });

  return { run, askDelete, duplicate, modal: confirm.modal };
}
