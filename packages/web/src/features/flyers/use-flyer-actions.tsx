import { useNavigate } from '@tanstack/react-router';
import type { Flyer } from './api';
import { useDeleteFlyer, useFlyerAction } from './api';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import type { FlyerRowAction } from './flyer-status';
import { t } from '../../i18n';

/**
 * Runs a flyer's row action: screens navigate, state changes ask first (the confirmation modal
 * stays open with its spinner until the API answers). Render `modal` once.
 */
export function useFlyerActions(options: { afterDelete?: () => void } = {}) {
  const navigate = useNavigate();
  const confirm = useConfirmModal();
  const action = useFlyerAction();
  const remove = useDeleteFlyer();

  const run = (flyer: Flyer, kind: FlyerRowAction) => {
    const id = String(flyer.id);
    if (kind === 'view') return void navigate({ to: '/promotional-flyers/view/$id', params: { id } });
    if (kind === 'edit') return void navigate({ to: '/promotional-flyers/edit/$id', params: { id } });
    if (kind === 'duplicate') return void navigate({ to: '/promotional-flyers/create', search: { duplicate: flyer.id } });
    const danger = kind === 'cancel' || kind === 'delete';
    confirm.open({
      title: t(`flyers.confirm.${kind}.title`),
      message: t(`flyers.confirm.${kind}.message`, { name: flyer.name }),
      confirmLabel: t(`flyers.confirm.${kind}.confirm`),
      cancelLabel: t('common.back'),
      confirmColor: danger ? 'red' : kind === 'pause' ? 'yellow' : undefined,
      onConfirm: () =>
        kind === 'delete'
          ? remove.mutateAsync(flyer.id).then(() => options.afterDelete?.())
          : action.mutateAsync({ id: flyer.id, action: kind }),
    });
  };

  return { run, modal: confirm.modal };
}
