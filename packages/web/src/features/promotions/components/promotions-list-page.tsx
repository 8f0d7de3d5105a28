import { Button, Card, Center, Group, Loader, Pagination, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlus, IconTag } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PageHeader } from '../../../shared/components/page-header';
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
  const lastPage = meta ? Math.max(meta.total_pages, 1) : 1;
  // A page past the end (its last promotion was deleted, an old link): go to the last one.
  useEffect(() => {
    if (meta && !list.isPlaceholderData && search.page > lastPage) onSearchChange((prev) => ({ ...prev, page: lastPage }));
  }, [meta, list.isPlaceholderData, search.page, lastPage, onSearchChange]);

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
        {meta && meta.total > 0 && !list.isError && (
          <Group justify="space-between" px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('promotions.total', { total: formatInt(meta.total) })}
              </Text>
              {list.isFetching && <Loader size="xs" aria-label={t('common.loading')} />}
            </Group>
            {lastPage > 1 && (
              <Pagination total={lastPage} value={Math.min(search.page, lastPage)} onChange={(page) => onSearchChange((prev) => ({ ...prev, page }))} size="sm" />
            )}
          </Group>
        )}
      </Card>
      {actions.modal}
    </Stack>
  );
}
