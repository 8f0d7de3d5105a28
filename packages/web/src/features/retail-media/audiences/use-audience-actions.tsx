import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { accountInfoQuery } from '../../../shared/account/queries';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { useSession } from '../../../shared/session/session';
import { useAccountId, useApproveAudience, useDeleteAudience, useRejectAudience, type Audience } from './api';
import { ApproveAudienceModal } from './approve-modal';
import { AudienceFormModal } from './audience-form-modal';
import { t } from '../../../i18n';

export type AudienceAction = 'approve' | 'reject' | 'price' | 'edit' | 'delete';

/** What the signed-in user may do with an audience, from its permissions and the user's role. */
export function audienceActions(a: Pick<Audience, 'status' | 'permissions'>, isAdmin: boolean): AudienceAction[] {
  const actions: AudienceAction[] = [];
  if (a.permissions.can_review && a.status === 'awaiting_approval') actions.push('approve', 'reject');
  // Spec §4/§6: an approved audience has an extra action for admins, re-pricing it.
  if (a.permissions.can_review && a.status === 'approved' && isAdmin) actions.push('price');
  if (a.permissions.can_edit) actions.push('edit');
  if (a.permissions.can_delete) actions.push('delete');
  return actions;
}

export function useIsRmAdmin(): boolean {
  const { data } = useQuery(accountInfoQuery(useAccountId()));
  return data?.[0]?.role === 'admin';
}

/** The review, edit and delete modals of audience cards and the view page: `run(audience, action)` and render `modals`. */
export function useAudienceActions(onDeleted?: () => void) {
  const currencyCents = useSession()?.account.currency_cents ?? false;
  const approve = useApproveAudience();
  const reject = useRejectAudience();
  const remove = useDeleteAudience();
  const confirm = useConfirmModal();
  const [pricing, setPricing] = useState<{ audience: Audience; mode: 'approve' | 'price'; opened: boolean } | null>(null);
  const [editing, setEditing] = useState<{ audience: Audience | null; opened: boolean }>({ audience: null, opened: false });

  const run = (audience: Audience, action: AudienceAction | 'create') => {
    if (action === 'approve' || action === 'price') setPricing({ audience, mode: action, opened: true });
    else if (action === 'reject')
      confirm.open({
        title: t('rmAudiences.reject.title'),
        message: t('rmAudiences.reject.message', { name: audience.name }),
        noteRequired: true,
        noteLabel: t('rmAudiences.reject.note'),
        confirmLabel: t('rmAudiences.actions.reject'),
        confirmColor: 'red',
        onConfirm: (note) => reject.mutateAsync({ id: audience.id, note }),
      });
    else if (action === 'delete')
      confirm.open({
        title: t('rmAudiences.delete.title'),
        message: t('rmAudiences.delete.message', { name: audience.name }),
        confirmLabel: t('rmAudiences.actions.delete'),
        confirmColor: 'red',
        onConfirm: async () => {
          await remove.mutateAsync(audience.id);
          onDeleted?.();
        },
      });
    else setEditing({ audience: action === 'edit' ? audience : null, opened: true });
  };

  const modals = (
    <>
      {confirm.modal}
      {pricing && (
        <ApproveAudienceModal
          key={`${pricing.audience.id}-${pricing.mode}`}
          audience={pricing.audience}
          mode={pricing.mode}
          currencyCents={currencyCents}
          opened={pricing.opened}
          onClose={() => setPricing((p) => p && { ...p, opened: false })}
          onConfirm={(body) => approve.mutateAsync({ id: pricing.audience.id, body })}
        />
      )}
      {editing.opened && <AudienceFormModal opened audience={editing.audience} onClose={() => setEditing({ audience: null, opened: false })} />}
    </>
  );

  return { run, create: () => setEditing({ audience: null, opened: true }), modals };
}
