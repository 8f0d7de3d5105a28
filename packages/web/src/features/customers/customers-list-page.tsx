import { Button, Group, Stack } from '@mantine/core';
import { IconChartBar, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { PageHeader } from '../../shared/components/page-header';
import { useClampPage } from '../../shared/components/list-footer';
import { ListCard } from '../../shared/components/list-card';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { PageLoader } from '../../shared/components/page-loader';
import { formatInt } from '../../shared/ui/format';
import { customersListQuery, useAccountId } from './api';
import { applyCustomersFilter, hasCustomersFilters, toCustomersQuery, type CustomersFilters, type CustomersSearch } from './customers-search';
import { CustomersFiltersBar } from './customers-filters';
import { CustomersTable } from './customers-table';
import { t, tn } from '../../i18n';

interface Props {
  search: CustomersSearch;
  /** Goes to the list with the search made from the latest one. */
  onNavigate: (update: (prev: CustomersSearch) => CustomersSearch) => void;
}

/** Spec §2 /customers/list: URL-kept search and filters, 50 a page; a row opens the customer. */
export function CustomersListPage({ search, onNavigate }: Props) {
  const list = useQuery(customersListQuery(useAccountId(), toCustomersQuery(search)));
  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onNavigate((prev) => ({ ...prev, page })), [onNavigate]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);
  const setFilter = (patch: Partial<CustomersFilters>) => onNavigate((prev) => applyCustomersFilter(prev, patch));

  let body;
  if (list.isError) body = <LoadError m="md" title={t('customers.loadError')} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} testId="customers-load-error" />;
  else if (!list.data) body = <PageLoader compact label={t('customers.loading')} />;
  else if (list.data.data.length === 0)
    body = <EmptyState icon={<IconUsersGroup size={26} />} title={t('customers.empty')} hint={hasCustomersFilters(search) ? t('customers.emptyFilteredHint') : t('customers.emptyHint')} />;
  else body = <CustomersTable customers={list.data.data} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('customers.title')}
        description={t('customers.subtitle')}
        actions={
          <Group gap="sm">
            <Button variant="default" renderRoot={(props) => <Link {...props} to="/customers/dashboard" />} leftSection={<IconChartBar size={18} />}>
              {t('customers.dashboardLink')}
            </Button>
            {/* Attendants register the customers they serve, as managers and admins do. */}
            <Button renderRoot={(props) => <Link {...props} to="/customers/create" />} leftSection={<IconPlus size={18} />}>
              {t('customers.create')}
            </Button>
          </Group>
        }
      />
      <CustomersFiltersBar search={search} onChange={setFilter} />
      <ListCard failed={list.isError} meta={meta} totalLabel={(total) => tn('customers.total', total, { total: formatInt(total) })} page={search.page} fetching={list.isFetching} onPage={setPage}>
        {body}
      </ListCard>
    </Stack>
  );
}
