import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../shared/components/page-header';
import { campaignQuery, useAccountId, useCreateCampaign, type MessagingCampaign } from './api';
import { campaignToValues, emptyCampaignValues } from './campaign-form-values';
import { CampaignForm } from './campaign-form';
import { BackToCampaigns, MessagingErrorBanner, MessagingLoading } from './load-states';
import { t } from '../../i18n';

/** "Criar campanha", or "Duplicar campanha" filled from `duplicateId` (spec §2 create, duplicate/{id}). */
export function CampaignCreatePage({ duplicateId }: { duplicateId?: number }) {
  const navigate = useNavigate();
  const accountId = useAccountId();
  const source = useQuery({ ...campaignQuery(accountId, duplicateId ?? 0), enabled: duplicateId !== undefined });
  const create = useCreateCampaign();
  const duplicating = duplicateId !== undefined;
  const toList = () => void navigate({ to: '/messaging-campaigns/list' });
  const toView = (campaign: MessagingCampaign) => void navigate({ to: '/messaging-campaigns/view/$id', params: { id: String(campaign.id) } });

  let body;
  if (!duplicating)
    body = <CampaignForm initialValues={emptyCampaignValues()} submitLabel={t('messagingCampaigns.form.scheduleSubmit')} pending={create.isPending} onSubmit={(b) => create.mutateAsync(b).then(toView)} onCancel={toList} />;
  else if (source.isError) body = <MessagingErrorBanner error={source.error} retrying={source.isFetching} onRetry={() => void source.refetch()} />;
  else if (!source.data) body = <MessagingLoading />;
  else {
    const values = campaignToValues(source.data);
    body = (
      <CampaignForm
        key={source.data.id}
        // The copy is sent again: a new period is chosen for it.
        initialValues={{ ...values, name: `${values.name}${t('messagingCampaigns.copySuffix')}`.slice(0, 120), start_date: '', end_date: '' }}
        currentTemplate={source.data.template}
        submitLabel={t('messagingCampaigns.form.scheduleSubmit')}
        pending={create.isPending}
        onSubmit={(b) => create.mutateAsync(b).then(toView)}
        onCancel={toList}
      />
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={duplicating ? t('messagingCampaigns.campaigns.new.duplicateTitle') : t('messagingCampaigns.campaigns.new.title')}
        description={duplicating && source.data ? t('messagingCampaigns.campaigns.new.duplicateSubtitle', { name: source.data.name }) : t('messagingCampaigns.campaigns.new.subtitle')}
        back={<BackToCampaigns />}
      />
      {body}
    </Stack>
  );
}
