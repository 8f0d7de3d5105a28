import { Button, Center, Stack } from '@mantine/core';
import { IconFilterOff, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CampaignOrderField } from '@backoffice/contracts';
import { EmptyState } from '../../../../shared/components/empty-state';
import { ListCard } from '../../../../shared/components/list-card';
import { useClampPage } from '../../../../shared/components/list-footer';
import { PageHeader } from '../../../../shared/components/page-header';
import { accountInfoQuery } from '../../../../shared/account/queries';
import { formatInt } from '../../../../shared/ui/format';
import { campaignCountsQuery, campaignsListQuery, useAccountId, useIsAdvertiserSide } from '../api';
import { CLEARED_FILTERS, applyCampaignsFilter, hasCampaignsFilters, toggleCampaignsSort, type CampaignsFilters, type CampaignsSearch } from '../search';
import { CampaignLoadError } from './campaign-load-states';
import { CampaignsFiltersBar } from './campaigns-filters';
import { CampaignsTable } from './campaigns-table';
import { StatusTabs } from './status-tabs';
import { t, tn } from '../../../../i18n';

interface Props {
  search: CampaignsSearch;
  /** Updates the URL's search from its latest value. */
  onSearchChange: (update: (prev: CampaignsSearch) => CampaignsSearch) => void;
}

/** Advertiser-side admins and managers create campaigns; the API refuses anyone else. */
function useCanCreate(): boolean {
  const accountId = useAccountId();
  const advertiser = useIsAdvertiserSide();
  const { data } = useQuery(accountInfoQuery(accountId));
  const role = data?.find((a) => a.id === accountId)?.role ?? data?.[0]?.role;
  return advertiser && (role === 'admin' || role === 'manager');
}

/** Spec §2 campaign list: filters, sort and page in the URL, counts per status, refreshed every 60 s. */
export function CampaignsListPage({ search, onSearchChange }: Props) {
  const accountId = useAccountId();
  const canCreate = useCanCreate();
  const list = useQuery(campaignsListQuery(accountId, search));
  const counts = useQuery(campaignCountsQuery(accountId, search));

  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);

  const setFilter = (patch: Partial<CampaignsFilters>) => onSearchChange((prev) => applyCampaignsFilter(prev, patch));
  const sort = (field: CampaignOrderField) => onSearchChange((prev) => toggleCampaignsSort(prev, field));

  let body;
  if (list.isError) body = <CampaignLoadError m="md" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else if (list.data && list.data.data.length === 0)
    body = (
      <Stack gap={0} pb="lg" data-testid="campaigns-empty">
        <EmptyState
          icon={<IconSpeakerphone size={26} />}
          title={t('rmCampaigns.empty')}
          hint={t(hasCampaignsFilters(search) ? 'rmCampaigns.emptyFiltered' : canCreate ? 'rmCampaigns.emptyHintAdvertiser' : 'rmCampaigns.emptyHint')}
        />
        {hasCampaignsFilters(search) && (
          <Center>
            <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={() => setFilter(CLEARED_FILTERS)}>
              {t('rmCampaigns.filters.clear')}
            </Button>
          </Center>
        )}
      </Stack>
    );
  else body = <CampaignsTable campaigns={list.data?.data} accountId={accountId} search={search} onSort={sort} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('rmCampaigns.title')}
        description={t('rmCampaigns.subtitle')}
        actions={
          canCreate && (
            <Button component={Link} to="/retail-media/campaign/create" leftSection={<IconPlus size={18} />}>
              {t('rmCampaigns.create')}
            </Button>
          )
        }
      />
      <StatusTabs value={search.campaign_status} counts={counts.data} onChange={(campaign_status) => setFilter({ campaign_status })} />
      <CampaignsFiltersBar search={search} onChange={setFilter} />
      <ListCard
        failed={list.isError}
        meta={meta}
        totalLabel={(total) => tn('rmCampaigns.total', total, { total: formatInt(total) })}
        page={search.page}
        fetching={list.isFetching}
        onPage={setPage}
      >
        {body}
      </ListCard>
    </Stack>
  );
}
