import { Button, Group, Stack } from '@mantine/core';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EmptyState } from '../../shared/components/empty-state';
import { ListCard } from '../../shared/components/list-card';
import { useClampPage } from '../../shared/components/list-footer';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { SearchInput } from '../../shared/components/search-input';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { formatInt } from '../../shared/ui/format';
import { locationsListQuery, useAccountId, useDeleteLocation, type Location } from './api';
import { LocationErrorBanner } from './location-load-states';
import { LocationsTable } from './locations-table';
import { applyLocationsText, type LocationsSearch } from './locations-search';
import { useIsAccountWriter } from '../../shared/account/queries';
import { t, tn } from '../../i18n';

interface Props {
  search: LocationsSearch;
  onSearchChange: (update: (prev: LocationsSearch) => LocationsSearch) => void;
}

/** Lojas: the account's stores, searched by name or city, with their row actions. */
export function LocationsListPage({ search, onSearchChange }: Props) {
  const accountId = useAccountId();
  const canEdit = useIsAccountWriter();
  const list = useQuery(locationsListQuery(accountId, search));
  const remove = useDeleteLocation();
  const confirm = useConfirmModal();

  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);

  const askDelete = (location: Location) =>
    confirm.open({
      title: t('locations.confirmDelete.title'),
      message: t('locations.confirmDelete.message', { name: location.name }),
      confirmLabel: t('locations.confirmDelete.confirm'),
      cancelLabel: t('common.back'),
      confirmColor: 'red',
      onConfirm: () => remove.mutateAsync(location.id),
    });

  let body;
  if (list.isError) body = <LocationErrorBanner m="md" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <PageLoader compact label={t('locations.loading')} />;
  else if (list.data.data.length === 0)
    body = <EmptyState icon={<IconBuildingStore size={26} />} title={search.search ? t('locations.emptySearch') : t('locations.empty')} hint={search.search ? t('locations.emptySearchHint') : t('locations.emptyHint')} />;
  else body = <LocationsTable locations={list.data.data} readOnly={!canEdit} onDelete={askDelete} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('locations.title')}
        description={t('locations.subtitle')}
        actions={
          canEdit && (
            <Button component={Link} to="/locations/new" leftSection={<IconPlus size={18} />}>
              {t('locations.create')}
            </Button>
          )
        }
      />
      <Group align="flex-end" gap="sm" maw={560}>
        <SearchInput label={t('locations.searchLabel')} placeholder={t('locations.searchPlaceholder')} type="search" value={search.search} miw={320} onChange={(text) => onSearchChange(() => applyLocationsText(text))} />
      </Group>
      <ListCard failed={list.isError} meta={meta} totalLabel={(total) => tn('locations.total', total, { total: formatInt(total) })} page={search.page} fetching={list.isFetching} onPage={setPage}>
        {body}
      </ListCard>
      {confirm.modal}
    </Stack>
  );
}
