import { Anchor, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Field } from '../../shared/components/field';
import { PageHeader } from '../../shared/components/page-header';
import { useIsAccountWriter } from '../../shared/account/queries';
import { campaignQuery, SENDING_REFRESH_MS, SETTLING_REFRESH_MS, storesQuery, useAccountId } from './api';
import { describeAudience, formatSpDateTime, formatStores } from './campaign-format';
import { CAMPAIGN_ACTION_ICONS } from './campaign-row-actions';
import { DispatchProgress } from './dispatch-progress';
import { BackToCampaigns, CampaignLoadFailed, MessagingLoading } from './load-states';
import { campaignActionsFor } from './status';
import { CampaignStatusBadge, TemplateStatusBadge } from './status-badges';
import { useCampaignActions } from './use-campaign-actions';
import { WhatsAppPreview } from './whatsapp-preview';
import { t } from '../../i18n';

/**
 * While it sends (or is about to: a scheduled campaign whose start has come) the page looks again
 * every few seconds; once sent, deliveries and reads keep arriving while its period runs.
 */
function refreshWhile(campaign: { status: string; start_at: string; end_at: string } | undefined): number | false {
  if (!campaign) return false;
  const now = Date.now();
  if (campaign.status === 'sending' || (campaign.status === 'scheduled' && Date.parse(campaign.start_at) <= now)) return SENDING_REFRESH_MS;
  return campaign.status === 'sent' && Date.parse(campaign.end_at) > now ? SETTLING_REFRESH_MS : false;
}

/** Spec §2 view/{id}: the campaign, its audience and template, and the dispatch's progress as it sends. */
export function CampaignViewPage({ campaignId }: { campaignId: number }) {
  const navigate = useNavigate();
  const accountId = useAccountId();
  const canEdit = useIsAccountWriter();
  const query = useQuery({ ...campaignQuery(accountId, campaignId), refetchInterval: (q) => refreshWhile(q.state.data) });
  const stores = useQuery(storesQuery(accountId));
  const storeNames = useMemo(() => new Map((stores.data ?? []).map((s) => [s.id, s.name])), [stores.data]);
  const actions = useCampaignActions({ afterDelete: () => void navigate({ to: '/messaging-campaigns/list' }) });
  const campaign = query.data;

  if (query.isError) return <CampaignLoadFailed error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  if (!campaign) return <MessagingLoading />;

  const buttons = campaignActionsFor(campaign.status).filter((a) => a !== 'view' && (canEdit || a === 'dashboard'));
  return (
    <Stack gap="lg">
      <PageHeader
        title={campaign.name}
        back={<BackToCampaigns />}
        actions={buttons.map((action) => {
          const Icon = CAMPAIGN_ACTION_ICONS[action];
          const danger = action === 'cancel' || action === 'delete';
          return (
            <Button
              key={action}
              variant={action === 'dashboard' ? 'filled' : danger ? 'light' : 'default'}
              color={danger ? 'red' : undefined}
              leftSection={<Icon size={16} />}
              onClick={() => actions.run(campaign, action)}
            >
              {t(`messagingCampaigns.campaigns.actions.${action}`)}
            </Button>
          );
        })}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <DispatchProgress counts={campaign.counts} status={campaign.status} />
            <Card withBorder radius="md" padding="lg">
              <Stack gap="md">
                <Group gap="xs">
                  <CampaignStatusBadge status={campaign.status} />
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                  <Field label={t('messagingCampaigns.view.template')}>
                    <Group gap="xs">
                      <Anchor renderRoot={(props) => <Link {...props} to="/messaging-campaigns/templates/view/$id" params={{ id: String(campaign.template.id) }} />} size="sm">
                        {campaign.template.name}
                      </Anchor>
                      <TemplateStatusBadge status={campaign.template.status} />
                    </Group>
                  </Field>
                  <Field label={t('messagingCampaigns.view.audience')}>{describeAudience(campaign.audience, storeNames, campaign.location_ids)}</Field>
                  <Field label={t('messagingCampaigns.view.period')}>
                    <Text size="sm" data-testid="campaign-period">
                      {t('messagingCampaigns.view.fromUntil', { from: formatSpDateTime(campaign.start_at), until: formatSpDateTime(campaign.end_at) })}
                    </Text>
                  </Field>
                  <Field label={t('messagingCampaigns.view.stores')}>{formatStores(campaign.location_ids, storeNames)}</Field>
                  <Field label={t('messagingCampaigns.view.media')}>{campaign.media_name ?? t('messagingCampaigns.view.templateMedia')}</Field>
                  <Field label={t('messagingCampaigns.view.createdAt')}>{formatSpDateTime(campaign.created_at)}</Field>
                  {campaign.started_at && <Field label={t('messagingCampaigns.view.startedAt')}>{formatSpDateTime(campaign.started_at)}</Field>}
                  {campaign.finished_at && <Field label={t('messagingCampaigns.view.finishedAt')}>{formatSpDateTime(campaign.finished_at)}</Field>}
                  {campaign.canceled_at && <Field label={t('messagingCampaigns.view.canceledAt')}>{formatSpDateTime(campaign.canceled_at)}</Field>}
                </SimpleGrid>
                {campaign.message && (
                  <Field label={t('messagingCampaigns.view.note')}>
                    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                      {campaign.message}
                    </Text>
                  </Field>
                )}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Title order={5}>{t('messagingCampaigns.preview.title')}</Title>
              <WhatsAppPreview
                text={campaign.template.message}
                buttons={campaign.template.buttons}
                media={campaign.media_url ? { url: campaign.media_url, type: campaign.media_type, name: campaign.media_name } : null}
              />
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      {actions.modal}
    </Stack>
  );
}
