import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { useReviewAd, type Ad } from './api';
import { adTypeLabel } from './ad-labels';
import { t } from '../../../i18n';

/**
 * Approve (confirm) and reject (confirm with a required note) of an ad, for the campaign's ads
 * and the publisher's review queue. Render `modal` once.
 */
export function useAdReview() {
  const confirm = useConfirmModal();
  const review = useReviewAd();
  const describe = (ad: Ad) => t('rmAds.review.subject', { type: adTypeLabel(ad.ad_type), campaign: ad.campaign_name, advertiser: ad.advertiser.name });

  const approve = (ad: Ad) =>
    confirm.open({
      title: t('rmAds.review.approveTitle'),
      message: t('rmAds.review.approveMessage', { subject: describe(ad) }),
      confirmLabel: t('rmAds.review.approve'),
      confirmColor: 'green',
      onConfirm: () => review.mutateAsync({ id: ad.id, decision: 'approve', note: '' }),
    });

  const reject = (ad: Ad) =>
    confirm.open({
      title: t('rmAds.review.rejectTitle'),
      message: t('rmAds.review.rejectMessage', { subject: describe(ad) }),
      confirmLabel: t('rmAds.review.reject'),
      confirmColor: 'red',
      noteRequired: true,
      noteLabel: t('rmAds.review.noteLabel'),
      notePlaceholder: t('rmAds.review.notePlaceholder'),
      onConfirm: (note) => review.mutateAsync({ id: ad.id, decision: 'reject', note }),
    });

  return { approve, reject, modal: confirm.modal, pendingId: review.isPending ? review.variables?.id : undefined };
}
