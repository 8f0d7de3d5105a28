import { Card, Group, Stack, Table } from '@mantine/core';
import { IconBuildingBroadcastTower, IconNetwork } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EmptyState } from '../../../shared/components/empty-state';
import { ListCard } from '../../../shared/components/list-card';
import { useClampPage } from '../../../shared/components/list-footer';
import { LoadError } from '../../../shared/components/load-error';
import { PageHeader } from '../../../shared/components/page-header';
import { PageLoader } from '../../../shared/components/page-loader';
import { SearchInput } from '../../../shared/components/search-input';
import { useSession } from '../../../shared/session/session';
import { formatInt, formatMoney } from '../../../shared/ui/format';
import { subpublishersQuery, useAccountId, type Subpublisher } from './api';
import { PartnerLogo } from './partner-logo';
import { applyPartnersName, type PartnersSearch } from './partners-search';
import { t, tn } from '../../../i18n';

function SubpublishersTable({ rows }: { rows: Subpublisher[] }) {
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover miw={{ md: 860 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('rmConfig.subpublishers.columns.name')}</Table.Th>
            <Table.Th ta="right">{t('rmConfig.subpublishers.columns.activeCampaigns')}</Table.Th>
            <Table.Th ta="right" visibleFrom="md">{t('rmConfig.subpublishers.columns.impressions')}</Table.Th>
            <Table.Th ta="right" visibleFrom="md">{t('rmConfig.subpublishers.columns.clicks')}</Table.Th>
            <Table.Th ta="right" visibleFrom="md">{t('rmConfig.subpublishers.columns.spent')}</Table.Th>
            <Table.Th ta="right" visibleFrom="md">{t('rmConfig.subpublishers.columns.income')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s.id} data-testid="subpublisher-row">
              <Table.Td>
                <PartnerLogo name={s.name} logo={s.account_logo} theme={s.account_theme} />
              </Table.Td>
              <Table.Td ta="right">{formatInt(s.metrics.campaigns_active)}</Table.Td>
              <Table.Td ta="right" visibleFrom="md">
                {formatInt(s.metrics.impressions)}
              </Table.Td>
              <Table.Td ta="right" visibleFrom="md">
                {formatInt(s.metrics.clicks)}
              </Table.Td>
              <Table.Td ta="right" visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(s.metrics.total_spent)}
              </Table.Td>
              <Table.Td ta="right" visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(s.metrics.income)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface Props {
  search: PartnersSearch;
  onSearchChange: (update: (prev: PartnersSearch) => PartnersSearch) => void;
}

/** Spec §3 sub-publishers of a network publisher; an account that is not a network sees why the list is empty. */
export function SubpublishersPage({ search, onSearchChange }: Props) {
  const network = useSession()?.account.is_network ?? false;
  const list = useQuery({ ...subpublishersQuery(useAccountId(), search), enabled: network });
  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);
  const header = <PageHeader title={t('rmConfig.subpublishers.title')} description={t('rmConfig.subpublishers.subtitle')} />;

  if (!network)
    return (
      <Stack gap="lg">
        {header}
        <Card withBorder radius="md" padding={0} data-testid="subpublishers-not-network">
          <EmptyState icon={<IconNetwork size={26} />} title={t('rmConfig.subpublishers.notNetwork')} hint={t('rmConfig.subpublishers.notNetworkHint')} />
        </Card>
      </Stack>
    );

  let body;
  if (list.isError) body = <LoadError m="md" inline error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} format={(message) => t('rmConfig.loadError', { message })} />;
  else if (!list.data) body = <PageLoader compact label={t('rmConfig.subpublishers.loading')} />;
  else if (list.data.data.length === 0) body = <EmptyState icon={<IconBuildingBroadcastTower size={26} />} title={t('rmConfig.subpublishers.empty')} hint={t('rmConfig.subpublishers.emptyHint')} />;
  else body = <SubpublishersTable rows={list.data.data} />;

  return (
    <Stack gap="lg">
      {header}
      <Group align="flex-end">
        <SearchInput label={t('rmConfig.search')} placeholder={t('rmConfig.subpublishers.searchPlaceholder')} type="search" value={search.name} onChange={(name) => onSearchChange(() => applyPartnersName(name))} />
      </Group>
      <ListCard failed={list.isError} meta={meta} totalLabel={(total) => tn('rmConfig.subpublishers.total', total, { total: formatInt(total) })} page={search.page} fetching={list.isFetching} onPage={setPage}>
        {body}
      </ListCard>
    </Stack>
  );
}
