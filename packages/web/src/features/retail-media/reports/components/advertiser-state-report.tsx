import { Badge, Card, Grid, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconBroadcast, IconSpeakerphone, IconUserSearch, IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SELECT_ADVERTISER_MESSAGE } from '@backoffice/contracts';
import { EmptyState } from '../../../../shared/components/empty-state';
import { StatCard } from '../../../../shared/components/stat-card';
import { advertiserStateQuery, useAccountId, useStateAdvertiserId, type AdvertiserStateReport, type CampaignState } from '../api';
import { STATUS_COLORS, adTypeLabel, formatInt, formatMoney, statusLabel } from '../format';
import type { ReportSearch } from '../search';
import { metricColumns } from './metric-columns';
import { ReportEmpty, ReportView } from './report-states';
import { ReportTable, useClientSort, type Column } from './report-table';
import { t } from '../../../../i18n';

/** Spec §2: nothing to show until an advertiser is chosen. */
function ChooseAdvertiser() {
  return (
    <Card withBorder radius="md" padding={0} data-testid="report-select-advertiser">
      <EmptyState icon={<IconUserSearch size={26} />} title={SELECT_ADVERTISER_MESSAGE} hint={t('rmReports.state.chooseHint')} />
    </Card>
  );
}

/** Today's spend against the daily budget, as a bar that turns orange near the end and red at it. */
export function BudgetUsage({ spent, budget }: { spent: number; budget: number }) {
  const ratio = budget > 0 ? spent / budget : 0;
  const color = ratio >= 1 ? 'red' : ratio >= 0.8 ? 'orange' : 'blue';
  const label = t('rmReports.state.usage', { spent: formatMoney(spent), budget: formatMoney(budget) });
  return (
    <Stack gap={4} miw={150} data-testid="budget-usage">
      <Progress value={Math.min(ratio * 100, 100)} color={color} size="sm" radius="xl" aria-label={label} />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
    </Stack>
  );
}

/** "No ar" when the campaign serves; otherwise what stops it, in words. */
export function ServingBadge({ campaign }: { campaign: Pick<CampaignState, 'serving' | 'blocked_by'> }) {
  if (campaign.serving)
    return (
      <Badge variant="dot" color="green" radius="sm" tt="none" miw="max-content" data-serving="true">
        {t('rmReports.state.servingNow')}
      </Badge>
    );
  const reason = t(`rmReports.state.blocked.${campaign.blocked_by ?? 'status'}`);
  return (
    <Badge variant="light" color={campaign.blocked_by === 'status' || !campaign.blocked_by ? 'gray' : 'red'} radius="sm" tt="none" miw="max-content" leftSection={<IconAlertTriangle size={12} />} data-serving="false">
      {reason}
    </Badge>
  );
}

function columnsOf(data: AdvertiserStateReport): Array<Column<CampaignState>> {
  return [
    {
      key: 'name',
      label: t('rmReports.state.campaign'),
      sortValue: (c) => c.name,
      minWidth: 220,
      cell: (c) => (
        <Stack gap={2}>
          <Text size="sm" fw={500} lineClamp={2}>
            {c.name}
          </Text>
          <Text size="xs" c="dimmed">
            {c.publisher_name} · {adTypeLabel(c.ad_type)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      label: t('rmReports.state.status'),
      cell: (c) => (
        <Badge variant="light" color={STATUS_COLORS[c.status]} radius="sm" miw="max-content" data-status={c.status}>
          {statusLabel(c.status)}
        </Badge>
      ),
    },
    { key: 'serving', label: t('rmReports.state.serving'), cell: (c) => <ServingBadge campaign={c} /> },
    { key: 'today', label: t('rmReports.state.todayBudget'), cell: (c) => <BudgetUsage spent={c.spent_today} budget={c.daily_budget} />, sortValue: (c) => (c.daily_budget > 0 ? c.spent_today / c.daily_budget : 0) },
    {
      key: 'total_budget',
      label: t('rmReports.state.totalBudget'),
      numeric: true,
      cell: (c) =>
        c.total_budget === null ? (
          <Text size="sm" c="dimmed">
            {t('rmReports.state.noTotalBudget')}
          </Text>
        ) : (
          <Tooltip label={t('rmReports.state.usage', { spent: formatMoney(c.consumed_budget), budget: formatMoney(c.total_budget) })}>
            <span>{formatMoney(c.total_budget)}</span>
          </Tooltip>
        ),
      sortValue: (c) => c.total_budget ?? Infinity,
    },
    { key: 'consumed', label: t('rmReports.state.consumed'), numeric: true, cell: (c) => formatMoney(c.consumed_budget), sortValue: (c) => c.consumed_budget },
    ...metricColumns<CampaignState>(data.totals, ['impressions', 'clicks', 'ctr', 'total_spent', 'income', 'roas']),
  ];
}

function StateBody({ data }: { data: AdvertiserStateReport }) {
  const columns = columnsOf(data);
  const { rows, sorting } = useClientSort(data.campaigns, columns, { by: 'name', direction: 'asc' });
  const serving = data.campaigns.filter((c) => c.serving).length;
  const blocked = data.campaigns.filter((c) => !c.serving && c.blocked_by && c.blocked_by !== 'status').length;
  const cards = [
    <StatCard key="wallet" label={t('rmReports.state.walletBalance')} value={formatMoney(data.wallet_balance)} icon={IconWallet} color="teal" testId="report-wallet-balance" />,
    <StatCard key="campaigns" label={t('rmReports.state.campaignsCount')} value={formatInt(data.campaigns.length)} icon={IconSpeakerphone} color="blue" testId="report-metric-card" />,
    <StatCard key="serving" label={t('rmReports.state.servingCount')} value={formatInt(serving)} icon={IconBroadcast} color="green" testId="report-metric-card" />,
    <StatCard key="blocked" label={t('rmReports.state.blockedCount')} value={formatInt(blocked)} icon={IconAlertTriangle} color="red" testId="report-metric-card" />,
  ];
  return (
    <>
      <Grid gap="md">
        {cards.map((card) => (
          <Grid.Col key={card.key} span={{ base: 6, lg: 3 }}>
            {card}
          </Grid.Col>
        ))}
      </Grid>
      {data.campaigns.length === 0 ? (
        <ReportEmpty icon={<IconSpeakerphone size={26} />} title={t('rmReports.state.empty')} hint={t('rmReports.state.emptyHint')} />
      ) : (
        <ReportTable
          title={`${t('rmReports.state.campaignsTitle')} · ${data.advertiser.name}`}
          rows={rows}
          columns={columns}
          rowKey={(c) => c.campaign_id}
          sorting={sorting}
          totalLabel={t('rmReports.total')}
          minWidth={1360}
          testId="report-campaigns-table"
          rowTestId="report-row"
        />
      )}
    </>
  );
}

function StateReport({ search, advertiserId }: { search: ReportSearch; advertiserId: number }) {
  const query = useQuery(advertiserStateQuery(useAccountId(), { ...search, advertiser_id: advertiserId }));
  return <ReportView query={query}>{(data) => <StateBody data={data} />}</ReportView>;
}

/**
 * Situação do anunciante: a publisher chooses the advertiser first (spec §2); an advertiser sees
 * its own. Then its wallet, and each campaign's status, today's budget use and what blocks it.
 */
export function AdvertiserStateReportView({ search }: { search: ReportSearch }) {
  const advertiserId = useStateAdvertiserId(search);
  if (!advertiserId) return <ChooseAdvertiser />;
  return <StateReport search={search} advertiserId={advertiserId} />;
}
