import { Button, Group, Select, Stack } from '@mantine/core';
import { IconFilterOff, IconHeartHandshake, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { TRADE_STATUSES, type TradeStatus } from '@backoffice/contracts';
import { PageHeader } from '../../../shared/components/page-header';
import { useClampPage } from '../../../shared/components/list-footer';
import { ListCard } from '../../../shared/components/list-card';
import { EmptyState } from '../../../shared/components/empty-state';
import { formatInt } from '../../../shared/ui/format';
import { tradeCounterpartsQuery, tradeListQuery, useAccountId, useCanWriteTrade } from '../api';
import { applyTradeFilter, hasTradeFilters, type TradeFilters, type TradeSearch } from '../search';
import { TradeTable } from './trade-table';
import { TradeLoadError } from './trade-load-states';
import { t, tn } from '../../../i18n';

interface Props {
  search: TradeSearch;
  /** Updates the URL's search from its latest value. */
  onSearchChange: (update: (prev: TradeSearch) => TradeSearch) => void;
}

/** The agreements where this account is the brand or the retailer: URL-kept filters and page. */
export function TradeListPage({ search, onSearchChange }: Props) {
  const accountId = useAccountId();
  const canWrite = useCanWriteTrade();
  const list = useQuery(tradeListQuery(accountId, search));
  const parties = useQuery(tradeCounterpartsQuery(accountId));

  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);
  const setFilter = (patch: Partial<TradeFilters>) => onSearchChange((prev) => applyTradeFilter(prev, patch));

  let body;
  if (list.isError) body = <TradeLoadError m="md" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else if (list.data && list.data.data.length === 0)
    body = <EmptyState icon={<IconHeartHandshake size={26} />} title={t('trade.empty')} hint={t(hasTradeFilters(search) ? 'trade.emptyFiltered' : 'trade.emptyHint')} />;
  else body = <TradeTable agreements={list.data?.data} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('trade.title')}
        description={t('trade.subtitle')}
        actions={
          canWrite && (
            <Button component={Link} to="/trade/create" leftSection={<IconPlus size={18} />}>
              {t('trade.create')}
            </Button>
          )
        }
      />
      <Group align="flex-end" gap="sm">
        <Select
          label={t('trade.filters.status')}
          placeholder={t('trade.filters.allStatuses')}
          data={TRADE_STATUSES.map((value) => ({ value, label: t(`trade.status.${value}`) }))}
          value={search.status ?? null}
          onChange={(v) => setFilter({ status: (v as TradeStatus | null) ?? undefined })}
          clearable
          w={{ base: '100%', xs: 200 }}
          data-testid="trade-filter-status"
        />
        <Select
          label={t('trade.filters.party')}
          placeholder={t('trade.filters.allParties')}
          data={(parties.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={search.counterpart_id ? String(search.counterpart_id) : null}
          onChange={(v) => setFilter({ counterpart_id: v ? Number(v) : undefined })}
          clearable
          searchable
          w={{ base: '100%', xs: 260 }}
        />
        {hasTradeFilters(search) && (
          <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={() => setFilter({ status: undefined, counterpart_id: undefined })}>
            {t('trade.filters.clear')}
          </Button>
        )}
      </Group>
      <ListCard
        failed={list.isError}
        meta={meta}
        totalLabel={(total) => tn('trade.total', total, { total: formatInt(total) })}
        page={search.page}
        fetching={list.isFetching}
        onPage={setPage}
      >
        {body}
      </ListCard>
    </Stack>
  );
}
