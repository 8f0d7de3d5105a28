import { Button, Stack } from '@mantine/core';
import { IconPlus, IconTag } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { PageHeader } from '../../../shared/components/page-header';
import { useClampPage } from '../../../shared/components/list-footer';
import { ListCard } from '../../../shared/components/list-card';
import { EmptyState } from '../../../shared/components/empty-state';
import { formatInt } from '../../../shared/ui/format';
import { promotionsListQuery, useAccountId, useCanWritePromotions } from '../api';
import { applyPromotionsFilter, hasPromotionsFilters, type PromotionsFilters, type PromotionsSearch } from '../search';
import { PromotionsFiltersBar } from './promotions-filters';
import { PromotionsTable } from './promotions-table';
import { PromotionLoadError } from './promotion-load-states';
import { usePromotionActions } from './use-promotion-actions';
import { t, tn } from '../../../i18n';

interface Props {
  search: PromotionsSearch;
  /** Updates the URL's search from its latest value. */
  onSearchChange: (update: (prev: PromotionsSearch) => PromotionsSearch) => void;
}

/** Spec §2 promotion list: URL-kept filters and page, row actions behind a confirmation. */
export function PromotionsListPage({ search, onSearchChange }: Props) {
  const canWrite = useCanWritePromotions();
  const list = useQuery(promotionsListQuery(useAccountId(), search));
  const actions = usePromotionActions();

  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);

  const setFilter = (patch: Partial<PromotionsFilters>) => onSearchChange((prev) => applyPromotionsFilter(prev, patch));

  let body;
  if (list.isError) body = <PromotionLoadError m="md" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else if (list.data && list.data.data.length === 0) body = (
      <EmptyState
        icon={<IconTag size={26} />}
        title={t('promotions.empty')}
        hint={t(hasPromotionsFilters(search) ? 'promotions.emptyFiltered' : 'promotions.emptyHint')}
      />
    );
  else
    body = (
      <PromotionsTable promotions={list.data?.data} canWrite={canWrite} onAction={actions.run} onDuplicate={actions.duplicate} onDelete={actions.askDelete} />
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('promotions.title')}
        description={t('promotions.subtitle')}
        actions={
          canWrite && (
            <Button component={Link} to="/promotional/create" leftSection={<IconPlus size={18} />}>
              {t('promotions.create')}
            </Button>
          )
        }
      />
      <PromotionsFiltersBar search={search} onChange={setFilter} />
      <ListCard
        failed={list.isError}
        meta={meta}
        totalLabel={(total) => tn('promotions.total', total, { total: formatInt(total) })}
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
