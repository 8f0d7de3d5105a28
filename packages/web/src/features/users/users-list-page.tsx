import { Button, Stack } from '@mantine/core';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { PageHeader } from '../../shared/components/page-header';
import { useClampPage } from '../../shared/components/list-footer';
import { ListCard } from '../../shared/components/list-card';
import { EmptyState } from '../../shared/components/empty-state';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { useSession } from '../../shared/session/session';
import { useAccountId, usersListQuery, useRemoveUser, useResendInvite, type AccountUser } from './api';
import { applyUsersFilter, type UsersFilters, type UsersSearch } from './users-search';
import { UsersFiltersBar } from './users-filters';
import { UsersTable } from './users-table';
import { useIsAccountAdmin } from './use-is-admin';
import { formatInt } from '../../shared/ui/format';
import { LoadError } from '../../shared/components/load-error';
import { t, tn } from '../../i18n';

interface Props {
  search: UsersSearch;
  /** Updates the URL's search from its latest value. */
  onSearchChange: (update: (prev: UsersSearch) => UsersSearch) => void;
}

/** Spec §2 "Users list": URL-kept filters and page, admin actions behind a confirmation. */
export function UsersListPage({ search, onSearchChange }: Props) {
  const accountId = useAccountId();
  const currentUserId = useSession()?.user.id ?? 0;
  const isAdmin = useIsAccountAdmin();
  const list = useQuery(usersListQuery(accountId, search));
  const resend = useResendInvite();
  const remove = useRemoveUser();
  const confirm = useConfirmModal();

  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);

  const setFilter = (patch: Partial<UsersFilters>) => onSearchChange((prev) => applyUsersFilter(prev, patch));

  const askResend = (user: AccountUser) =>
    confirm.open({
      title: t('users.resendConfirm.title'),
      message: t('users.resendConfirm.message', { email: user.email }),
      confirmLabel: t('users.resendConfirm.confirm'),
      onConfirm: () => resend.mutateAsync(user.id),
    });
  const askRemove = (user: AccountUser) =>
    confirm.open({
      title: t('users.removeConfirm.title'),
      message: t('users.removeConfirm.message', { name: user.name, email: user.email }),
      confirmLabel: t('users.removeConfirm.confirm'),
      confirmColor: 'red',
      onConfirm: () => remove.mutateAsync(user.id),
    });

  let body;
  if (list.isError) body = <LoadError m="md" title={t('users.loadError')} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else if (list.data && list.data.data.length === 0) body = <EmptyState icon={<IconUsers size={26} />} title={t('users.empty')} hint={t('users.emptyHint')} />;
  else body = <UsersTable users={list.data?.data} currentUserId={currentUserId} isAdmin={isAdmin} onResend={askResend} onRemove={askRemove} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('users.title')}
        description={t('users.subtitle')}
        actions={
          isAdmin && (
            <Button component={Link} to="/users/new" leftSection={<IconUserPlus size={18} />}>
              {t('users.invite')}
            </Button>
          )
        }
      />
      <UsersFiltersBar search={search} onChange={setFilter} />
      <ListCard
        failed={list.isError}
        meta={meta}
        totalLabel={(total) => tn('users.total', total, { total: formatInt(total) })}
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
