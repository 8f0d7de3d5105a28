import { Button, Stack } from '@mantine/core';
import { IconNews, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { PageHeader } from '../../shared/components/page-header';
import { useClampPage } from '../../shared/components/list-footer';
import { ListCard } from '../../shared/components/list-card';
import { EmptyState } from '../../shared/components/empty-state';
import { PageLoader } from '../../shared/components/page-loader';
import { formatInt } from '../../shared/ui/format';
import { flyersListQuery, storesQuery, useAccountId } from './api';
import { applyFlyersFilter, type FlyersFilters, type FlyersSearch } from './flyers-search';
import { FlyersFiltersBar } from './flyers-filters';
import { FlyersTable } from './flyers-table';
import { FlyerErrorBanner } from './flyer-load-states';
import { useFlyerActions } from './use-flyer-actions';
import { useIsAccountWriter } from '../../shared/account/queries';
import { t, tn } from '../../i18n';

interface Props {
  search: FlyersSearch;
  /** Updates the URL's search from its latest value. */
  onSearchChange: (update: (prev: FlyersSearch) => FlyersSearch) => void;
}

/** Spec §2 flyer list: URL-kept filters and page, thumbnails, status badges and row actions. */
export function FlyersListPage({ search, onSearchChange }: Props) {
  const accountId = useAccountId();
  const canEdit = useIsAccountWriter();
  const list = useQuery(flyersListQuery(accountId, search));
  const stores = useQuery(storesQuery(accountId));
  const storeNames = useMemo(() => new Map((stores.data ?? []).map((s) => [s.id, s.name])), [stores.data]);
  const actions = useFlyerActions();

  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);

  const setFilter = (patch: Partial<FlyersFilters>) => onSearchChange((prev) => applyFlyersFilter(prev, patch));

  let body;
  if (list.isError) body = <FlyerErrorBanner m="md" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <PageLoader compact label={t('flyers.loading')} />;
  else if (list.data.data.length === 0) body = <EmptyState icon={<IconNews size={26} />} title={t('flyers.empty')} hint={t('flyers.emptyHint')} />;
  else body = <FlyersTable flyers={list.data.data} storeNames={storeNames} readOnly={!canEdit} onAction={actions.run} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('flyers.title')}
        description={t('flyers.subtitle')}
        actions={
          canEdit && (
            <Button component={Link} to="/promotional-flyers/create" leftSection={<IconPlus size={18} />}>
              {t('flyers.create')}
            </Button>
          )
        }
      />
      <FlyersFiltersBar search={search} onChange={setFilter} />
      <ListCard
        failed={list.isError}
        meta={meta}
        totalLabel={(total) => tn('flyers.total', total, { total: formatInt(total) })}
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
