import { Alert, Modal, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useCreateAd, useUpdateAd, type Ad, type AdType } from './api';
import { adToFormValues, emptyAdValues, toCreateAdBody, toUpdateAdBody } from './ad-form-values';
import { AdForm } from './ad-form';
import { adTypeLabel } from './ad-labels';
import { t } from '../../../i18n';

interface Props {
  opened: boolean;
  onClose: () => void;
  campaign: { id: number; publisher_id: number; ad_type: AdType };
  /** The ad to edit; none to create one. */
  ad?: Ad | null;
}

/** "Adicionar anúncio" / "Editar anúncio" of a campaign, with the form of its ad type. */
export function AdFormModal({ opened, onClose, campaign, ad }: Props) {
  const create = useCreateAd();
  const update = useUpdateAd();
  const editing = !!ad;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{t(editing ? 'rmAds.form.editTitle' : 'rmAds.form.createTitle', { type: adTypeLabel(campaign.ad_type) })}</Text>}
      size="lg"
      centered
    >
      <Stack gap="md">
        {editing && ad.ad_type !== 'product' && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            {t('rmAds.form.backToReview')}
          </Alert>
        )}
        <AdForm
          key={ad?.id ?? 'new'}
          publisherId={campaign.publisher_id}
          initialValues={ad ? adToFormValues(ad) : emptyAdValues(campaign.ad_type)}
          submitLabel={t(editing ? 'rmAds.form.save' : 'rmAds.form.create')}
          pending={create.isPending || update.isPending}
          onCancel={onClose}
          onSubmit={(values) =>
            (ad ? update.mutateAsync({ id: ad.id, body: toUpdateAdBody(values) }) : create.mutateAsync(toCreateAdBody(values, campaign.id))).then(onClose)
          }
        />
      </Stack>
    </Modal>
  );
}
