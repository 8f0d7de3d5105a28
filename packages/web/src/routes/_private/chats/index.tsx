import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { chatsListQuery } from '../../../features/chats/api';
import { ChatsListPage } from '../../../features/chats/chats-list-page';
import { CHATS_SEARCH_DEFAULTS, ChatsSearch, toChatsQuery } from '../../../features/chats/chats-search';

/** Spec §2 /chats: the inbox, its filters, sort and page in the URL. */
export const Route = createFileRoute('/_private/chats/')({
  validateSearch: ChatsSearch,
  search: { middlewares: [stripSearchParams(CHATS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state while the first page loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(chatsListQuery(context.session.account.id, toChatsQuery(deps))),
  component: function Chats() {
    const search = Route.useSearch();
    const navigate = useNavigate();
    const onNavigate = useCallback((update: (prev: ChatsSearch) => ChatsSearch) => void navigate({ to: '/chats', search: update(search) }), [navigate, search]);
    return <ChatsListPage search={search} onNavigate={onNavigate} />;
  },
});
