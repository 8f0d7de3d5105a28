import { Button, Group, Stack } from '@mantine/core';
import { IconBrandWhatsapp, IconMessages } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { EmptyState } from '../../shared/components/empty-state';
import { ListCard } from '../../shared/components/list-card';
import { useClampPage } from '../../shared/components/list-footer';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { formatInt } from '../../shared/ui/format';
import { chatsListQuery, useAccountId, useUserId } from './api';
import { useChatLiveUpdates } from './chat-events';
import { ChatsFiltersBar } from './chats-filters';
import { applyChatsFilter, hasChatsFilters, toChatsQuery, type ChatsFilters, type ChatsSearch } from './chats-search';
import { ChatsTable } from './chats-table';
import { MyStatusSwitch } from './my-status-switch';
import { t, tn } from '../../i18n';

interface Props {
  search: ChatsSearch;
  onNavigate: (update: (prev: ChatsSearch) => ChatsSearch) => void;
}

/** Spec §2 /chats: the inbox, filtered and sorted from the URL, paged, live with the account's `whatsapp` events. */
export function ChatsListPage({ search, onNavigate }: Props) {
  const accountId = useAccountId();
  const userId = useUserId();
  const list = useQuery(chatsListQuery(accountId, toChatsQuery(search)));
  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onNavigate((prev) => ({ ...prev, page })), [onNavigate]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);
  const setFilter = (patch: Partial<ChatsFilters>) => onNavigate((prev) => applyChatsFilter(prev, patch));

  useChatLiveUpdates(accountId, (event) => {
    // A conversation handed to me, by the queue or a colleague, is worth a word wherever I am in the list.
    if (event.type !== 'chat.assigned' && event.type !== 'chat.transferred') return;
    const to = event.type === 'chat.assigned' ? event.attendant : event.to;
    if (to.user_id === userId)
      notifications.show({ id: `chat-assigned-${event.chat_id}`, color: 'teal', title: t('chats.list.assignedTitle'), message: t('chats.list.assignedToYou', { name: event.chat.customer.name }) });
  });

  let body;
  if (list.isError) body = <LoadError m="md" title={t('chats.list.loadError')} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} testId="chats-load-error" />;
  else if (!list.data) body = <PageLoader compact label={t('chats.list.loading')} />;
  else if (list.data.data.length === 0)
    body = <EmptyState icon={<IconMessages size={26} />} title={t('chats.list.empty')} hint={hasChatsFilters(search) ? t('chats.list.emptyFilteredHint') : t('chats.list.emptyHint')} />;
  else body = <ChatsTable chats={list.data.data} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('chats.list.title')}
        description={t('chats.list.subtitle')}
        actions={
          <Group gap="sm">
            <MyStatusSwitch />
            <Button variant="default" leftSection={<IconBrandWhatsapp size={18} />} renderRoot={(props) => <Link {...props} to="/chats/simulator" />}>
              {t('chats.simulator.open')}
            </Button>
          </Group>
        }
      />
      <ChatsFiltersBar search={search} onChange={setFilter} />
      <ListCard failed={list.isError} meta={meta} totalLabel={(total) => tn('chats.list.total', total, { total: formatInt(total) })} page={search.page} fetching={list.isFetching} onPage={setPage}>
        {body}
      </ListCard>
    </Stack>
  );
}
