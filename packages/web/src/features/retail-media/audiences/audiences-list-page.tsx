import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EmptyState } from '../../../shared/components/empty-state';
import { ListCard } from '../../../shared/components/list-card';
import { LoadError } from '../../../shared/components/load-error';
import { useClampPage } from '../../../shared/components/list-footer';
import { PageHeader } from '../../../shared/components/page-header';
import { PageLoader } from '../../../shared/components/page-loader';
import { useSession } from '../../../shared/session/session';
import { formatInt } from '../../../shared/ui/format';
import { audiencesListQuery, useAccountId } from './api';
import { AudienceCard } from './audience-card';
import { AudiencesFiltersBar } from './audiences-filters';
import { applyAudiencesFilter, type AudiencesFilters, type AudiencesSearch } from './audiences-search';
import { audienceActions, useAudienceActions, useIsRmAdmin } from './use-audience-actions';
import { useCanWriteAudiences } from './use-can-write';
import { t, tn } from '../../../i18n';

interface Props {
  search: AudiencesSearch;
  onSearchChange: (update: (prev: AudiencesSearch) => AudiencesSearch) => void;
}

/** Spec §2 audiences: cards filtered by status (in the URL) and name, with the publisher's review actions. */
export function AudiencesListPage({ search, onSearchChange }: Props) {
  const accountId = useAccountId();
  const session = useSession();
  const isAdmin = useIsRmAdmin();
  const canWrite = useCanWriteAudiences();
  const list = useQuery(audiencesListQuery(accountId, search));
  const actions = useAudienceActions();
  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);
  const setFilter = (patch: Partial<AudiencesFilters>) => onSearchChange((prev) => applyAudiencesFilter(prev, patch));

  let body;
  if (list.isError)
    body = <LoadError m="md" inline testId="audiences-error" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} format={(message) => t('rmAudiences.loadError', { message })} />;
  else if (!list.data) body = <PageLoader compact label={t('rmAudiences.loading')} />;
  else if (list.data.data.length === 0)
    body = <EmptyState icon={<IconUsersGroup size={26} />} title={t('rmAudiences.empty')} hint={search.status || search.name ? t('rmAudiences.emptyFilteredHint') : t('rmAudiences.emptyHint')} />;
  else
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" p="md">
        {list.data.data.map((audience) => (
          <AudienceCard
            key={audience.id}
            audience={audience}
            actions={audienceActions(audience, isAdmin)}
            onAction={(action) => actions.run(audience, action)}
            showPublisher={audience.publisher.id !== session?.account.id}
          />
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('rmAudiences.title')}
        description={t('rmAudiences.subtitle')}
        actions={
          canWrite && (
            <Button leftSection={<IconPlus size={18} />} onClick={actions.create}>
              {t('rmAudiences.create')}
            </Button>
          )
        }
      />
      <AudiencesFiltersBar search={search} onChange={setFilter} />
      <ListCard failed={list.isError} meta={meta} totalLabel={(total) => tn('rmAudiences.total', total, { total: formatInt(total) })} page={search.page} fetching={list.isFetching} onPage={setPage}>
        {body}
      </ListCard>
      {actions.modals}
    </Stack>
  );
}
