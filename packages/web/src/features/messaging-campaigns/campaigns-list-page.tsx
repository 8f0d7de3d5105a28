import { Button, Group, Select, Stack } from '@mantine/core';
import { IconFilterOff, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { MESSAGING_CAMPAIGN_STATUSES, type MessagingCampaignStatus } from '@backoffice/contracts';
import { PageHeader } from '../../shared/components/page-header';
import { useClampPage } from '../../shared/components/list-footer';
import { ListCard } from '../../shared/components/list-card';
import { EmptyState } from '../../shared/components/empty-state';
import { PageLoader } from '../../shared/components/page-loader';
import { SearchInput } from '../../shared/components/search-input';
import { PeriodFilter } from '../../shared/components/period-picker';
import { useIsAccountWriter } from '../../shared/account/queries';
import { formatInt } from '../../shared/ui/format';
import { campaignsListQuery, storesQuery, useAccountId } from './api';
import { applyCampaignsFilter, hasCampaignsFilters, type CampaignsFilters, type CampaignsSearch } from './campaigns-search';
import { CampaignsTable } from './campaigns-table';
import { MessagingErrorBanner } from './load-states';
import { useCampaignActions } from './use-campaign-actions';
import { t, tn } from '../../i18n';

interface Props {
  search: CampaignsSearch;
  onSearchChange: (update: (prev: CampaignsSearch) => CampaignsSearch) => void;
}

const isStatus = (v: string | null): v is MessagingCampaignStatus => (MESSAGING_CAMPAIGN_STATUSES as readonly string[]).includes(v ?? '');

/** Spec §2 /messaging-campaigns/list: status, name and period filters kept in the URL, progress and row actions. */
export function CampaignsListPage({ search, onSearchChange }: Props) {
  const accountId = useAccountId();
  const canEdit = useIsAccountWriter();
  const list = useQuery(campaignsListQuery(accountId, search));
  const stores = useQuery(storesQuery(accountId));
  const storeNames = useMemo(() => new Map((stores.data ?? []).map((s) => [s.id, s.name])), [stores.data]);
  const actions = useCampaignActions();

  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);
  const setFilter = (patch: Partial<CampaignsFilters>) => onSearchChange((prev) => applyCampaignsFilter(prev, patch));

  let body;
  if (list.isError) body = <MessagingErrorBanner m="md" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <PageLoader compact label={t('messagingCampaigns.loading')} />;
  else if (list.data.data.length === 0)
    body = <EmptyState icon={<IconSpeakerphone size={26} />} title={t('messagingCampaigns.campaigns.empty')} hint={t('messagingCampaigns.campaigns.emptyHint')} />;
  else body = <CampaignsTable campaigns={list.data.data} storeNames={storeNames} readOnly={!canEdit} onAction={actions.run} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('messagingCampaigns.campaigns.title')}
        description={t('messagingCampaigns.campaigns.subtitle')}
        actions={
          canEdit && (
            <Button component={Link} to="/messaging-campaigns/create" leftSection={<IconPlus size={18} />}>
              {t('messagingCampaigns.campaigns.create')}
            </Button>
          )
        }
      />
      <Group align="flex-end" gap="sm">
        <SearchInput
          label={t('messagingCampaigns.campaigns.filters.search')}
          placeholder={t('messagingCampaigns.campaigns.filters.searchPlaceholder')}
          type="search"
          value={search.search}
          onChange={(text) => setFilter({ search: text })}
        />
        <PeriodFilter
          label={t('messagingCampaigns.campaigns.filters.period')}
          placeholder={t('messagingCampaigns.campaigns.filters.periodPlaceholder')}
          start={search.start_date}
          end={search.end_date}
          onChange={(start_date, end_date) => setFilter({ start_date, end_date })}
        />
        <Select
          label={t('messagingCampaigns.campaigns.filters.status')}
          placeholder={t('messagingCampaigns.campaigns.filters.statusPlaceholder')}
          data={MESSAGING_CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`messagingCampaigns.campaignStatus.${s}`) }))}
          value={search.status ?? null}
          onChange={(status) => setFilter({ status: isStatus(status) ? status : undefined })}
          clearable
          w={{ base: '100%', xs: 180 }}
        />
        {hasCampaignsFilters(search) && (
          <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={() => setFilter({ search: undefined, status: undefined, start_date: undefined, end_date: undefined })}>
            {t('messagingCampaigns.campaigns.filters.clear')}
          </Button>
        )}
      </Group>
      <ListCard
        failed={list.isError}
        meta={meta}
        totalLabel={(total) => tn('messagingCampaigns.campaigns.total', total, { total: formatInt(total) })}
        page={search.page}
        fetching={list.isFetching}
        onPage={setPage}
      >
        {body}
      </ListCard>
      {actions.modal}
    </Stack>
  );
}
