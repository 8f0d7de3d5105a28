import { Anchor, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCash, IconChecks, IconSend, IconShoppingCart } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { MESSAGING_ORDER_WINDOW_DAYS } from '@backoffice/contracts';
import { BackLink } from '../../shared/components/back-link';
import { CenteredCard } from '../../shared/components/centered-card';
import { PageHeader } from '../../shared/components/page-header';
import { StatCard } from '../../shared/components/stat-card';
import { formatInt, formatMoney } from '../../shared/ui/format';
import { campaignFunnelQuery, useAccountId } from './api';
import { formatPeriodDates } from './campaign-format';
import { FunnelBars } from './funnel';
import { CampaignLoadFailed, MessagingLoading } from './load-states';
import { MessagingDailyCharts } from './messaging-charts';
import { CampaignStatusBadge } from './status-badges';
import { formatPercent, share } from './status';
import { t } from '../../i18n';

/** Spec §2 view/dashboard/{id}: the campaign's funnel, orders within 7 days and its days; refreshed while it sends. */
export function CampaignFunnelPage({ campaignId }: { campaignId: number }) {
  const query = useQuery(campaignFunnelQuery(useAccountId(), campaignId));
  const data = query.data;
  if (query.isError) return <CampaignLoadFailed error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  if (!data) return <MessagingLoading />;
  const { funnel, campaign } = data;
  const id = String(campaign.id);

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('messagingCampaigns.funnel.pageTitle', { name: campaign.name })}
        description={t('messagingCampaigns.funnel.subtitle', { period: formatPeriodDates(campaign.start_at, campaign.end_at), days: MESSAGING_ORDER_WINDOW_DAYS })}
        back={<BackLink to="/messaging-campaigns/list" label={t('messagingCampaigns.campaigns.back')} />}
        actions={
          <Group gap="sm">
            {campaign.status === 'sending' && <Loader size="sm" color="violet" aria-label={t('messagingCampaigns.view.sendingNow')} />}
            <CampaignStatusBadge status={campaign.status} />
            <Anchor renderRoot={(props) => <Link {...props} to="/messaging-campaigns/view/$id" params={{ id }} />} size="sm">
              {t('messagingCampaigns.funnel.toCampaign')}
            </Anchor>
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard label={t('messagingCampaigns.funnel.cards.sent')} value={`${formatInt(funnel.sent)} / ${formatInt(funnel.recipients)}`} icon={IconSend} color="blue" testId="funnel-card-sent" />
        <StatCard label={t('messagingCampaigns.funnel.cards.readRate')} value={formatPercent(share(funnel.read, funnel.delivered))} icon={IconChecks} color="teal" testId="funnel-card-read" />
        <StatCard label={t('messagingCampaigns.funnel.cards.orders', { days: MESSAGING_ORDER_WINDOW_DAYS })} value={formatInt(funnel.orders)} icon={IconShoppingCart} color="grape" testId="funnel-card-orders" />
        <StatCard label={t('messagingCampaigns.funnel.cards.ordersTotal')} value={formatMoney(funnel.orders_total)} icon={IconCash} color="green" testId="funnel-card-total" />
      </SimpleGrid>
      <FunnelBars funnel={funnel} />
      {funnel.sent === 0 ? (
        <CenteredCard testId="funnel-empty">
          <Text fw={600}>{t('messagingCampaigns.funnel.empty')}</Text>
          <Text c="dimmed" size="sm" maw={460}>
            {t('messagingCampaigns.funnel.emptyHint')}
          </Text>
        </CenteredCard>
      ) : (
        <MessagingDailyCharts days={data.days} testIdPrefix="campaign" />
      )}
    </Stack>
  );
}
