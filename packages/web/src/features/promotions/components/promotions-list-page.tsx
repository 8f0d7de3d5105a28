import { Button, Card, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlus, IconTag } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { PageHeader } from '../../../shared/components/page-header';
import { ListFooter, useClampPage } from '../../../shared/components/list-footer';
import { formatInt } from '../../../shared/ui/format';
import { promotionsListQuery, useAccountId, useCanWritePromotions } from '../api';
import { applyPromotionsFilter, hasPromotionsFilters, type PromotionsFilters, type PromotionsSearch } from '../search';
import { PromotionsFiltersBar } from './promotions-filters';
import { PromotionsTable } from './promotions-table';
import { PromotionLoadError } from './promotion-load-states';
import { usePromotionActions } from './use-promotion-actions';
import { t } from '../../../i18n';

interface Props {
  search: PromotionsSearch;
  /** Updates the URL's search from its latest value. */
  onSearchChange: (update: (prev: PromotionsSearch) => PromotionsSearch) => void;
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <Center py={48}>
      <Stack align="center" gap="xs">
        <ThemeIcon variant="light" color="gray" size={48} radius="xl">
          <IconTag size={26} />
        </ThemeIcon>
        <Text fw={600}>{t('promotions.empty')}</Text>
        <Text c="dimmed" size="sm">
          {t(filtered ? 'promotions.emptyFiltered' : 'promotions.emptyHint')}
        </Text>
      </Stack>
    </Center>
  );
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
  else if (list.data && list.data.data.length === 0) body = <EmptyState filtered={hasPromotionsFilters(search)} />;
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
      <Card withBorder padding={0} radius="md">
        {body}
        {!list.isError && (
          <ListFooter
            meta={meta}
            totalLabel={(total) => t('promotions.total', { total: formatInt(total) })}
            page={search.page}
            fetching={list.isFetching}
            onPage={setPage}
          />
        )}
      </Card>
      {actions.modal}
    </Stack>
  );
}
