import { Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { PageLoader } from '../../../shared/components/page-loader';
import { audienceAttributesQuery, useAccountId, useCreateAudience, useUpdateAudience, type Audience } from './api';
import { AudienceForm } from './audience-form';
import { audienceToValues, emptyAudienceValues } from './audience-form-values';
import { t } from '../../../i18n';

function EditAudience({ audience, onClose }: { audience: Audience; onClose: () => void }) {
  const update = useUpdateAudience(audience.id);
  const attributes = useQuery(audienceAttributesQuery(useAccountId()));
  if (!attributes.data) return <PageLoader compact />;
  return (
    <AudienceForm
      initialValues={audienceToValues(audience, attributes.data)}
      publisherLocked={audience.publisher}
      submitLabel={t('common.save')}
      onCancel={onClose}
      onSubmit={async ({ publisher_id: _publisher, ...body }) => {
        await update.mutateAsync(body);
        onClose();
      }}
    />
  );
}

function CreateAudience({ onClose }: { onClose: () => void }) {
  const create = useCreateAudience();
  return (
    <AudienceForm
      initialValues={emptyAudienceValues(null)}
      submitLabel={t('rmAudiences.form.create')}
      onCancel={onClose}
      onSubmit={async (body) => {
        await create.mutateAsync(body);
        onClose();
      }}
    />
  );
}

/** "Nova audiência" and "Editar": the form in a modal, full screen on phones. */
export function AudienceFormModal({ opened, audience, onClose }: { opened: boolean; audience: Audience | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} size="xl" fullScreen={phone} title={<Text fw={600}>{audience ? t('rmAudiences.form.editTitle') : t('rmAudiences.form.createTitle')}</Text>}>
      {audience ? <EditAudience audience={audience} onClose={onClose} /> : <CreateAudience onClose={onClose} />}
    </Modal>
  );
}
