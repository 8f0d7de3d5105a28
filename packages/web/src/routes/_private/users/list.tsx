import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { UsersListPage } from '../../../features/users/users-list-page';
import { USERS_SEARCH_DEFAULTS, UsersSearch } from '../../../features/users/users-search';
import { usersListQuery } from '../../../features/users/api';

export const Route = createFileRoute('/_private/users/list')({
  validateSearch: UsersSearch,
  search: { middlewares: [stripSearchParams(USERS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its skeleton rows while the first page loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(usersListQuery(context.session.account.id, deps)),
  component: UsersList,
});

function UsersList() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: UsersSearch) => UsersSearch) => void navigate({ search: update }), [navigate]);
  return <UsersListPage search={search} onSearchChange={onSearchChange} />;
}
