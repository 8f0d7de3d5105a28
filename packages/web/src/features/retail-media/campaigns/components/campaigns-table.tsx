import { Anchor, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { CampaignOrderField } from '@backoffice/contracts';
import { AccountLogo } from '../../../../shared/layout/account-logo';
import type { CampaignListItem } from '../api';
import { describePeriod, formatInt, formatMoney, formatPercent, formatRoas, typeLabel } from '../describe';
import type { CampaignsSearch } from '../search';
import { CampaignStatusBadge } from './campaign-status-badge';
import { SortHeader } from './sort-header';
import { t } from '../../../../i18n';

const SKELETON_ROWS = 5;
const COLUMNS = 12;
/** On phones only the name (with a compact metrics line) and the status stay. */
const PHONE_COLUMNS = new Set([0, 2]);

interface Props {
  /** Undefined while the first page loads: skeleton rows. */
  campaigns: CampaignListItem[] | undefined;
  /** The viewing account: each row names the other side (publisher for an advertiser, and back). */
  accountId: number;
  search: Pick<CampaignsSearch, 'order_by' | 'order_direction'>;
  onSort: (field: CampaignOrderField) => void;
}

function Counterpart({ c, accountId }: { c: CampaignListItem; accountId: number }) {
  const publisherSide = c.advertiser_id !== accountId;
  const name = publisherSide ? c.advertiser_name : c.publisher_name;
  const logo = publisherSide ? c.advertiser_account_logo : c.publisher_logo;
  const color = publisherSide ? c.advertiser_account_theme : null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="campaign-counterpart">
      <AccountLogo name={name} logo={logo} color={color} size={20} />
      <Text size="xs" c="dimmed" lineClamp={1}>
        {name}
      </Text>
    </Group>
  );
}

export function CampaignsTable({ campaigns, accountId, search, onSort }: Props) {
  const sortable = (field: CampaignOrderField, label: string, align: 'left' | 'right' = 'right') => (
    <SortHeader
      label={label}
      align={align}
      visibleFrom={field === 'name' ? undefined : 'sm'}
      miw={field === 'name' ? { base: 0, sm: 240 } : undefined}
      direction={search.order_by === field ? search.order_direction : undefined}
      onSort={() => onSort(field)}
    />
  );
  const num = { ta: 'right' as const, visibleFrom: 'sm', style: { whiteSpace: 'nowrap' as const } };

  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover={!!campaigns} aria-busy={!campaigns} miw={{ sm: 1280 }}>
        <Table.Thead>
          <Table.Tr>
            {sortable('name', t('rmCampaigns.columns.name'), 'left')}
            <Table.Th visibleFrom="sm">{t('rmCampaigns.columns.type')}</Table.Th>
            <Table.Th>{t('rmCampaigns.columns.status')}</Table.Th>
            {sortable('start_at', t('rmCampaigns.columns.period'), 'left')}
            {sortable('daily_budget', t('rmCampaigns.columns.dailyBudget'))}
            {sortable('total_spent', t('rmCampaigns.columns.consumed'))}
            {sortable('impressions', t('rmCampaigns.columns.impressions'))}
            {sortable('clicks', t('rmCampaigns.columns.clicks'))}
            <Table.Th ta="right" visibleFrom="sm">{t('rmCampaigns.columns.ctr')}</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">{t('rmCampaigns.columns.conversions')}</Table.Th>
            {sortable('income', t('rmCampaigns.columns.income'))}
            <Table.Th ta="right" visibleFrom="sm">{t('rmCampaigns.columns.roas')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns
            ? campaigns.map((c) => (
                <Table.Tr key={c.id} data-testid="campaign-row">
                  <Table.Td maw={300}>
                    <Stack gap={4}>
                      <Anchor renderRoot={(props) => <Link {...props} to="/retail-media/campaign/view/$id" params={{ id: String(c.id) }} />} size="sm" fw={500} lineClamp={2}>
                        {c.name}
                      </Anchor>
                      <Counterpart c={c} accountId={accountId} />
                      <Text hiddenFrom="sm" size="xs" c="dimmed" data-testid="campaign-compact-metrics">
                        {t('rmCampaigns.compactMetrics', {
                          impressions: formatInt(c.metrics.impressions),
                          clicks: formatInt(c.metrics.clicks),
                          spent: formatMoney(c.consumed_budget),
                        })}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{typeLabel(c.ad_type)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <CampaignStatusBadge status={c.status} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm" miw={150}>
                    <Text size="sm">{describePeriod(c)}</Text>
                  </Table.Td>
                  <Table.Td {...num}>{formatMoney(c.settings.daily_budget)}</Table.Td>
                  <Table.Td {...num}>{formatMoney(c.consumed_budget)}</Table.Td>
                  <Table.Td {...num}>{formatInt(c.metrics.impressions)}</Table.Td>
                  <Table.Td {...num}>{formatInt(c.metrics.clicks)}</Table.Td>
                  <Table.Td {...num}>{formatPercent(c.metrics.ctr)}</Table.Td>
                  <Table.Td {...num}>{formatInt(c.metrics.conversions)}</Table.Td>
                  <Table.Td {...num}>{formatMoney(c.metrics.income)}</Table.Td>
                  <Table.Td {...num}>{formatRoas(c.metrics.roas)}</Table.Td>
                </Table.Tr>
              ))
            : Array.from({ length: SKELETON_ROWS }, (_, row) => (
                <Table.Tr key={row} data-testid="campaign-row-skeleton">
                  {Array.from({ length: COLUMNS }, (_, col) => (
                    <Table.Td key={col} visibleFrom={PHONE_COLUMNS.has(col) ? undefined : 'sm'}>
                      <Skeleton height={14} radius="sm" width={col === 0 ? '80%' : '60%'} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
