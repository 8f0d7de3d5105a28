import { Group, Loader, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartBarOff, IconChecks, IconMessageReply, IconSend, IconSpeakerphone, IconTruckDelivery, IconUserOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { CenteredCard } from '../../shared/components/centered-card';
import { PageHeader } from '../../shared/components/page-header';
import { PeriodPicker } from '../../shared/components/period-picker';
import { StatCard } from '../../shared/components/stat-card';
import { formatInt } from '../../shared/ui/format';
import type { Period } from '../../shared/ui/period';
import { messagingDashboardQuery, useAccountId, type MessagingDashboard } from './api';
import { MessagingErrorBanner } from './load-states';
import { MessagingDailyCharts } from './messaging-charts';
import { formatPercent, share } from './status';
import { t } from '../../i18n';

function DashboardBody({ data }: { data: MessagingDashboard }) {
  const { totals } = data;
  const cards = [
    { key: 'campaigns', label: t('messagingCampaigns.dashboard.cards.campaigns'), value: formatInt(data.campaigns), icon: IconSpeakerphone, color: 'violet' },
    { key: 'sent', label: t('messagingCampaigns.counts.sent'), value: formatInt(totals.sent), icon: IconSend, color: 'blue' },
    { key: 'delivered', label: t('messagingCampaigns.dashboard.cards.delivered'), value: formatPercent(share(totals.delivered, totals.sent)), icon: IconTruckDelivery, color: 'cyan' },
    { key: 'read', label: t('messagingCampaigns.dashboard.cards.read'), value: formatPercent(share(totals.read, totals.delivered)), icon: IconChecks, color: 'teal' },
    { key: 'replied', label: t('messagingCampaigns.counts.replied'), value: formatInt(totals.replied), icon: IconMessageReply, color: 'green' },
    { key: 'opted_out', label: t('messagingCampaigns.counts.opted_out'), value: formatInt(totals.opted_out), icon: IconUserOff, color: 'orange' },
  ];
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="md">
        {cards.map(({ key, ...card }) => (
          <StatCard key={key} {...card} testId={`messaging-card-${key}`} />
        ))}
      </SimpleGrid>
      {totals.sent === 0 && totals.failed === 0 ? (
        <CenteredCard testId="messaging-dashboard-empty">
          <ThemeIcon variant="light" color="gray" size={48} radius="xl">
            <IconChartBarOff size={26} />
          </ThemeIcon>
          <Text fw={600}>{t('messagingCampaigns.dashboard.empty')}</Text>
          <Text c="dimmed" size="sm" maw={460}>
            {t('messagingCampaigns.dashboard.emptyHint')}
          </Text>
        </CenteredCard>
      ) : (
        <MessagingDailyCharts days={data.days} testIdPrefix="messaging" />
      )}
    </>
  );
}

/** Spec §2 /messaging-campaigns/dashboard: every campaign over a period, per São Paulo day. */
export function CampaignsDashboardPage({ period, onPeriodChange }: { period: Period; onPeriodChange: (p: Period) => void }) {
  const query = useQuery(messagingDashboardQuery(useAccountId(), period));
  let body;
  if (query.isError) body = <MessagingErrorBanner error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  else if (!query.data)
    body = (
      <CenteredCard testId="messaging-dashboard-loading">
        <Loader />
        <Text c="dimmed">{t('messagingCampaigns.loading')}</Text>
      </CenteredCard>
    );
  else
    body = (
      <Stack gap="lg" style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={query.isFetching} data-testid="messaging-dashboard">
        <DashboardBody data={query.data} />
      </Stack>
    );
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('messagingCampaigns.dashboard.title')}
        description={t('messagingCampaigns.dashboard.subtitle')}
        actions={
          <Group>
            <PeriodPicker value={period} onChange={onPeriodChange} testId="messaging-dashboard-period" />
          </Group>
        }
      />
      {body}
    </Stack>
  );
}
