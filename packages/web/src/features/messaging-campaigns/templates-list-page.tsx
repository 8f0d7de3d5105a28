import { Button, Group, Select, Stack } from '@mantine/core';
import { IconMessage2, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { MESSAGING_TEMPLATE_STATUSES, type MessagingTemplateStatus } from '@backoffice/contracts';
import { PageHeader } from '../../shared/components/page-header';
import { useClampPage } from '../../shared/components/list-footer';
import { ListCard } from '../../shared/components/list-card';
import { EmptyState } from '../../shared/components/empty-state';
import { PageLoader } from '../../shared/components/page-loader';
import { SearchInput } from '../../shared/components/search-input';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { useIsAccountWriter } from '../../shared/account/queries';
import { formatInt } from '../../shared/ui/format';
import { useAccountId } from './api';
import { templatesListQuery, useDeleteTemplate, useTemplateRows, type TemplateRow, type TemplatesSearch } from './templates-api';
import { applyTemplatesFilter } from './templates-search';
import { TemplatesTable } from './templates-table';
import { MessagingErrorBanner } from './load-states';
import { t, tn } from '../../i18n';

interface Props {
  search: TemplatesSearch;
  onSearchChange: (update: (prev: TemplatesSearch) => TemplatesSearch) => void;
}

const isStatus = (v: string | null): v is MessagingTemplateStatus => (MESSAGING_TEMPLATE_STATUSES as readonly string[]).includes(v ?? '');

/** Spec §2 templates/list: the provider's approval of each template, and the spec §4 saving and deleting states. */
export function TemplatesListPage({ search, onSearchChange }: Props) {
  const accountId = useAccountId();
  const canEdit = useIsAccountWriter();
  const list = useQuery(templatesListQuery(accountId, search));
  const rows = useTemplateRows(list.data?.data, search.page === 1);
  const remove = useDeleteTemplate();
  const confirm = useConfirmModal();

  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);

  const askDelete = (row: TemplateRow) =>
    confirm.open({
      title: t('messagingCampaigns.templates.confirmDelete.title'),
      message: t('messagingCampaigns.templates.confirmDelete.message', { name: row.name }),
      confirmLabel: t('messagingCampaigns.templates.confirmDelete.confirm'),
      cancelLabel: t('common.back'),
      confirmColor: 'red',
      // Not awaited: the row shows as being deleted at once (spec §4).
      onConfirm: () => void remove.mutate(row.id),
    });

  let body;
  if (list.isError) body = <MessagingErrorBanner m="md" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else if (!rows) body = <PageLoader compact label={t('messagingCampaigns.loading')} />;
  else if (rows.length === 0) body = <EmptyState icon={<IconMessage2 size={26} />} title={t('messagingCampaigns.templates.empty')} hint={t('messagingCampaigns.templates.emptyHint')} />;
  else body = <TemplatesTable rows={rows} readOnly={!canEdit} onDelete={askDelete} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('messagingCampaigns.templates.title')}
        description={t('messagingCampaigns.templates.subtitle')}
        actions={
          canEdit && (
            <Button component={Link} to="/messaging-campaigns/templates/create" leftSection={<IconPlus size={18} />}>
              {t('messagingCampaigns.templates.create')}
            </Button>
          )
        }
      />
      <Group align="flex-end" gap="sm">
        <SearchInput
          label={t('messagingCampaigns.templates.filters.search')}
          placeholder={t('messagingCampaigns.templates.filters.searchPlaceholder')}
          type="search"
          value={search.search}
          onChange={(text) => onSearchChange((prev) => applyTemplatesFilter(prev, { search: text }))}
        />
        <Select
          label={t('messagingCampaigns.templates.filters.status')}
          placeholder={t('messagingCampaigns.templates.filters.statusPlaceholder')}
          data={MESSAGING_TEMPLATE_STATUSES.map((s) => ({ value: s, label: t(`messagingCampaigns.templateStatus.${s}`) }))}
          value={search.status ?? null}
          onChange={(status) => onSearchChange((prev) => applyTemplatesFilter(prev, { status: isStatus(status) ? status : undefined }))}
          clearable
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
      <ListCard
        failed={list.isError}
        meta={meta}
        totalLabel={(total) => tn('messagingCampaigns.templates.total', total, { total: formatInt(total) })}
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
