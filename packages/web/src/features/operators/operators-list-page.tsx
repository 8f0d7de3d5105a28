import { Button, Stack } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { PageHeader } from '../../shared/components/page-header';
import { useClampPage } from '../../shared/components/list-footer';
import { ListCard } from '../../shared/components/list-card';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { PageLoader } from '../../shared/components/page-loader';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { formatInt } from '../../shared/ui/format';
import { operatorsListQuery, useAccountId, useDeleteOperator, useStores, type Operator } from './api';
import { applyOperatorsFilter, toOperatorsQuery, type OperatorsFilters, type OperatorsSearch } from './operators-search';
import { OperatorsFiltersBar } from './operators-filters';
import { OperatorsTable } from './operators-table';
import { t, tn } from '../../i18n';
import { useIsAccountWriter } from '../../shared/account/queries';

interface Props {
  search: OperatorsSearch;
  /** The store of /operators/list/{locationId}. */
  locationId: number | undefined;
  /** Goes to the list of a store (or of all) with the search made from the latest one. */
  onNavigate: (locationId: number | undefined, update: (prev: OperatorsSearch) => OperatorsSearch) => void;
}

/** Spec §2 operators list: URL-kept filters (the store in the path) and page, edit and delete with a confirmation. */
export function OperatorsListPage({ search, locationId, onNavigate }: Props) {
  const accountId = useAccountId();
  const canEdit = useIsAccountWriter();
  const stores = useStores();
  const list = useQuery(operatorsListQuery(accountId, toOperatorsQuery(search, locationId)));
  const remove = useDeleteOperator();
  const confirm = useConfirmModal();

  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onNavigate(locationId, (prev) => ({ ...prev, page })), [onNavigate, locationId]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);

  const setFilter = (patch: Partial<OperatorsFilters>, nextLocationId: number | undefined) => onNavigate(nextLocationId, (prev) => applyOperatorsFilter(prev, patch));

  const askRemove = (operator: Operator) =>
    confirm.open({
      title: t('operators.removeConfirm.title'),
      message: t('operators.removeConfirm.message', { name: operator.name }),
      confirmLabel: t('operators.removeConfirm.confirm'),
      confirmColor: 'red',
      onConfirm: () => remove.mutateAsync(operator.id),
    });

  let body;
  if (list.isError) body = <LoadError m="md" title={t('operators.loadError')} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} testId="operators-load-error" />;
  else if (!list.data) body = <PageLoader compact label={t('operators.loading')} />;
  else if (list.data.data.length === 0) body = <EmptyState icon={<IconUsersGroup size={26} />} title={t('operators.empty')} hint={t('operators.emptyHint')} />;
  else body = <OperatorsTable operators={list.data.data} readOnly={!canEdit} onRemove={askRemove} />;

  const store = locationId ? stores.byId.get(locationId) : undefined;
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('operators.title')}
        description={store ? t('operators.subtitleStore', { store: store.name }) : t('operators.subtitle')}
        actions={
          canEdit && (
            <Button renderRoot={(props) => <Link {...props} to="/operators/new" search={{ location_id: locationId }} />} leftSection={<IconPlus size={18} />}>
              {t('operators.create')}
            </Button>
          )
        }
      />
      <OperatorsFiltersBar search={search} locationId={locationId} onChange={setFilter} />
      <ListCard
        failed={list.isError}
        meta={meta}
        totalLabel={(total) => tn('operators.total', total, { total: formatInt(total) })}
        page={search.page}
        fetching={list.isFetching}
        onPage={setPage}
      >
        {body}
      </ListCard>
      {confirm.modal}
    </Stack>
  );
}
