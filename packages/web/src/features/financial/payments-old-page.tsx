import { Box, Button, Group, Select, Stack } from '@mantine/core';
import { IconFilterOff, IconReceipt2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { TRANSACTION_STATUSES } from '@backoffice/contracts';
import { EmptyState } from '../../shared/components/empty-state';
import { ListCard } from '../../shared/components/list-card';
import { useClampPage } from '../../shared/components/list-footer';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { SearchInput } from '../../shared/components/search-input';
import { formatInt } from '../../shared/ui/format';
import { paymentTransactionsQuery, useAccountId } from './api';
import { ExportCsvButton } from './export-csv-button';
import { PaymentsFilters } from './payments-filters';
import { PeriodLine } from './period-line';
import { applyFilter, applyPeriod, applySort, hasTransactionFilters, type TransactionSort, type TransactionsSearch } from './search';
import { transactionStatusLabel } from './status';
import { TransactionsTable } from './transactions-table';
import { t, tn } from '../../i18n';

interface Props {
  search: TransactionsSearch;
  onNavigate: (update: (prev: TransactionsSearch) => TransactionsSearch) => void;
}

/** Spec §2 /financial/payments_old: the period's transactions one a line, filtered, sorted, paged and exportable. */
export function PaymentsOldPage({ search, onNavigate }: Props) {
  const list = useQuery(paymentTransactionsQuery(useAccountId(), search));
  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onNavigate((prev) => ({ ...prev, page })), [onNavigate]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);
  const setFilter = (patch: Partial<TransactionsSearch>) => onNavigate((prev) => applyFilter(prev, patch));
  const setSort = (by: TransactionSort) => onNavigate((prev) => applySort(prev, by));

  let body;
  if (list.isError)
    body = <LoadError m="md" title={t('financial.transactions.loadError')} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} testId="transactions-error" />;
  else if (!list.data) body = <PageLoader compact label={t('financial.transactions.loading')} />;
  else if (list.data.data.length === 0)
    body = hasTransactionFilters(search) ? (
      <EmptyState icon={<IconReceipt2 size={26} />} title={t('financial.transactions.emptySearch')} hint={t('financial.transactions.emptySearchHint')} />
    ) : (
      <EmptyState icon={<IconReceipt2 size={26} />} title={t('financial.transactions.empty')} hint={t('financial.transactions.emptyHint')} />
    );
  else body = <TransactionsTable rows={list.data.data} search={search} onSort={setSort} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('financial.transactions.title')}
        description={t('financial.transactions.subtitle')}
        actions={
          <>
            <PeriodLine search={search} />
            <ExportCsvButton search={search} />
          </>
        }
      />
      <PaymentsFilters
        search={search}
        onPeriod={(period, days) => onNavigate((prev) => applyPeriod(prev, period, days))}
        onStore={(location_id) => setFilter({ location_id })}
        onMethod={(method) => setFilter({ method })}
      >
        <Select
          label={t('financial.filters.status')}
          placeholder={t('financial.filters.allStatuses')}
          data={TRANSACTION_STATUSES.map((s) => ({ value: s, label: transactionStatusLabel(s) }))}
          value={search.status ?? null}
          onChange={(value) => setFilter({ status: TRANSACTION_STATUSES.find((s) => s === value) })}
          clearable
          w={{ base: '100%', xs: 200 }}
        />
        <Box w={{ base: '100%', xs: 180 }} style={{ display: 'flex' }}>
          <SearchInput
            label={t('financial.filters.orderNumber')}
            placeholder={t('financial.filters.orderNumberPlaceholder')}
            value={search.order_number ? String(search.order_number) : undefined}
            onChange={(text) => {
              const number = Number(text.replace(/\D/g, ''));
              setFilter({ order_number: number > 0 ? number : undefined });
            }}
            miw={150}
          />
        </Box>
        {hasTransactionFilters(search) && (
          <Group>
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconFilterOff size={16} />}
              onClick={() => setFilter({ location_id: undefined, method: undefined, status: undefined, order_number: undefined })}
            >
              {t('financial.filters.clear')}
            </Button>
          </Group>
        )}
      </PaymentsFilters>
      <ListCard
        failed={list.isError}
        meta={meta}
        totalLabel={(total) => tn('financial.transactions.total', total, { total: formatInt(total) })}
        page={search.page}
        fetching={list.isFetching}
        onPage={setPage}
      >
        {body}
      </ListCard>
    </Stack>
  );
}
