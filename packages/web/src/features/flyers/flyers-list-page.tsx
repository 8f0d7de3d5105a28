import { Button, Card, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconNews, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { PageHeader } from '../../shared/components/page-header';
import { ListFooter, useClampPage } from '../../shared/components/list-footer';
import { formatInt } from '../../shared/ui/format';
import { flyersListQuery, storesQuery, useAccountId } from './api';
import { applyFlyersFilter, type FlyersFilters, type FlyersSearch } from './flyers-search';
import { FlyersFiltersBar } from './flyers-filters';
import { FlyersTable } from './flyers-table';
import { FlyerErrorBanner } from './flyer-load-states';
import { useFlyerActions } from './use-flyer-actions';
import { useCanEditFlyers } from './use-can-edit-flyers';
import { t } from '../../i18n';

interface Props {
  search: FlyersSearch;
  /** Updates the URL's search from its latest value. */
  onSearchChange: (update: (prev: FlyersSearch) => FlyersSearch) => void;
}

function EmptyState() {
  return (
    <Center py={48}>
      <Stack align="center" gap="xs">
        <ThemeIcon variant="light" color="gray" size={48} radius="xl">
          <IconNews size={26} />
        </ThemeIcon>
        <Text fw={600}>{t('flyers.empty')}</Text>
        <Text c="dimmed" size="sm">
          {t('flyers.emptyHint')}
        </Text>
      </Stack>
    </Center>
  );
}

/** Spec §2 flyer list: URL-kept filters and page, thumbnails, status badges and row actions. */
export function FlyersListPage({ search, onSearchChange }: Props) {
  const accountId = useAccountId();
  const canEdit = useCanEditFlyers();
  const list = useQuery(flyersListQuery(accountId, search));
  const stores = useQuery(storesQuery(accountId));
  const storeNames = useMemo(() => new Map((stores.data ?? []).map((s) => [s.id, s.name])), [stores.data]);
  const actions = useFlyerActions();

  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);

  const setFilter = (patch: Partial<FlyersFilters>) => onSearchChange((prev) => applyFlyersFilter(prev, patch));

  let body;
  if (list.isError)
    body = (
      <Stack p="md">
        <FlyerErrorBanner error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      </Stack>
    );
  else if (!list.data)
    body = (
      <Center py={48}>
        <Stack align="center" gap="xs">
          <Loader />
          <Text c="dimmed">{t('flyers.loading')}</Text>
        </Stack>
      </Center>
    );
  else if (list.data.data.length === 0) body = <EmptyState />;
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
      <Card withBorder padding={0} radius="md">
        {body}
        {!list.isError && (
          <ListFooter
            meta={meta}
            totalLabel={(total) => t('flyers.total', { total: formatInt(total) })}
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
