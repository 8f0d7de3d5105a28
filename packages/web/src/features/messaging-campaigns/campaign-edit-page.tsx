import { Alert, Button, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../shared/components/page-header';
import { campaignQuery, useAccountId, useUpdateCampaign } from './api';
import { campaignToValues } from './campaign-form-values';
import { CampaignForm } from './campaign-form';
import { BackToCampaigns, CampaignLoadFailed, MessagingLoading } from './load-states';
import { t } from '../../i18n';

/** Spec §2 edit/{id}: only before sending starts (draft or scheduled); afterwards the page says so. */
export function CampaignEditPage({ campaignId }: { campaignId: number }) {
  const navigate = useNavigate();
  const query = useQuery(campaignQuery(useAccountId(), campaignId));
  const update = useUpdateCampaign(campaignId);
  const campaign = query.data;
  if (query.isError) return <CampaignLoadFailed error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  if (!campaign) return <MessagingLoading />;
  const toView = () => void navigate({ to: '/messaging-campaigns/view/$id', params: { id: String(campaign.id) } });
  const editable = campaign.status === 'draft' || campaign.status === 'scheduled';

  return (
    <Stack gap="lg">
      <PageHeader title={t('messagingCampaigns.campaigns.edit.title')} description={campaign.name} back={<BackToCampaigns />} />
      {editable ? (
        <CampaignForm
          key={campaign.id}
          initialValues={campaignToValues(campaign)}
          currentTemplate={campaign.template}
          submitLabel={t('messagingCampaigns.form.scheduleSubmit')}
          pending={update.isPending}
          onSubmit={(b) => update.mutateAsync(b).then(toView)}
          onCancel={toView}
        />
      ) : (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={t('messagingCampaigns.campaigns.edit.lockedTitle')} data-testid="campaign-locked">
          <Stack gap="sm" align="flex-start">
            {t('messagingCampaigns.campaigns.edit.locked', { status: t(`messagingCampaigns.campaignStatus.${campaign.status}`) })}
            <Button size="xs" variant="white" renderRoot={(props) => <Link {...props} to="/messaging-campaigns/duplicate/$id" params={{ id: String(campaign.id) }} />}>
              {t('messagingCampaigns.campaigns.actions.duplicate')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
